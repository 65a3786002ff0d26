// snippet.hide
// DiffValue's article "Migrating from Combine" shows this file, the Combine code the article
// starts from: Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in Combine.
#if canImport(Combine)
  import Combine

  struct Filter: Equatable {
    var query = ""
    var showsArchived = false
    var scrollOffset = 0.0
  }

  // snippet.show
  final class SearchViewModel: ObservableObject {
    @Published var filter = Filter()
    @Published var results: [String] = []
    private var subscriptions = Set<AnyCancellable>()

    init() {
      // Every write publishes, a scroll offset too, so the pipeline filters them out again.
      $filter
        .removeDuplicates { $0.query == $1.query && $0.showsArchived == $1.showsArchived }
        .sink { [weak self] filter in self?.search(filter) }
        .store(in: &subscriptions)
    }

    func search(_ filter: Filter) {
      results = filter.query.isEmpty ? [] : ["\(filter.query) (archived: \(filter.showsArchived))"]
    }
  }
// snippet.hide
#endif

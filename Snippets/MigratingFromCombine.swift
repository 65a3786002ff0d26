// snippet.hide
// DiffValue's article "Migrating from Combine" shows this file; the preconditions keep its
// comments true.
import DiffValue

struct Filter: Equatable {
  var query = ""
  var showsArchived = false
  var scrollOffset = 0.0
}

// snippet.show
final class SearchViewModel {
  // Published only when the query or showsArchived changes; a scroll offset is stored quietly.
  @Diff(\.query, \.showsArchived) var filter = Filter()
  @Diff var results: [String] = []
  private var subscriptions = Set<AnyCancellable>()

  init() {
    $filter
      .sink { [weak self] filter in self?.search(filter) }
      .store(in: &subscriptions)
  }

  func search(_ filter: Filter) {
    results = filter.query.isEmpty ? [] : ["\(filter.query) (archived: \(filter.showsArchived))"]
  }
}

let model = SearchViewModel()
var searches = 0
let counting = model.$results.dropFirst().sink { _ in searches += 1 }
model.filter.query = "swift"  // one search
model.filter.scrollOffset = 120  // stored, published to nobody: no search
// snippet.hide
// A subscriber that reads the property sees the value it was sent (@Published's, the old one).
var readsMatched = true
let reading = model.$filter.sink { readsMatched = readsMatched && $0 == model.filter }
model.filter.showsArchived = true
precondition(readsMatched)
model.filter.showsArchived = false
_ = reading
precondition(searches == 3 && model.results == ["swift (archived: false)"])
precondition(model.filter.scrollOffset == 120)
_ = counting

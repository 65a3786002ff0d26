// snippet.hide
// README.md, "Testing time", and DiffValueTesting's "Testing time" show the tests below, under
// the model of Snippets/SearchModel.swift; the copy of the model here is kept equal to it.
// snippet.show
import DiffValue
import DiffValueTesting
import Dispatch
import Testing

// snippet.hide
private final class SearchModel {
  @Diff var query = ""
  private(set) var searches: [String] = []
  private var subscriptions = Set<AnyCancellable>()

  init(scheduler: AnySchedulerOf<DispatchQueue> = .main) {
    $query.filter { !$0.isEmpty }
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink { [weak self] in self?.searches.append($0) }
      .store(in: &subscriptions)
  }
}

// snippet.show
@Test func searchWaitsUntilTheTypingPauses() {
  let scheduler = DispatchQueue.test
  let model = SearchModel(scheduler: scheduler.eraseToAnyScheduler())
  model.query = "sw"
  scheduler.advance(by: .milliseconds(100))
  model.query = "swift"
  scheduler.advance(by: .milliseconds(299))
  #expect(model.searches.isEmpty)  // 299 ms of quiet: nothing yet
  scheduler.advance(by: .milliseconds(1))
  #expect(model.searches == ["swift"])  // 300 ms: one search, for the last query
}

@Test func searchRunsAtOnceOnAnImmediateScheduler() {
  let model = SearchModel(scheduler: .immediate)
  model.query = "swift"
  #expect(model.searches == ["swift"])
}

// snippet.hide
// README.md, "Testing time", and DiffValueTesting's "Testing time" show this file; the tests in
// Tests/DiffValueTestingTests/Scenarios/TestingTimeExampleTests.swift drive a copy of the model.
// snippet.show
import DiffValue
import Dispatch

final class SearchModel {
  @Diff var query = ""
  private(set) var searches: [String] = []
  private var subscriptions = Set<AnyCancellable>()

  // The app passes nothing and gets the main queue; a test passes the scheduler it drives.
  init(scheduler: AnySchedulerOf<DispatchQueue> = .main) {
    $query.filter { !$0.isEmpty }
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink { [weak self] in self?.searches.append($0) }
      .store(in: &subscriptions)
  }
}
// snippet.hide

let model = SearchModel(scheduler: .immediate)
model.query = "swift"
precondition(model.searches == ["swift"], "an immediate scheduler searches at once")

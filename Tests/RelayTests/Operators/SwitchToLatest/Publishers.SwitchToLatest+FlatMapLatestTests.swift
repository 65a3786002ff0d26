import Relay
import RelayTestSupport
import Testing

/// CombineExt's `FlatMapLatestTests`, ported: each new value cancels the inner publisher
/// before.
@Suite struct FlatMapLatestTests {
  @Test func onlyTheLatestInnerPublisherRuns() {
    let scheduler = VirtualTimeScheduler()
    let trigger = TestSubject<Void, Never>()
    var subscriptions = 0
    var cancellations = 0
    var values: [Int] = []
    var completed = false
    let cancellable = trigger.flatMapLatest { _ in
      scheduler.timerPublisher(every: .milliseconds(500)).autoconnect().scan(0) { count, _ in
        count + 1
      }.prefix(2).handleEvents(
        receiveSubscription: { _ in subscriptions += 1 }, receiveCancel: { cancellations += 1 })
    }.sink(receiveCompletion: { _ in completed = true }, receiveValue: { values.append($0) })
    for _ in 0..<4 { trigger.send(()) }
    scheduler.advance(by: .seconds(5))
    #expect(subscriptions == 4)
    #expect(cancellations == 3)
    #expect(values == [1, 2])
    #expect(!completed)
    trigger.send(completion: .finished)
    #expect(completed)
    _ = cancellable
  }

  @Test func theInnerFailureEndsIt() {
    let trigger = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    trigger.flatMapLatest { value in
      value < 0
        ? Fail(error: .oops).eraseToAnyPublisher()
        : Just(value * 10)
          .setFailureType(to: TestingError.self).eraseToAnyPublisher()
    }.subscribe(tracker)
    trigger.send(1)
    trigger.send(-1)
    trigger.send(2)
    #expect(Array(tracker.history.dropFirst()) == [.value(10), .failure(.oops)])
  }
}

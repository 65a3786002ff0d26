import Relay
import RelayTestSupport
import Testing

/// CombineExt's `FlatMapFirstTests`, ported, and what each subscription keeps to itself.
@Suite struct FlatMapFirstTests {
  @Test func oneValueOneInnerPublisher() {
    let scheduler = VirtualTimeScheduler()
    var innerSubscriptions = 0
    var innerCompletions = 0
    var finished = false
    let cancellable = Just("").delay(for: .seconds(1), scheduler: scheduler).flatMapFirst { _ in
      Just(1).delay(for: .seconds(1), scheduler: scheduler).handleEvents(
        receiveSubscription: { _ in innerSubscriptions += 1 },
        receiveCompletion: { _ in innerCompletions += 1 })
    }.sink(
      receiveCompletion: { if case .finished = $0 { finished = true } }, receiveValue: { _ in })
    scheduler.advance(by: .seconds(2))
    #expect(innerSubscriptions == 1)
    #expect(innerCompletions == 1)
    #expect(finished)
    _ = cancellable
  }

  @Test func anUpstreamFailureMakesNoInnerPublisher() {
    var innerSubscriptions = 0
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    Fail<String, TestingError>(error: .oops).flatMapFirst { _ in
      Just(1).setFailureType(to: TestingError.self).handleEvents(receiveSubscription: { _ in
        innerSubscriptions += 1
      })
    }.subscribe(tracker)
    #expect(innerSubscriptions == 0)
    #expect(Array(tracker.history.dropFirst()) == [.failure(.oops)])
  }

  /// A tick a second for 100 seconds, each inner publisher lasting 10: one in ten runs.
  @Test func valuesWhileAnInnerPublisherRunsAreDropped() {
    let scheduler = VirtualTimeScheduler()
    var innerSubscriptions = 0
    var innerCompletions = 0
    var finished = false
    let cancellable = scheduler.timerPublisher(every: .seconds(1)).autoconnect().prefix(100)
      .flatMapFirst { _ in
        Just(1).handleEvents(
          receiveSubscription: { _ in innerSubscriptions += 1 },
          receiveCompletion: { _ in innerCompletions += 1 }
        ).delay(for: .seconds(10), scheduler: scheduler)
      }.sink(
        receiveCompletion: { if case .finished = $0 { finished = true } }, receiveValue: { _ in })
    scheduler.advance(by: .seconds(110))
    #expect(innerSubscriptions == 10)
    #expect(innerCompletions == 10)
    #expect(finished)
    _ = cancellable
  }

  @Test func eachSubscriptionHasItsOwnRunningInnerPublisher() {
    let upstream = TestSubject<Int, Never>()
    let inners = (0..<3).map { _ in TestSubject<Int, Never>() }
    let sut = upstream.flatMapFirst { inners[$0] }
    let first = TrackingSubscriber<Int, Never>(demand: .unlimited)
    sut.subscribe(first)
    upstream.send(0)
    let second = TrackingSubscriber<Int, Never>(demand: .unlimited)
    sut.subscribe(second)
    upstream.send(1)
    inners[0].send(10)
    inners[1].send(11)
    inners[0].send(completion: .finished)
    upstream.send(2)
    inners[2].send(12)
    #expect(Array(first.history.dropFirst()) == [.value(10), .value(12)])
    #expect(Array(second.history.dropFirst()) == [.value(11)])
  }

  @Test func anInnerPublisherThatFinishedLetsTheNextValueThrough() {
    let upstream = TestSubject<Int, Never>()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    upstream.flatMapFirst { Just($0 * 10) }.subscribe(tracker)
    for value in 0...2 { upstream.send(value) }
    #expect(Array(tracker.history.dropFirst()) == [.value(0), .value(10), .value(20)])
  }
}

import Dispatch
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `FutureTests`, ported, and the promise from other threads.
@Suite struct FutureTests {
  typealias Sut = Future<Int, TestingError>

  /// A future whose promise the test keeps for later, and that promise.
  static func pendingFuture() -> (future: Sut, promise: Sut.Promise) {
    let promise = Locked<Sut.Promise?>(nil)
    let future = Sut { p in promise.withLock { $0 = p } }
    return (future, { result in promise.withLock { $0 }?(result) })
  }

  /// A pending future subscribed by a tracker that asks for everything: its promise and the
  /// tracker.
  static func subscribedFuture() -> (
    promise: Sut.Promise, tracker: TrackingSubscriber<Int, TestingError>
  ) {
    let (future, promise) = pendingFuture()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    future.subscribe(tracker)
    return (promise, tracker)
  }

  @Test func success() {
    let (promise, tracker) = Self.subscribedFuture()
    promise(.success(42))
    #expect(tracker.history == [.subscription("Future"), .value(42), .finished])
  }

  @Test func failure() {
    let (promise, tracker) = Self.subscribedFuture()
    promise(.failure(.oops))
    #expect(tracker.history == [.subscription("Future"), .failure(.oops)])
  }

  @Test func onlyTheFirstResultCounts() {
    let (promise, tracker) = Self.subscribedFuture()
    promise(.success(42))
    promise(.success(41))
    #expect(tracker.history == [.subscription("Future"), .value(42), .finished])
  }

  @Test func cancelledSubscriberReceivesNothing() {
    let (promise, tracker) = Self.subscribedFuture()
    let subscription = tracker.subscription
    subscription?.cancel()
    subscription?.cancel()
    subscription?.request(.max(1))
    promise(.success(42))
    #expect(tracker.history == [.subscription("Future")])
  }

  @Test func lateSubscribersReceiveTheResult() {
    let succeeded = Sut { $0(.success(42)) }
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    succeeded.subscribe(tracker)
    #expect(tracker.history == [.subscription("Future"), .value(42), .finished])

    // A failure needs no demand.
    let failed = Sut { $0(.failure(.oops)) }
    let other = TrackingSubscriber<Int, TestingError>()
    failed.subscribe(other)
    #expect(other.history == [.subscription("Future"), .failure(.oops)])
  }

  @Test func aValueWaitsForDemand() {
    let (future, promise) = Self.pendingFuture()
    let tracker = TrackingSubscriber<Int, TestingError>()
    future.subscribe(tracker)
    promise(.success(42))
    #expect(tracker.history == [.subscription("Future")])
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Future"), .value(42), .finished])
  }

  @Test func keepingThePromiseFromInsideTheSubscriberChangesNothing() {
    let (future, promise) = Self.pendingFuture()
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: {
        promise(.success($0 + 1))
        return .none
      },
      receiveCompletion: { _ in promise(.success(7)) })
    future.subscribe(tracker)
    promise(.success(0))
    #expect(tracker.history == [.subscription("Future"), .value(0), .finished])
  }

  @Test func runsItsClosureAtOnce() {
    var started = false
    _ = Sut { _ in started = true }
    #expect(started)
  }

  @Test(arguments: ["cancelled", "finished", "failed"])
  func releasesEverythingOnTermination(reason: String) {
    weak var weakSubscriber: TrackingSubscriber<Int, TestingError>?
    weak var weakFuture: Sut?
    do {
      let (future, promise) = Self.pendingFuture()
      weakFuture = future
      do {
        let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(1))
        weakSubscriber = tracker
        future.subscribe(tracker)
        switch reason {
        case "cancelled": tracker.cancel()
        case "finished": promise(.success(1))
        default: promise(.failure(.oops))
        }
      }
      #expect(weakSubscriber == nil)
    }
    #expect(weakFuture == nil)
  }

  @Test func promiseKeptOnAnotherThreadReachesEverySubscriberOnce() async {
    for _ in 0..<200 {
      let (future, promise) = Self.pendingFuture()
      let trackers = (0..<4).map { _ in TrackingSubscriber<Int, TestingError>(demand: .max(1)) }
      let group = DispatchGroup()
      group.enter()
      DispatchQueue.global().async {
        promise(.success(7))
        group.leave()
      }
      for tracker in trackers { future.subscribe(tracker) }
      #expect(group.wait(timeout: .now() + 10) == .success)
      for tracker in trackers {
        #expect(tracker.history == [.subscription("Future"), .value(7), .finished])
      }
    }
  }

  @Test func valueAwaitsThePromiseKeptOnAnotherThread() async throws {
    let (future, promise) = Self.pendingFuture()
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
      promise(.success(42))
    }
    let value = try await future.value
    #expect(value == 42)
    // Kept already: a second read answers at once, with the same value.
    let again = try await future.value
    #expect(again == 42)
  }

  @Test func valueThrowsTheFailure() async {
    let (future, promise) = Self.pendingFuture()
    promise(.failure(.oops))
    await #expect(throws: TestingError.oops) { try await future.value }
  }

  @Test func valueOfAFutureThatNeverFailsIsNotThrowing() async {
    let future = Future<String, Never> { promise in promise(.success("done")) }
    let value = await future.value
    #expect(value == "done")
  }
}

import Relay
import Testing

/// OpenCombine's `MapErrorTests`, `SetFailureTypeTests`, `ReplaceErrorTests` and the
/// `tryMap` cases of `MapTests`, ported.
@Suite struct ErrorOperatorTests {
  enum OtherError: Error, Equatable {
    case wrapped(TestingError)
  }

  @Test func mapErrorTransformsOnlyTheError() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) { $0.mapError { OtherError.wrapped($0) } }
    #expect(harness.subscription.history == [.requested(.max(2))])
    #expect(harness.publisher.send(1) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(1), .failure(.wrapped(.oops)),
      ])
    harness.tracker.cancel()
    #expect(harness.subscription.history == [.requested(.max(2)), .cancelled])
  }

  @Test func setFailureTypeRetypesAndFinishes() {
    let subject = TestSubject<Int, Never>()
    let tracker = Tracker<Int, TestingError>(demand: .unlimited)
    subject.setFailureType(to: TestingError.self).subscribe(tracker)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(tracker.history == [.subscription("PassthroughSubject"), .value(1), .finished])
    let twice = Just(1).setFailureType(to: TestingError.self).setFailureType(to: OtherError.self)
    var values: [Int] = []
    _ = twice.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    #expect(values == [1])
  }

  @Test func replaceErrorWithDemand() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .max(1)
    ) { $0.replaceError(with: 42) }
    #expect(harness.publisher.send(41) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [.subscription("ReplaceError"), .value(41), .value(42), .finished])
  }

  @Test func replaceErrorWithoutErrorFinishes() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.replaceError(with: 40) }
    #expect(harness.publisher.send(42) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(42), .finished])
  }

  @Test func replacementWaitsForDemand() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.replaceError(with: 42) }
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceError")])
    harness.downstreamSubscription?.request(.max(1))
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(42), .finished])
    #expect(harness.publisher.send(-1) == .none)
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(42), .finished])
  }

  @Test func replacementWaitsWhenDemandRanOut() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.replaceError(with: 42) }
    #expect(harness.publisher.send(9) == .none)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(9)])
    harness.downstreamSubscription?.request(.max(1))
    #expect(
      harness.tracker.history == [.subscription("ReplaceError"), .value(9), .value(42), .finished])
  }

  @Test func tryMapTransformsAndFailsOnAThrow() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(3), demandPerValue: .none
    ) {
      $0.tryMap { value in
        if value == 100 { throw TestingError.boom }
        return value * 2
      }
    }
    #expect(harness.tracker.history == [.subscription("TryMap")])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(100) == .none)
    #expect(harness.publisher.send(2) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [.subscription("TryMap"), .value(2), .failure(TestingError.boom)])
    #expect(harness.subscription.history == [.requested(.max(3)), .cancelled])
  }

  @Test func tryMapPassesTheUpstreamError() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.tryMap { $0 * 2 } }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("TryMap"), .failure(TestingError.oops)])
  }

  @Test func tryMapSecondSubscriptionIsCancelled() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.tryMap { $0 } }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}

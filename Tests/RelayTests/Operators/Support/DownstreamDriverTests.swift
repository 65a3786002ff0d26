import RelayTestSupport
import Testing

@testable import Relay

/// The driver every operator that several threads may feed delivers through, driven by hand:
/// a state that only records, a tracker downstream, and drainers kept in an array until a test
/// runs them.
@Suite struct DownstreamDriverTests {
  typealias Event = DownstreamEvent<Int, Never>

  /// A state that records the demand returned to it and answers with `calls`.
  struct RecordingState: DownstreamDriverState {
    var delivery = SerialDelivery<Event>()
    var returned: [Subscribers.Demand] = []
    var calls: UpstreamCalls?

    mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
      -> UpstreamCalls?
    {
      returned.append(more)
      return calls
    }
  }

  /// A driver of `tracker` whose drainers wait in `drainers`.
  final class Fixture {
    let tracker: TrackingSubscriber<Int, Never>
    var drainers: [ScheduledAction] = []
    private(set) var driver: DownstreamDriver<RecordingState, TrackingSubscriber<Int, Never>>!

    init(perValue: Subscribers.Demand = .none, onValue: @escaping (Int) -> Void = { _ in }) {
      tracker = TrackingSubscriber(receiveValue: {
        onValue($0)
        return perValue
      })
      driver = DownstreamDriver(downstream: tracker, state: RecordingState()) { [unowned self] in
        drainers.append($0)
      }
    }

    /// Submits `event` as `thread` would, and hands the answer to the driver.
    func submit(_ event: Event, from thread: ThreadIdentity = .current) {
      driver.perform(
        driver.state.withLock { $0.delivery.submit(event, from: thread) }, from: thread)
    }

    /// Runs the drainers placed so far, in order.
    func runDrainers() {
      while !drainers.isEmpty { drainers.removeFirst().run() }
    }
  }

  @Test func theSubmittingThreadDeliversAndTheDeliveryEnds() {
    let fixture = Fixture()
    fixture.submit(.value(1))
    fixture.submit(.completion(.finished))
    #expect(fixture.tracker.history == [.value(1), .finished])
    #expect(fixture.drainers.isEmpty)
    #expect(!fixture.driver.state.withLock { $0.delivery.isActive })
  }

  @Test func anotherThreadsEventsWaitForADrainerPlacedByTheOperator() {
    let fixture = Fixture()
    let elsewhere = ThreadIdentity.testing(7)
    // Another thread is the runner: what this thread submits waits.
    let first = fixture.driver.state.withLock { $0.delivery.submit(.value(1), from: elsewhere) }
    guard case .deliver = first else {
      Issue.record("the first event is not delivered by its thread")
      return
    }
    fixture.submit(.value(2))
    #expect(fixture.tracker.history == [])
    // The runner delivers its own event, then hands the other thread's to a drainer.
    fixture.driver.run(first.nextForTest, from: elsewhere)
    #expect(fixture.tracker.history == [.value(1)])
    #expect(fixture.drainers.count == 1)
    fixture.runDrainers()
    #expect(fixture.tracker.history == [.value(1), .value(2)])
    #expect(!fixture.driver.state.withLock { $0.delivery.isActive })
  }

  @Test func returnedDemandReachesTheStateAndItsCallsTheUpstreamsBeforeTheNextEvent() {
    let upstream = TestSubscription()
    var fixture: Fixture!
    fixture = Fixture(perValue: .max(2))
    fixture.driver.state.withLock { $0.calls = .request(upstream) }
    var historyAtRequest: [TrackingSubscriber<Int, Never>.Event] = []
    upstream.onRequest = { _ in historyAtRequest = fixture.tracker.history }
    fixture.submit(.value(1))
    #expect(fixture.driver.state.withLock { $0.returned } == [.max(2)])
    #expect(upstream.history == [.requested(.max(2))])
    #expect(historyAtRequest == [.value(1)])
  }

  @Test func noDemandReturnedAsksTheStateNothing() {
    let fixture = Fixture(perValue: .none)
    fixture.submit(.value(1))
    #expect(fixture.driver.state.withLock { $0.returned } == [])
  }

  /// A cancel made from inside the call to the upstream empties the delivery first: the event
  /// that waited behind the value is never delivered.
  @Test func aCancelFromTheUpstreamCallStopsWhatWaits() {
    var fixture: Fixture!
    let upstream = TestSubscription()
    fixture = Fixture(perValue: .max(1)) { value in
      // The runner queues its own next event from inside the delivery.
      if value == 1 { fixture.submit(.value(2)) }
    }
    upstream.onRequest = { _ in _ = fixture.driver.state.withLock { $0.delivery.removeAll() } }
    fixture.driver.state.withLock { $0.calls = .request(upstream) }
    fixture.submit(.value(1))
    #expect(fixture.tracker.history == [.value(1)])
    #expect(!fixture.driver.state.withLock { $0.delivery.isActive })
  }

  @Test func carryingOutEffectsCallsTheUpstreamsThenDelivers() {
    let fixture = Fixture()
    let cancelled = TestSubscription()
    let asked = TestSubscription()
    let thread = ThreadIdentity.current
    let effects = fixture.driver.state.withLock { state in
      var effects = OperatorEffects<Int, Never, Int>()
      effects.cancel = [cancelled]
      effects.requests = [(asked, .max(3))]
      effects.submit(.value(5), to: &state.delivery, from: thread)
      return effects
    }
    fixture.driver.carryOut(effects, from: thread)
    #expect(cancelled.history == [.cancelled])
    #expect(asked.history == [.requested(.max(3))])
    #expect(fixture.tracker.history == [.value(5)])
  }

  @Test func cancellingDropsWhatWaitsAndCancelsTheUpstream() {
    let fixture = Fixture()
    let upstream = TestSubscription()
    let elsewhere = ThreadIdentity.testing(7)
    _ = fixture.driver.state.withLock { $0.delivery.submit(.value(1), from: elsewhere) }
    fixture.submit(.value(2))
    var ended = false
    fixture.driver.cancel { state -> ((any Subscription)?, Int) in
      ended = true
      return (upstream, 0)
    }
    #expect(ended)
    #expect(upstream.history == [.cancelled])
    // The runner on the other thread finds nothing more to deliver.
    #expect(fixture.driver.state.withLock { $0.delivery.next(from: elsewhere) }.isStop)
    #expect(fixture.tracker.history == [])
  }

  @Test func upstreamCallsMakeWhatTheySay() {
    let a = TestSubscription()
    let b = TestSubscription()
    UpstreamCalls.request(a).make(asking: .max(2))
    UpstreamCalls.requestEach([a, b]).make(asking: .max(1))
    UpstreamCalls.calls(cancel: [b], requests: [(a, .unlimited)], released: ()).make(
      asking: .max(9))
    #expect(a.history == [.requested(.max(2)), .requested(.max(1)), .requested(.unlimited)])
    #expect(b.history == [.requested(.max(1)), .cancelled])
  }

  @Test func effectsWithNothingToCallOrReleaseAreNoCalls() {
    var effects = OperatorEffects<Int, Never, Int>()
    #expect(effects.upstreamCalls == nil)
    effects.released = [1]
    #expect(effects.upstreamCalls != nil)
  }
}

extension SerialDelivery.Next {
  fileprivate var isStop: Bool {
    guard case .stop = self else { return false }
    return true
  }
}

extension SerialDelivery.Submission {
  /// The runner's first step for a submission it delivers itself.
  fileprivate var nextForTest: SerialDelivery.Next {
    guard case .deliver(let event) = self else { return .stop }
    return .deliver(event)
  }
}

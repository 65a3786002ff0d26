import Relay
import TestSupport
import Testing

/// `BacklogPolicy`: what a relay keeps of the values other threads send while a round is
/// under way.
@Suite struct BacklogPolicyTests {
  @Test(.timeLimit(.minutes(1)))
  func keepingTheNewestValueConflatesWhatOtherThreadsSentDuringARound() {
    let relay = CurrentValueRelay(0, backlog: .keepingNewest(1))
    let blocked = BlockedSink(on: relay) { relay.send(1) }
    for value in 2...100 { relay.send(value) }  // each returns at once
    #expect(relay.value == 100)
    blocked.release()
    #expect(eventually { blocked.received.withLock { $0 } == [0, 1, 100] })
    _ = blocked
  }

  /// Values a subscriber sends from inside its call are its deliverer's own work, kept
  /// whatever the limit, also when the deliverer is the relay's drainer.
  @Test(.timeLimit(.minutes(1)))
  func whatASubscriberSendsWhileTheDrainerCallsItIsNeverDropped() {
    let relay = PassthroughRelay<Int>(backlog: .keepingNewest(1))
    let echoes = relay.sink { value in
      if value == 2 {
        relay.send(30)
        relay.send(40)
      }
    }
    let blocked = BlockedSink(on: relay) { relay.send(1) }
    relay.send(2)  // behind another thread's round: the drainer delivers it
    blocked.release()
    #expect(eventually { blocked.received.withLock { $0.last } == 40 })
    #expect(blocked.received.withLock { $0 } == [1, 2, 30, 40])
    _ = (echoes, blocked)
  }

  @Test(.timeLimit(.minutes(1)))
  func anUnboundedBacklogDeliversEveryValueInOrder() {
    let relay = PassthroughRelay<Int>()
    let blocked = BlockedSink(on: relay) { relay.send(1) }
    for value in 2...10_000 { relay.send(value) }
    blocked.release()
    #expect(eventually { blocked.received.withLock { $0 }.count == 10_000 })
    #expect(blocked.received.withLock { $0 } == Array(1...10_000))
    _ = blocked
  }
}

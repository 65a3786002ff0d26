import Testing

@testable import Relay

/// `switchToLatest`'s rules, driven by hand without locks or threads.
@Suite struct SwitchToLatestStateMachineTests {
  let here = ThreadIdentity.testing(1)

  @Test func ignoresReplacedChildren() {
    var machine = SwitchToLatestStateMachine<Int, TestingError>()
    #expect(machine.upstreamSubscribed(TestSubscription()) == .unlimited)
    _ = machine.request(.max(5))
    let first = machine.switchChild()
    #expect(first.index == 1)
    let child1 = TestSubscription()
    #expect(machine.childSubscribed(child1, at: 1) == .max(5))
    let second = machine.switchChild()
    #expect(second.cancel as? TestSubscription === child1)
    #expect(machine.receive(1, from: 1, on: here).isEmpty)
    #expect(machine.childSubscribed(TestSubscription(), at: 2) == .max(5))
    #expect(Described.event(machine.receive(2, from: 2, on: here).deliver) == "value(2)")
  }
}

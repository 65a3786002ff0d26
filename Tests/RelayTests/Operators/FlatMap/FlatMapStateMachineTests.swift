import Testing

@testable import Relay

/// `flatMap`'s rules, driven by hand without locks or threads.
@Suite struct FlatMapStateMachineTests {
  typealias Machine = FlatMapStateMachine<Int, TestingError>

  let here = ThreadIdentity.testing(1)

  @Test func asksForOneMorePublisherWhenAChildFinishes() {
    var machine = Machine(maxPublishers: .max(1))
    let upstream = TestSubscription()
    #expect(machine.upstreamSubscribed(upstream) == .max(1))
    let index = machine.makeChild()!
    #expect(machine.childSubscribed(TestSubscription(), at: index) == .max(1))
    let effects = machine.childCompleted(at: index, with: .finished, from: here)
    #expect(effects.requests.count == 1)
    #expect(effects.requests.first?.0 as? TestSubscription === upstream)
    #expect(effects.requests.first?.1 == .max(1))
  }

  @Test func valuesWithoutDemandWaitInArrivalOrder() {
    var machine = Machine(maxPublishers: .unlimited)
    _ = machine.upstreamSubscribed(TestSubscription())
    let first = machine.makeChild()!
    let second = machine.makeChild()!
    _ = machine.childSubscribed(TestSubscription(), at: first)
    _ = machine.childSubscribed(TestSubscription(), at: second)
    #expect(machine.receive(1, from: second, on: here).1 == .none)
    #expect(machine.receive(2, from: first, on: here).1 == .none)
    let effects = machine.request(.max(2), from: here)
    #expect(Described.event(effects.deliver) == "value(1)")
    #expect(effects.requests.count == 2)
    #expect(Described.next(machine.delivery.next(from: here)) == "value(2)")
    #expect(Described.next(machine.delivery.next(from: here)) == "stop")
  }
}

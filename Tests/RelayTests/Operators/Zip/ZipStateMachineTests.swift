import Testing

@testable import Relay

/// `zip`'s rules, driven by hand without locks or threads.
@Suite struct ZipStateMachineTests {
  typealias Machine = ZipStateMachine<ZipQueues2<Int, Int>, TestingError>

  let here = ThreadIdentity.testing(1)

  static func subscribed(_ machine: inout Machine, _ a: TestSubscription, _ b: TestSubscription) {
    _ = machine.subscribed(a, at: 0)
    _ = machine.subscribed(b, at: 1)
  }

  @Test func finishesAsSoonAsNoTupleCanBeMade() {
    let b = TestSubscription()
    var machine = Machine()
    Self.subscribed(&machine, TestSubscription(), b)
    _ = machine.request(.unlimited, from: here)
    _ = machine.receive(at: 0, from: here) { $0.a.append(1) }
    _ = machine.receive(at: 0, from: here) { $0.a.append(2) }
    // The first upstream finished with a value waiting: a tuple can still be made.
    let completed = machine.complete(at: 0, with: .finished, from: here)
    #expect(completed.deliver == nil)
    let effects = machine.receive(at: 1, from: here) { $0.b.append(10) }
    guard case .value(let tuple)? = effects.deliver else {
      Issue.record("no tuple")
      return
    }
    #expect(tuple == (1, 10))
    #expect(!machine.isTerminated)
    #expect(Described.next(machine.delivery.next(from: here)) == "stop")
    let last = machine.receive(at: 1, from: here) { $0.b.append(20) }
    #expect(last.cancel.first as? TestSubscription === b)
    #expect(machine.isTerminated)
  }

  @Test func makesTuplesOnlyAgainstDemandAndPassesRequestsToEveryUpstream() {
    let (a, b) = (TestSubscription(), TestSubscription())
    var machine = Machine()
    Self.subscribed(&machine, a, b)
    _ = machine.receive(at: 0, from: here) { $0.a.append(1) }
    _ = machine.receive(at: 1, from: here) { $0.b.append(2) }
    let asked = machine.request(.max(1), from: here)
    #expect(asked.requests.count == 2)
    #expect(Described.event(asked.deliver) == "value((1, 2))")
    #expect(machine.subscribed(TestSubscription(), at: 0) == nil)
  }

  /// An upstream always one value ahead of the other keeps one value waiting, in storage for
  /// a few, however many values pass.
  @Test func anUpstreamAheadOfTheOtherKeepsBoundedStorage() {
    var machine = Machine()
    Self.subscribed(&machine, TestSubscription(), TestSubscription())
    _ = machine.request(.unlimited, from: here)
    _ = machine.receive(at: 0, from: here) { $0.a.append(0) }
    for value in 1...100_000 {
      _ = machine.receive(at: 0, from: here) { $0.a.append(value) }
      _ = machine.receive(at: 1, from: here) { $0.b.append(value) }
      while case .deliver = machine.delivery.next(from: here) {}
    }
    #expect(machine.slots.a.count == 1)
    #expect(machine.slots.a.capacity <= 4)
  }

  @Test func cancelHandsBackWhatWaits() {
    var machine = Machine()
    Self.subscribed(&machine, TestSubscription(), TestSubscription())
    _ = machine.receive(at: 0, from: here) { $0.a.append(1) }
    let (cancel, released) = machine.cancel()
    #expect(cancel.count == 2)
    #expect(Array(released.1.a) == [1])
    #expect(machine.slots.a.isEmpty)
    #expect(machine.cancel().cancel.isEmpty)
  }
}

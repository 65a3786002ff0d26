import Testing

@testable import Relay

/// `combineLatest`'s rules, driven by hand without locks or threads.
@Suite struct CombineLatestStateMachineTests {
  typealias Machine = CombineLatestStateMachine<LatestValues2<Int, String>, TestingError>

  let here = ThreadIdentity.testing(1)
  let elsewhere = ThreadIdentity.testing(2)

  @Test func makesTuplesOnlyAgainstDemandOnceEverySlotHasAValue() {
    var machine = Machine()
    let handOver = UnsafeMutablePointer<(Int, String)>.allocate(capacity: 1)
    defer { handOver.deallocate() }
    #expect(machine.subscribed(TestSubscription(), at: 0) == Subscribers.Demand.none)
    #expect(machine.subscribed(TestSubscription(), at: 0) == nil)
    #expect(machine.subscribed(TestSubscription(), at: 1) == Subscribers.Demand.none)
    #expect(machine.request(.max(1)).count == 2)
    #expect(!machine.receive(at: 0, from: here, into: handOver) { $0.a = 1 })
    #expect(machine.receive(at: 1, from: here, into: handOver) { $0.b = "x" })
    #expect(handOver.move() == (1, "x"))
    // This thread runs the delivery: a tuple another thread makes waits behind it.
    #expect(machine.request(.max(2)).count == 2)
    #expect(!machine.receive(at: 0, from: elsewhere, into: handOver) { $0.a = 2 })
    #expect(Described.next(machine.delivery.next(from: here)) == "schedule")
    #expect(Described.next(machine.delivery.drainerStarts(on: elsewhere)) == "value((2, \"x\"))")
    #expect(Described.next(machine.delivery.next(from: elsewhere)) == "stop")
    #expect(machine.receive(at: 0, from: here, into: handOver) { $0.a = 3 })
    #expect(handOver.move() == (3, "x"))
    #expect(Described.next(machine.delivery.next(from: here)) == "stop")
    // No demand left: the value only replaces the slot.
    #expect(!machine.receive(at: 1, from: here, into: handOver) { $0.b = "y" })
    #expect(machine.slots.takeTuple() == (3, "y"))
  }

  @Test func finishesWhenEveryUpstreamFinishedAndFailsAtOnce() {
    let (a, b) = (TestSubscription(), TestSubscription())
    var machine = Machine()
    _ = machine.subscribed(a, at: 0)
    _ = machine.subscribed(b, at: 1)
    let first = machine.complete(at: 0, with: .finished, from: here)
    #expect(first.deliver == nil && first.cancel.isEmpty)
    let second = machine.complete(at: 1, with: .finished, from: here)
    #expect(Described.event(second.deliver) == "finished")

    var failing = Machine()
    _ = failing.subscribed(a, at: 0)
    _ = failing.subscribed(b, at: 1)
    let failed = failing.complete(at: 0, with: .failure(.oops), from: here)
    #expect(Described.event(failed.deliver) == "failure(oops)")
    #expect(failed.cancel.count == 1)
    #expect(failed.cancel.first as? TestSubscription === b)
    let unused = UnsafeMutablePointer<(Int, String)>.allocate(capacity: 1)
    defer { unused.deallocate() }
    #expect(!failing.receive(at: 1, from: here, into: unused) { $0.b = "late" })
  }

  @Test func cancelHandsBackEverything() {
    var machine = Machine()
    _ = machine.subscribed(TestSubscription(), at: 0)
    _ = machine.request(.unlimited)
    let unused = UnsafeMutablePointer<(Int, String)>.allocate(capacity: 1)
    defer { unused.deallocate() }
    _ = machine.receive(at: 0, from: here, into: unused) { $0.a = 1 }
    let (cancel, released) = machine.cancel()
    #expect(cancel.count == 1)
    #expect(released.1.a == 1)
    #expect(machine.slots.a == nil)
    #expect(machine.cancel().cancel.isEmpty)
    #expect(machine.request(.max(1)).isEmpty)
  }
}

@Suite struct CombineLatestStorageTests {
  @Test func aSingleThreadNeverQueues() {
    let a = CurrentValueRelay(1)
    let b = CurrentValueRelay(2)
    var received = 0
    let sink = Subscribers.Sink<(Int, Int), Never>(
      receiveCompletion: { _ in }, receiveValue: { received += $0.0 + $0.1 })
    let storage = CombineLatestStorage<
      LatestValues2<Int, Int>, Subscribers.Sink<(Int, Int), Never>
    >(
      downstream: sink)
    storage.start(a, b)
    for value in 0..<100 { a.send(value) }
    #expect(received == 3 + (0..<100).reduce(0) { $0 + $1 + 2 })
    let (active, waiting) = storage.state.withLock {
      ($0.delivery.isActive, $0.delivery.waiting.count)
    }
    #expect(!active)
    #expect(waiting == 0)
  }
}

import Foundation
import Testing

@testable import Relay

/// The operators' state machines and the outbox, driven by hand, without locks or threads:
/// each step's answer is what the storage would do once its lock is released.
@Suite struct StateMachineTests {
  typealias Event = Outbox<Int, TestingError>.Event

  static func describe(_ event: Event?) -> String {
    switch event {
    case .value(let value)?: "value(\(value))"
    case .completion(.finished)?: "finished"
    case .completion(.failure(let error))?: "failure(\(error))"
    case nil: "nil"
    }
  }

  static func describe(_ step: Outbox<Int, TestingError>.Step) -> String {
    switch step {
    case .deliver(let event): describe(event)
    case .handOff: "handOff"
    case .idle: "idle"
    }
  }

  /// A fan-in machine whose two upstreams `a` and `b` subscribed.
  static func subscribed<Machine: FanInStateMachine>(
    _ machine: inout Machine, _ a: TestSubscription, _ b: TestSubscription
  ) {
    _ = machine.subscribed(a, at: 0)
    _ = machine.subscribed(b, at: 1)
  }

  @Test func outboxHandsTheTokenToOneThreadAndKeepsTheOrder() {
    var outbox = Outbox<Int, TestingError>()
    var steps: [String] = []
    steps.append(Self.describe(outbox.deliverOrQueue(.value(1))))
    #expect(outbox.isDelivering)
    steps.append(Self.describe(outbox.deliverOrQueue(.value(2))))
    steps.append(Self.describe(outbox.deliverOrQueue(.completion(.finished))))
    #expect(outbox.count == 2)
    steps.append(Self.describe(outbox.step()))
    steps.append(Self.describe(outbox.step()))
    steps.append(Self.describe(outbox.step()))
    #expect(steps == ["value(1)", "nil", "nil", "value(2)", "finished", "idle"])
    #expect(!outbox.isDelivering)
    let taken = outbox.deliverOrQueue(.value(3))
    #expect(Self.describe(taken) == "value(3)")
    _ = outbox.deliverOrQueue(.value(4))
    let removed = outbox.removeAll()
    #expect(removed.count == 1)
    let after = outbox.step()
    #expect(Self.describe(after) == "idle")
    #expect(!outbox.isDelivering)
  }

  /// A thread delivers what it caused itself; another thread's event goes to the drainer,
  /// which then delivers everything, in order.
  @Test func outboxHandsOtherThreadsEventsToTheDrainer() {
    final class Box: @unchecked Sendable {
      // Touched by one thread at a time: the other thread's block is awaited.
      var outbox = Outbox<Int, TestingError>()
    }
    let box = Box()
    _ = box.outbox.deliverOrQueue(.value(1))
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = box.outbox.deliverOrQueue(.value(2))
      done.signal()
    }
    done.wait()
    _ = box.outbox.deliverOrQueue(.value(3))  // sent from inside the delivery: the holder's own
    #expect(box.outbox.count == 2)
    #expect(Self.describe(box.outbox.step()) == "handOff")
    #expect(box.outbox.isDelivering)
    #expect(box.outbox.deliverOrQueue(.value(4)) == nil)
    var steps = [Self.describe(box.outbox.drainerStarts())]
    for _ in 0..<3 { steps.append(Self.describe(box.outbox.step())) }
    #expect(steps == ["value(2)", "value(3)", "value(4)", "idle"])
    #expect(!box.outbox.isDelivering)
  }

  typealias Latest = CombineLatestStateMachine<CombineLatestSlots2<Int, String>, TestingError>

  @Test func combineLatestMakesTuplesOnlyAgainstDemandOnceEverySlotHasAValue() {
    var machine = Latest()
    let handOver = UnsafeMutablePointer<(Int, String)>.allocate(capacity: 1)
    defer { handOver.deallocate() }
    let a = TestSubscription()
    let b = TestSubscription()
    let firstDemand = machine.subscribed(a, at: 0)
    #expect(firstDemand == Subscribers.Demand.none)
    let second = machine.subscribed(TestSubscription(), at: 0)
    #expect(second == nil)
    let otherDemand = machine.subscribed(b, at: 1)
    #expect(otherDemand == Subscribers.Demand.none)
    let forward = machine.request(.max(1))
    #expect(forward.count == 2)
    let early = machine.receive(at: 0, into: handOver) { $0.a.latest = 1 }
    #expect(!early)
    let delivers = machine.receive(at: 1, into: handOver) { $0.b.latest = "x" }
    #expect(delivers)
    #expect(handOver.move() == (1, "x"))
    // The token is held: a new demand lets the next tuple wait behind the delivery.
    let more = machine.request(.max(1))
    #expect(more.count == 2)
    _ = machine.outbox.step()
    #expect(!machine.outbox.isDelivering)
    let next = machine.receive(at: 0, into: handOver) { $0.a.latest = 2 }
    #expect(next)
    #expect(handOver.move() == (2, "x"))
    _ = machine.outbox.step()
    // No demand left: the value only replaces the slot.
    let dropped = machine.receive(at: 1, into: handOver) { $0.b.latest = "y" }
    #expect(!dropped)
    #expect(machine.slots.combined! == (2, "y"))
  }

  @Test func combineLatestFinishesWhenEveryUpstreamFinishedAndFailsAtOnce() {
    let (a, b) = (TestSubscription(), TestSubscription())
    var machine = Latest()
    Self.subscribed(&machine, a, b)
    var completed = machine.complete(at: 0, with: .finished)
    #expect(completed.deliver == nil)
    #expect(completed.cancel.isEmpty)
    completed = machine.complete(at: 1, with: .finished)
    #expect(Self.describeCompletion(completed.deliver) == "finished")

    var failing = Latest()
    Self.subscribed(&failing, a, b)
    let failed = failing.complete(at: 0, with: .failure(.oops))
    #expect(Self.describeCompletion(failed.deliver) == "failure(oops)")
    #expect(failed.cancel.count == 1)
    #expect(failed.cancel.first as? TestSubscription === b)
    let unused = UnsafeMutablePointer<(Int, String)>.allocate(capacity: 1)
    defer { unused.deallocate() }
    let late = failing.receive(at: 1, into: unused) { $0.b.latest = "late" }
    #expect(!late)
  }

  static func describeCompletion<T>(_ event: Outbox<T, TestingError>.Event?) -> String {
    switch event {
    case .completion(.finished)?: "finished"
    case .completion(.failure(let error))?: "failure(\(error))"
    case .value?: "value"
    case nil: "nil"
    }
  }

  @Test func combineLatestCancelHandsBackEverything() {
    var machine = Latest()
    _ = machine.subscribed(TestSubscription(), at: 0)
    _ = machine.request(.unlimited)
    let unused = UnsafeMutablePointer<(Int, String)>.allocate(capacity: 1)
    defer { unused.deallocate() }
    _ = machine.receive(at: 0, into: unused) { $0.a.latest = 1 }
    let (cancel, released) = machine.cancel()
    #expect(cancel.count == 1)
    #expect(released.1.a.latest == 1)
    #expect(machine.slots.a.latest == nil)
    let again = machine.cancel()
    #expect(again.cancel.isEmpty)
    let afterCancel = machine.request(.max(1))
    #expect(afterCancel.isEmpty)
  }

  @Test func mergeKeepsOneWaitingValuePerUpstreamAndDrainsThemInOrder() {
    var machine = MergeStateMachine<Int, TestingError>(count: 2)
    let a = TestSubscription()
    let b = TestSubscription()
    let demandA = machine.subscribed(a, at: 0)
    let demandB = machine.subscribed(b, at: 1)
    #expect(demandA == .max(1))
    #expect(demandB == .max(1))
    let one = machine.receive(1, at: 1)
    #expect(one.demand == .none)
    let two = machine.receive(2, at: 0)
    #expect(two.replaced == nil)
    let three = machine.receive(3, at: 0)
    #expect(three.replaced == 2)
    let effects = machine.request(.max(2))
    #expect(Self.describe(effects.deliver) == "value(3)")
    #expect(effects.requests.map { $0.0 as? TestSubscription }.map { $0 === a } == [true, false])
    #expect(effects.requests.map(\.1) == [.max(1), .max(1)])
    #expect(Self.describe(machine.outbox.step()) == "value(1)")
    let unlimited = machine.request(.unlimited)
    #expect(unlimited.requests.map(\.1) == [.unlimited, .unlimited])
  }

  @Test func mergeFinishWaitsForWaitingValues() {
    var machine = MergeStateMachine<Int, TestingError>(count: 1)
    _ = machine.subscribed(TestSubscription(), at: 0)
    _ = machine.receive(7, at: 0)
    let completed = machine.complete(at: 0, with: .finished)
    #expect(completed.deliver == nil)
    let effects = machine.request(.max(1))
    #expect(Self.describe(effects.deliver) == "value(7)")
    #expect(Self.describe(machine.outbox.step()) == "finished")
  }

  typealias Zipping = ZipStateMachine<ZipSlots2<Int, Int>, TestingError>

  @Test func zipFinishesAsSoonAsNoTupleCanBeMade() {
    let b = TestSubscription()
    var machine = Zipping()
    Self.subscribed(&machine, TestSubscription(), b)
    _ = machine.request(.unlimited)
    _ = machine.receive(at: 0) { $0.a.append(1) }
    _ = machine.receive(at: 0) { $0.a.append(2) }
    // The first upstream finished with a value waiting: a tuple can still be made.
    let completed = machine.complete(at: 0, with: .finished)
    #expect(completed.deliver == nil)
    let effects = machine.receive(at: 1) { $0.b.append(10) }
    guard case .value(let tuple)? = effects.deliver else {
      Issue.record("no tuple")
      return
    }
    #expect(tuple == (1, 10))
    #expect(machine.isTerminated == false)
    _ = machine.outbox.step()
    let last = machine.receive(at: 1) { $0.b.append(20) }
    #expect(last.cancel.first as? TestSubscription === b)
    #expect(machine.isTerminated)
  }

  @Test func switchToLatestIgnoresReplacedChildren() {
    var machine = SwitchToLatestStateMachine<Int, TestingError>()
    let upstreamDemand = machine.upstreamSubscribed(TestSubscription())
    #expect(upstreamDemand == .unlimited)
    _ = machine.request(.max(5))
    let first = machine.switchChild()
    #expect(first.index == 1)
    let child1 = TestSubscription()
    let firstDemand = machine.childSubscribed(child1, at: 1)
    #expect(firstDemand == .max(5))
    let second = machine.switchChild()
    #expect(second.cancel as? TestSubscription === child1)
    let stale = machine.receive(1, from: 1)
    #expect(stale == nil)
    let secondDemand = machine.childSubscribed(TestSubscription(), at: 2)
    #expect(secondDemand == .max(5))
    let current = machine.receive(2, from: 2)
    #expect(Self.describe(current) == "value(2)")
  }

  @Test func flatMapAsksForOneMorePublisherWhenAChildFinishes() {
    var machine = FlatMapStateMachine<Int, TestingError>(maxPublishers: .max(1))
    let upstream = TestSubscription()
    let upstreamDemand = machine.upstreamSubscribed(upstream)
    #expect(upstreamDemand == .max(1))
    let index = machine.makeChild()!
    let childDemand = machine.childSubscribed(TestSubscription(), at: index)
    #expect(childDemand == .max(1))
    let effects = machine.childCompleted(at: index, with: .finished)
    #expect(effects.requests.count == 1)
    #expect(effects.requests.first?.0 as? TestSubscription === upstream)
    #expect(effects.requests.first?.1 == .max(1))
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
      CombineLatestSlots2<Int, Int>, Subscribers.Sink<(Int, Int), Never>
    >(
      downstream: sink)
    sink.receive(subscription: storage)
    a.subscribe(storage.child(at: 0) { $0.a.store(&$1) })
    b.subscribe(storage.child(at: 1) { $0.b.store(&$1) })
    for value in 0..<100 { a.send(value) }
    #expect(received == 3 + (0..<100).reduce(0) { $0 + $1 + 2 })
    let (delivering, waiting) = storage.state.withLock { ($0.outbox.isDelivering, $0.outbox.count) }
    #expect(!delivering)
    #expect(waiting == 0)
  }
}

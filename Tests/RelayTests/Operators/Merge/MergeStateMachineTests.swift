import Foundation
import Testing

@testable import Relay

/// `merge`'s rules, driven by hand without locks or threads: each answer is what the storage
/// would do once its lock is released.
@Suite struct MergeStateMachineTests {
  typealias Machine = MergeStateMachine<Int, TestingError>

  let here = ThreadIdentity.testing(1)
  let elsewhere = ThreadIdentity.testing(2)
  let drainer = ThreadIdentity.testing(3)

  @Test func keepsOneWaitingValuePerUpstreamAndDrainsThemInOrder() {
    var machine = Machine(count: 2)
    let a = TestSubscription()
    let b = TestSubscription()
    #expect(machine.subscribed(a, at: 0) == .max(1))
    #expect(machine.subscribed(b, at: 1) == .max(1))
    #expect(machine.subscribed(TestSubscription(), at: 1) == nil)
    let one = machine.receive(1, at: 1, from: here)
    #expect(one.demand == .none)
    let two = machine.receive(2, at: 0, from: here)
    #expect(two.replaced == nil)
    let three = machine.receive(3, at: 0, from: here)
    #expect(three.replaced == 2)
    let effects = machine.request(.max(2), from: here)
    #expect(Described.event(effects.deliver) == "value(3)")
    #expect(effects.requests.map { $0.0 as? TestSubscription }.map { $0 === a } == [true, false])
    #expect(effects.requests.map(\.1) == [.max(1), .max(1)])
    #expect(Described.next(machine.delivery.next(from: here)) == "value(1)")
    #expect(Described.next(machine.delivery.next(from: here)) == "stop")
    let unlimited = machine.request(.unlimited, from: here)
    #expect(unlimited.requests.map(\.1) == [.unlimited, .unlimited])
  }

  @Test func finishesOnceTheWaitingValuesAreDelivered() {
    var machine = Machine(count: 1)
    _ = machine.subscribed(TestSubscription(), at: 0)
    _ = machine.receive(7, at: 0, from: here)
    let completed = machine.complete(at: 0, with: .finished, from: here)
    #expect(completed.deliver == nil)
    let effects = machine.request(.max(1), from: here)
    #expect(Described.event(effects.deliver) == "value(7)")
    #expect(Described.next(machine.delivery.next(from: here)) == "finished")
  }

  /// A value another thread sends while this one delivers waits for a drainer, and so does
  /// what this thread sends after it from inside the delivery: the order holds.
  @Test func handsOtherThreadsValuesToADrainer() {
    var machine = Machine(count: 2)
    _ = machine.subscribed(TestSubscription(), at: 0)
    _ = machine.subscribed(TestSubscription(), at: 1)
    _ = machine.request(.unlimited, from: here)
    #expect(Described.event(machine.receive(1, at: 0, from: here).effects.deliver) == "value(1)")
    let other = machine.receive(2, at: 1, from: elsewhere).effects
    #expect(other.deliver == nil && !other.schedulesDrainer)
    let own = machine.receive(3, at: 0, from: here).effects
    #expect(own.deliver == nil)
    #expect(Described.next(machine.delivery.next(from: here)) == "schedule")
    #expect(Described.next(machine.delivery.drainerStarts(on: drainer)) == "value(2)")
    #expect(Described.next(machine.delivery.next(from: drainer)) == "value(3)")
    #expect(Described.next(machine.delivery.next(from: drainer)) == "stop")
  }

  /// A merge whose runner never quite catches up while another thread keeps sending keeps
  /// storage for the few values that wait at once, however many pass.
  @Test func fedFasterThanItDrainsKeepsBoundedStorage() {
    var machine = Machine(count: 2)
    _ = machine.subscribed(TestSubscription(), at: 0)
    _ = machine.subscribed(TestSubscription(), at: 1)
    _ = machine.request(.unlimited, from: here)
    _ = machine.receive(0, at: 0, from: here)
    _ = machine.receive(1, at: 1, from: elsewhere)
    #expect(Described.next(machine.delivery.next(from: here)) == "schedule")
    #expect(Described.next(machine.delivery.drainerStarts(on: drainer)) == "value(1)")
    for value in 2...100_000 {
      // One more arrives before each delivery ends: the queue is never empty.
      _ = machine.receive(value, at: 1, from: elsewhere)
      let next = machine.delivery.next(from: drainer)
      if case .scheduleDrainer = next {
        _ = machine.delivery.drainerStarts(on: drainer)
      }
    }
    #expect(machine.delivery.waiting.count <= 2)
    #expect(machine.delivery.waiting.capacity <= 4)
  }

  @Test func aFailureCancelsEveryUpstreamAndCancelHandsBackWhatWaits() {
    let (a, b) = (TestSubscription(), TestSubscription())
    var failing = Machine(count: 2)
    _ = failing.subscribed(a, at: 0)
    _ = failing.subscribed(b, at: 1)
    let failed = failing.complete(at: 0, with: .failure(.oops), from: here)
    #expect(Described.event(failed.deliver) == "failure(oops)")
    #expect(failed.cancel.count == 2)

    var cancelled = Machine(count: 1)
    _ = cancelled.subscribed(TestSubscription(), at: 0)
    _ = cancelled.receive(5, at: 0, from: here)
    let (cancel, released) = cancelled.cancel()
    #expect(cancel.count == 1)
    #expect(released.1 == [5])
    #expect(cancelled.cancel().cancel.isEmpty)
    #expect(cancelled.request(.max(1), from: here).isEmpty)
  }
}

import Testing

@testable import Relay

/// The state machine's rules, tested without threads: each call says what the storage must do.
/// The tests play the deliverer's part on `RelayDelivery` by hand. `RelayDelivery` is
/// noncopyable, which `#expect` cannot decompose, hence the `== true` comparisons.
@Suite struct RelayStateMachineTests {
  typealias Machine = RelayStateMachine<Int>
  let here = ThreadIdentity.current
  #if canImport(Glibc)
    let elsewhere = ThreadIdentity(thread: 1)
  #else
    let elsewhere = ThreadIdentity(thread: pthread_t(bitPattern: 1)!)
  #endif
  let core = RelayCore<Int>(current: 0, keepsCurrentValue: true, subscriptionName: "test")

  func entry() -> RelayEntry<Int> {
    RelayEntry(
      conduit: RelayConduit(core: core),
      target: RelayTarget(receive: { _ in .none }, receiveIgnoringDemand: { _ in }, finish: {}))
  }

  /// Ends a round the way a deliverer that took the lock does; returns the next round.
  func endRound(
    _ machine: inout Machine, _ delivery: borrowing RelayDelivery, waking: inout [RelayWaiter],
    value: inout Int?
  ) -> RelayRound<Int>? {
    var retired: [RelayEntries<Int>] = []
    var replaced: Int?
    return machine.finishRound(
      returnedDemand: [], delivery: delivery, waking: &waking, retired: &retired, value: &value,
      replaced: &replaced)
  }

  /// Ends rounds the way a deliverer that took the lock does, until delivery stops; returns
  /// the values the rounds carried.
  func drain(_ machine: inout Machine, _ delivery: borrowing RelayDelivery) -> [Int?] {
    var values: [Int?] = []
    var waking: [RelayWaiter] = []
    while delivery.isDelivering {
      var value: Int?
      let round = endRound(&machine, delivery, waking: &waking, value: &value)
      _ = machine.takeDiscarded()
      machine._checkInvariants(delivery: delivery)
      if round != nil { values.append(value) }
    }
    return values
  }

  @Test func sendWhileDeliveringWaitsForTheRound() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    var replaced: Int?
    #expect(machine.send(1, thread: here, delivery: delivery, replaced: &replaced) != nil)
    #expect(replaced == 0)
    #expect(machine.send(2, thread: here, delivery: delivery, replaced: &replaced) == nil)
    #expect(machine.latestValue == 2)
    #expect(machine.current == 1)
    // The queued value flagged the deliverer: it cannot stop without taking the lock.
    #expect(delivery.stopUnlessWorkWasLeft() == false)
    #expect(drain(&machine, delivery) == [2])
    #expect(machine.current == 2)
    #expect(machine.pending.isEmpty)
  }

  @Test func anUneventfulRoundStopsWithoutTheLock() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = drain(&machine, delivery)
    let round = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    #expect(round?.isLent == true)
    #expect(round?.targetCount == 1)
    #expect(delivery.isDelivering == true)
    #expect(delivery.stopUnlessWorkWasLeft() == true)
    #expect(delivery.isDelivering == false)
    // The next send claims delivery again and starts its own round.
    #expect(machine.send(2, thread: here, delivery: delivery, replaced: &replaced) != nil)
    #expect(replaced == 1)
    #expect(delivery.stopUnlessWorkWasLeft() == true)
  }

  @Test func aDelivererThatTookTheLockClearsTheFlagAndStopsWhenDone() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    var replaced: Int?
    _ = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    _ = machine.send(2, thread: elsewhere, delivery: delivery, replaced: &replaced)
    var waking: [RelayWaiter] = []
    var value: Int?
    let next = endRound(&machine, delivery, waking: &waking, value: &value)
    #expect(next != nil && value == 2)
    // Everything left was seen: the round for 2 may end without the lock.
    #expect(delivery.stopUnlessWorkWasLeft() == true)
    #expect(machine.pending.isEmpty)
  }

  @Test func eventsStillPendingKeepTheDelivererFromStoppingWithoutTheLock() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    var replaced: Int?
    _ = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    _ = machine.send(2, thread: here, delivery: delivery, replaced: &replaced)
    _ = machine.send(3, thread: here, delivery: delivery, replaced: &replaced)
    var waking: [RelayWaiter] = []
    var value: Int?
    _ = endRound(&machine, delivery, waking: &waking, value: &value)
    #expect(value == 2)
    #expect(delivery.stopUnlessWorkWasLeft() == false)
    _ = endRound(&machine, delivery, waking: &waking, value: &value)
    #expect(value == 3)
    #expect(delivery.stopUnlessWorkWasLeft() == true)
  }

  @Test func attachQueuesTheCurrentValueOnlyWithDemand() {
    var machine = Machine(current: 5, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    var value: Int?
    #expect(machine.attach(subscriber, thread: here, delivery: delivery, value: &value) == nil)
    #expect(delivery.isDelivering == false)
    let round = machine.request(
      .max(1), for: subscriber.conduit, thread: here, delivery: delivery, value: &value)
    #expect(value == 5)
    #expect(round?.targetCount == 1)
    #expect(subscriber.conduit.demand == .none)
  }

  @Test func requestDuringARoundLeavesTheCurrentValueToTheDeliverer() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = machine.send(1, thread: elsewhere, delivery: delivery, replaced: &replaced)
    #expect(
      machine.request(
        .max(1), for: subscriber.conduit, thread: here, delivery: delivery, value: &value) == nil)
    #expect(delivery.stopUnlessWorkWasLeft() == false)
    #expect(drain(&machine, delivery) == [1])
  }

  @Test func exhaustedSubscriberIsOwedTheValue() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .max(1)
    var value: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = drain(&machine, delivery)
    var replaced: Int?
    let round = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    #expect(round?.targetCount == 0)
    #expect(round?.isLent == false)
    #expect(subscriber.conduit.owesCurrentValue)
  }

  @Test func cancelDuringAnotherThreadsRoundAsksToWait() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = machine.send(1, thread: elsewhere, delivery: delivery, replaced: &replaced)
    let cancellation = machine.cancel(subscriber.conduit, thread: here, delivery: delivery)
    #expect(cancellation?.waiter != nil)
    #expect(cancellation?.removed != nil)
    #expect(machine.entries.isEmpty)
    #expect(machine.cancel(subscriber.conduit, thread: here, delivery: delivery) == nil)
    // The deliverer must take the lock to wake the canceller.
    #expect(delivery.stopUnlessWorkWasLeft() == false)
    var waking: [RelayWaiter] = []
    _ = endRound(&machine, delivery, waking: &waking, value: &value)
    #expect(waking.count == 1)
    #expect(delivery.isDelivering == false)
  }

  @Test func cancelAfterTheDelivererStoppedDoesNotWait() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = machine.send(1, thread: elsewhere, delivery: delivery, replaced: &replaced)
    #expect(delivery.stopUnlessWorkWasLeft() == true)
    // The round's bookkeeping is stale, but nobody delivers: nothing to wait for.
    let cancellation = machine.cancel(subscriber.conduit, thread: here, delivery: delivery)
    #expect(cancellation?.waiter == nil)
    #expect(cancellation?.removed != nil)
    #expect(delivery.isDelivering == false)
  }

  @Test func editsDuringALentRoundGoToACopyAndRetireTheLentBuffer() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    let first = entry()
    let second = entry()
    first.conduit.demand = .unlimited
    second.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.attach(first, thread: here, delivery: delivery, value: &value)
    _ = machine.attach(second, thread: here, delivery: delivery, value: &value)
    guard let lent = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)?.lent
    else {
      Issue.record("an all-unlimited round borrows the entries")
      return
    }
    // A reentrant cancel and subscribe, as a subscriber would do from inside its call.
    _ = machine.cancel(first.conduit, thread: here, delivery: delivery)
    _ = machine.attach(entry(), thread: here, delivery: delivery, value: &value)
    #expect(lent.takeUnretainedValue().count == 2)
    #expect(lent.takeUnretainedValue().first?.conduit === first.conduit)
    #expect(machine.entries.count == 2)
    #expect(machine.entries !== lent.takeUnretainedValue())
    #expect(delivery.stopUnlessWorkWasLeft() == false)
    var waking: [RelayWaiter] = []
    var retired: [RelayEntries<Int>] = []
    _ = machine.finishRound(
      returnedDemand: [], delivery: delivery, waking: &waking, retired: &retired, value: &value,
      replaced: &replaced)
    #expect(retired.count == 1)
    #expect(retired.first === lent.takeUnretainedValue())
    #expect(machine.retired.isEmpty)
  }

  @Test func editsAfterTheDelivererStoppedAreInPlace() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    let buffer = machine.entries
    _ = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    #expect(delivery.stopUnlessWorkWasLeft() == true)
    _ = machine.cancel(subscriber.conduit, thread: here, delivery: delivery)
    #expect(machine.entries === buffer)
    #expect(machine.entries.isEmpty)
    #expect(machine.retired.isEmpty)
  }

  @Test func cancelTakesTheQueuedCurrentValueOutForReleaseAfterTheLock() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.send(1, thread: elsewhere, delivery: delivery, replaced: &replaced)
    // Subscribed during the round: its current value waits. Cancelled before the round ends.
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    #expect(machine.pending.count == 1)
    let cancellation = machine.cancel(subscriber.conduit, thread: here, delivery: delivery)
    // The queued event holds the subscriber: it leaves `pending` with the cancellation, to be
    // released after the lock, not when the deliverer gets to it.
    #expect(cancellation?.queued != nil)
    #expect(machine.pending.isEmpty)
    #expect(!subscriber.conduit.currentValueQueued)
    var waking: [RelayWaiter] = []
    #expect(endRound(&machine, delivery, waking: &waking, value: &value) == nil)
    #expect(machine.takeDiscarded().isEmpty)
  }

  @Test func cancelFromTheDeliveringThreadDoesNotWait() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    #expect(machine.cancel(subscriber.conduit, thread: here, delivery: delivery)?.waiter == nil)
  }

  @Test func duplicateCheckDefersClaimingLimitedDemand() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: true)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .max(3)
    var value: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = drain(&machine, delivery)
    var replaced: Int?
    let round = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    #expect(replaced == 0)
    #expect(round != nil && round?.targetCount == nil)
    #expect(subscriber.conduit.demand == .max(2))
  }

  @Test func duplicateCheckSharesUnlimitedTargets() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: true)
    let delivery = RelayDelivery()
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    _ = drain(&machine, delivery)
    var replaced: Int?
    let round = machine.send(1, thread: here, delivery: delivery, replaced: &replaced)
    #expect(replaced == 0)
    #expect(round?.targetCount == 1)
    #expect(round?.isLent == true)
  }

  @Test func finishDetachesEveryoneAndIgnoresLaterSends() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let delivery = RelayDelivery()
    let subscriber = entry()
    var value: Int?
    var replaced: Int?
    _ = machine.attach(subscriber, thread: here, delivery: delivery, value: &value)
    let round = machine.finish(thread: here, delivery: delivery, value: &value, replaced: &replaced)
    #expect(round?.isFinish == true)
    #expect(round?.targetCount == 1)
    #expect(machine.entries.isEmpty)
    _ = drain(&machine, delivery)
    #expect(machine.send(1, thread: here, delivery: delivery, replaced: &replaced) == nil)
    #expect(delivery.isDelivering == false)
  }
}

extension RelayRound {
  /// How many subscribers the round calls; `nil` while the duplicate check has not claimed any.
  var targetCount: Int? {
    if let lent { return lent.takeUnretainedValue().count }
    return claimed?.count
  }

  /// Whether the round borrows the relay's own subscriber buffer.
  var isLent: Bool { lent != nil }
}

extension RelayRound: Equatable {
  public static func == (lhs: RelayRound, rhs: RelayRound) -> Bool {
    lhs.isFinish == rhs.isFinish && lhs.targetCount == rhs.targetCount
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

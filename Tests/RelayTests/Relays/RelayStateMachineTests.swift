import Testing

@testable import Relay

/// The state machine's rules, tested without threads: each event says what the storage must
/// do next.
///
/// The tests play the storage's part by hand.
@Suite struct RelayStateMachineTests {
  typealias Machine = RelayStateMachine<Int>
  let here = ThreadIdentity.current
  #if canImport(Glibc)
    let elsewhere = ThreadIdentity(thread: 1)
    let third = ThreadIdentity(thread: 2)
  #else
    let elsewhere = ThreadIdentity(thread: pthread_t(bitPattern: 1)!)
    let third = ThreadIdentity(thread: pthread_t(bitPattern: 2)!)
  #endif

  /// A target the machine keeps; its storage, which the machine under test is not, is never
  /// asked for anything (the tests call the machine's events themselves).
  func target() -> RelayTarget<Int> {
    RelayTarget(
      storage: .make(current: nil, keepsCurrentValue: false, subscriptionName: .passthroughSubject),
      id: 0, receive: { _ in .none }, finish: {})
  }

  /// Registers and attaches a subscriber that asked for `demand`; returns its id.
  @discardableResult
  func subscribe(
    _ machine: inout Machine, demand: Subscribers.Demand = .unlimited,
    target: RelayTarget<Int>? = nil
  ) -> UInt64 {
    let id = machine.register()
    _ = machine.request(demand, for: id, from: here)
    guard
      case .attached(let step) = machine.attach(id, target: target ?? self.target(), from: here)
    else {
      Issue.record("not attached")
      return id
    }
    // A current value owed at once is delivered by the caller; play that round.
    if case .deliver = step.next { _ = endAll(&machine) }
    return id
  }

  /// Ends rounds as the runner does, until it stops or hands on; returns the values the rounds
  /// carried.
  func endAll(_ machine: inout Machine, from thread: ThreadIdentity? = nil) -> [Int] {
    var values: [Int] = []
    while machine.hasRunner {
      let step = machine.endRound(returnedDemand: [], wasDuplicate: false, from: thread ?? here)
      guard case .deliver = step.next else { break }
      if let value = step.value { values.append(value) }
      machine._checkInvariants()
    }
    return values
  }

  /// Sends a value as `RelayStorage.send` does, dropping the value it replaces.
  func send(_ machine: inout Machine, _ value: Int, from thread: ThreadIdentity) -> RelayNext {
    var replaced: Int?
    return machine.send(value, from: thread, replaced: &replaced)
  }

  /// A machine that keeps no current value, with one subscriber that asked for everything,
  /// sent `values` in order, each from its thread.
  func subscribedMachine(sent values: [(Int, ThreadIdentity)]) -> Machine {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    subscribe(&machine)
    for (value, thread) in values { _ = send(&machine, value, from: thread) }
    return machine
  }

  /// Whether a commit wrote (`true`) or must retry (`false`).
  func wrote(_ commit: RelayCommitAction<Int>) -> Bool {
    if case .written = commit { true } else { false }
  }

  func isDeliver(_ next: RelayNext) -> Bool {
    if case .deliver = next { true } else { false }
  }

  // MARK: Who delivers

  @Test func aSendWithNobodyDeliveringIsDeliveredByItsSender() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    var replaced: Int?
    let next = machine.send(1, from: here, replaced: &replaced)
    guard case .deliver(let round) = next else {
      Issue.record("not delivered")
      return
    }
    #expect(round.kind == RelayRound.Kind.unlimited)
    #expect(replaced == 0)
    #expect(machine.delivery.runner == .producer(here))
    #expect(machine.current == 1)
    // Nothing was left for the runner: it may stop without the lock.
    #expect(machine.roundEnding == .delivering)
    machine.runnerStoppedWithoutLock()
    #expect(machine.roundEnding == .idle)
    machine._checkInvariants()
  }

  @Test func aSendDuringARoundWaitsAndFlagsTheDeliverer() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    _ = send(&machine, 1, from: here)
    #expect(isDeliver(send(&machine, 2, from: elsewhere)) == false)
    #expect(machine.latestValue == 2)
    #expect(machine.current == 1)
    #expect(machine.roundEnding == .deliveringWithWork)
  }

  @Test func theDelivererDeliversWhatItQueuedItself() {
    // The second from inside a subscriber.
    var machine = subscribedMachine(sent: [(1, here), (2, here)])
    #expect(endAll(&machine) == [2])
    #expect(!machine.delivery.isActive)
  }

  @Test func anotherThreadsValueGoesToTheDrainer() {
    // The third is this thread's own, but behind another thread's value.
    var machine = subscribedMachine(sent: [(1, here), (2, elsewhere), (3, here)])
    let action = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    guard case .scheduleDrainer = action.next else {
      Issue.record("no hand-off")
      return
    }
    #expect(!machine.hasRunner && machine.delivery.isDrainerScheduled)
    // The drainer delivers everything, in order, whoever queued it.
    let drained = machine.drainerStarts(on: elsewhere)
    #expect(machine.delivery.isRunning(on: elsewhere))
    guard case .deliver = drained.next else {
      Issue.record("drainer idle")
      return
    }
    #expect(drained.value == 2)
    #expect(endAll(&machine, from: elsewhere) == [3])
    #expect(!machine.delivery.isActive)
  }

  @Test func theDrainerLetsOtherWorkGoFirstWhenItsTurnsAreSpent() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    machine.core.delivery = SerialDelivery(drainerTurns: 1)
    subscribe(&machine)
    for (value, thread) in [(1, here), (2, elsewhere), (3, elsewhere)] {
      _ = send(&machine, value, from: thread)
    }
    _ = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    _ = machine.drainerStarts(on: elsewhere)
    let spent = machine.endRound(returnedDemand: [], wasDuplicate: false, from: elsewhere)
    guard case .scheduleDrainer = spent.next else {
      Issue.record("kept draining")
      return
    }
    // The thread that ran the spent block is no longer the runner: what it sends next comes
    // from outside the rounds.
    #expect(!machine.hasRunner && machine.delivery.isDrainerScheduled)
    #expect(machine.delivery.waiting.count == 1)
    _ = send(&machine, 4, from: elsewhere)
    #expect(machine.delivery.waiting.count { $0.event.isDroppable } == 2)
  }

  @Test func roundsWithBoundedDemandClaimTargetsAndReturnTheirList() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine, demand: .max(1))  // spent on the current value
    let bounded = subscribe(&machine, demand: .max(2))
    guard case .deliver(let round) = send(&machine, 1, from: here) else {
      Issue.record("not delivered")
      return
    }
    #expect(round.kind == RelayRound.Kind.claimed)
    #expect(round.targets.list.takeUnretainedValue().count == 1)
    #expect(machine.roundEnding == .deliveringWithWork)  // the list goes back at the end
    let ended = machine.endRound(
      returnedDemand: [(bounded, .max(3))], wasDuplicate: false, from: here)
    #expect(ended.released.count == 1)
    #expect(machine.subscribers.accounts.map(\.demand) == [.none, .max(3)])
    #expect(machine.subscribers.accounts[0].owesCurrentValue)
  }

  /// A round whose value may repeat the last claims demand at once; when the check, made
  /// outside the lock, finds a duplicate, the end of the round gives the demand back.
  @Test func aDuplicatesRoundGivesBackWhatItClaimed() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: true)
    subscribe(&machine, demand: .max(5))
    let idle = subscribe(&machine, demand: .none)
    guard case .deliver(let round) = send(&machine, 1, from: here) else {
      Issue.record("not delivered")
      return
    }
    #expect(round.kind == RelayRound.Kind.claimed)
    #expect(round.checksDuplicate)
    #expect(machine.subscribers.accounts.map(\.demand) == [.max(3), .none])
    #expect(machine.subscribers.accounts[1].owesCurrentValue)
    _ = machine.endRound(returnedDemand: [], wasDuplicate: true, from: here)
    #expect(machine.subscribers.accounts.map(\.demand) == [.max(4), .none])
    // The subscriber with no demand is owed nothing new: it still owes the first value.
    #expect(machine.subscribers.accounts[1].owesCurrentValue)
    _ = idle
  }

  // MARK: Subscribing

  @Test func demandAskedBeforeAttachingCountsAndTheCurrentValueComesFirst() {
    var machine = Machine(current: 7, keepsCurrentValue: true, checksDuplicates: false)
    let id = machine.register()
    _ = machine.request(.max(2), for: id, from: here)
    guard case .attached(let action) = machine.attach(id, target: target(), from: here),
      case .deliver = action.next
    else {
      Issue.record("no current value")
      return
    }
    #expect(action.value == 7)
    #expect(machine.subscribers.accounts[0].demand == .max(1))
    #expect(machine.subscribers.accounts[0].owesCurrentValue == false)
  }

  @Test func aSubscriptionCancelledBeforeAttachingIsNeverAttached() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let id = machine.register()
    _ = machine.cancel(id, from: here, beingCalled: 0)
    guard case .cancelled = machine.attach(id, target: target(), from: here) else {
      Issue.record("attached")
      return
    }
    #expect(machine.hasSubscribers == false)
  }

  @Test func aSubscriberAttachedDuringARoundIsNotInThatRound() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    subscribe(&machine)
    guard case .deliver(let round) = send(&machine, 1, from: here) else {
      Issue.record("not delivered")
      return
    }
    subscribe(&machine)
    // The lent list was retired: the round still reads it, unchanged, and it is released at
    // the end of the round.
    expectTheLentListRetired(&machine, round: round)
  }

  /// After a second subscriber attached during `round`, which read the one subscriber's live
  /// list: the round still reads that list, unchanged, and releases it at its end.
  func expectTheLentListRetired(
    _ machine: inout Machine, round: RelayRound,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(round.targets.list.takeUnretainedValue().count == 1, sourceLocation: sourceLocation)
    #expect(machine.subscribers.list.count == 2, sourceLocation: sourceLocation)
    let ended = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    guard case .list(let retired)? = ended.released.items.first else {
      Issue.record("the lent list was not released", sourceLocation: sourceLocation)
      return
    }
    #expect(retired === round.targets.list.takeUnretainedValue(), sourceLocation: sourceLocation)
  }

  /// The current value for a relay's only subscriber is delivered from the live list, lent
  /// (no list made for it); a subscriber attached meanwhile retires the lent list, which the
  /// round still reads unchanged and releases at its end.
  @Test func theCurrentValueForTheOnlySubscriberBorrowsTheLiveList() {
    var machine = Machine(current: 7, keepsCurrentValue: true, checksDuplicates: false)
    let id = machine.register()
    guard case .attached(let attached) = machine.attach(id, target: target(), from: here),
      case .none = attached.next
    else {
      Issue.record("a value came before any demand")
      return
    }
    let step = machine.request(.max(1), for: id, from: here)
    guard case .deliver(let round) = step.next else {
      Issue.record("no current value")
      return
    }
    #expect(step.value == 7)
    #expect(round.targets.list.takeUnretainedValue() === machine.subscribers.list)
    #expect(machine.subscribers.isLent)
    #expect(machine.core.keptList == nil)
    subscribe(&machine, demand: .none)
    expectTheLentListRetired(&machine, round: round)
    #expect(!machine.subscribers.isLent)
    machine._checkInvariants()
  }

  /// With two subscribers, the current value for one goes through a list of that one, which the
  /// round keeps; the live list is not lent.
  @Test func theCurrentValueForOneOfSeveralSubscribersGoesThroughItsOwnList() {
    var machine = Machine(current: 7, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    let id = machine.register()
    _ = machine.attach(id, target: target(), from: here)
    guard case .deliver(let round) = machine.request(.max(1), for: id, from: here).next else {
      Issue.record("no current value")
      return
    }
    #expect(round.targets.list.takeUnretainedValue() !== machine.subscribers.list)
    #expect(round.targets.list.takeUnretainedValue().count == 1)
    #expect(!machine.subscribers.isLent)
    #expect(machine.core.keptList != nil)
    _ = endAll(&machine)
    #expect(machine.core.keptList == nil)
  }

  /// Subscriptions handed out but not attached yet keep their own demand, however many wait at
  /// once (the first in place, the others in a dictionary), and each attaches with it.
  @Test func severalSubscriptionsWaitingToAttachKeepTheirOwnDemand() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let ids = (0..<4).map { _ in machine.register() }
    for (offset, id) in ids.enumerated() {
      _ = machine.request(.max(offset + 1), for: id, from: here)
    }
    _ = machine.request(.max(10), for: ids[0], from: here)
    _ = machine.cancel(ids[2], from: here, beingCalled: 0)
    // The one kept in place attaches; a later registration takes its place.
    #expect(machine.attach(ids[0], target: target(), from: here).isAttached)
    let late = machine.register()
    _ = machine.request(.max(5), for: late, from: here)
    for id in [ids[3], late, ids[1]] {
      #expect(machine.attach(id, target: target(), from: here).isAttached)
    }
    guard case .cancelled = machine.attach(ids[2], target: target(), from: here) else {
      Issue.record("a cancelled subscription attached")
      return
    }
    let demand = machine.subscribers.accounts.map(\.demand)
    #expect(demand == [.max(11), .max(2), .max(4), .max(5)])
    #expect(machine.core.unattached.firstID == 0)
    #expect(machine.core.occasional?.unattached.isEmpty ?? true)
  }

  // MARK: Cancelling

  @Test func cancellingOnTheDeliveringThreadReleasesALaterSubscriberAtOnce() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let first = subscribe(&machine)
    let second = subscribe(&machine)
    guard case .deliver(let round) = send(&machine, 1, from: here) else {
      Issue.record("not delivered")
      return
    }
    // The first subscriber, being called, cancels the second.
    let released = machine.cancel(second, from: here, beingCalled: first)
    #expect(released.targetCount == 2)  // from the subscribers and from the round
    let lent = round.targets.list.takeUnretainedValue()
    #expect(lent.withSlots { $0[1].target == nil })
    #expect(machine.subscribers.list.count == 1)
  }

  @Test func cancellingOnTheDrainersThreadReleasesALaterSubscriberAtOnce() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let first = subscribe(&machine)
    let second = subscribe(&machine)
    _ = send(&machine, 1, from: here)
    _ = send(&machine, 2, from: elsewhere)
    _ = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    let drained = machine.drainerStarts(on: third)
    guard case .deliver(let round) = drained.next else {
      Issue.record("drainer idle")
      return
    }
    // The first subscriber, called by the drainer, cancels the second.
    let released = machine.cancel(second, from: third, beingCalled: first)
    #expect(released.targetCount == 2)  // from the subscribers and from the round
    #expect(round.targets.list.takeUnretainedValue().withSlots { $0[1].target == nil })
  }

  @Test func aSubscriberCancellingItselfIsReleasedWhenItsRoundEnds() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let only = subscribe(&machine)
    _ = send(&machine, 1, from: here)
    let released = machine.cancel(only, from: here, beingCalled: only)
    #expect(released.targetCount == 1)  // the round still holds its own reference
    let ended = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    #expect(ended.released.count == 1)
  }

  @Test func cancellingFromAnotherThreadLeavesTheRoundItsReference() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    _ = subscribe(&machine)
    let second = subscribe(&machine)
    guard case .deliver(let round) = send(&machine, 1, from: here) else {
      Issue.record("not delivered")
      return
    }
    let released = machine.cancel(second, from: elsewhere, beingCalled: 0)
    #expect(released.targetCount == 1)
    #expect(round.targets.list.takeUnretainedValue().withSlots { $0[1].target != nil })
    #expect(machine.roundEnding == .deliveringWithWork)
  }

  @Test func cancellingTakesAQueuedCurrentValueOut() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    _ = send(&machine, 1, from: elsewhere)
    let late = subscribe(&machine, demand: .max(1))
    #expect(machine.delivery.waiting.count == 1)
    let released = machine.cancel(late, from: here, beingCalled: 0)
    #expect(released.count == 2)  // the subscriber and its current value
    #expect(machine.delivery.waiting.isEmpty)
  }

  // MARK: Finishing

  @Test func finishingDetachesEveryoneAndLaterSubscribersFinishAtOnce() {
    var machine = Machine(current: nil, keepsCurrentValue: false, checksDuplicates: false)
    subscribe(&machine)
    let action = machine.finish(from: here)
    guard case .deliver(let round) = action.next else {
      Issue.record("not finished")
      return
    }
    #expect(round.kind == RelayRound.Kind.finish)
    #expect(machine.hasSubscribers == false)
    _ = endAll(&machine)
    #expect(isDeliver(send(&machine, 1, from: here)) == false)
    let id = machine.register()
    guard case .finished = machine.attach(id, target: target(), from: here) else {
      Issue.record("attached after the end")
      return
    }
  }

  // MARK: Backlog

  @Test func aBacklogLimitDropsTheOldestValueOtherThreadsQueued() {
    var machine = Machine(
      current: 0, keepsCurrentValue: true, checksDuplicates: false, backlog: .keepingNewest(2))
    subscribe(&machine)
    _ = send(&machine, 1, from: here)
    _ = send(&machine, 2, from: here)  // the runner's own: never dropped
    for value in 3...6 { _ = send(&machine, value, from: elsewhere) }
    #expect(machine.delivery.waiting.count == 3)
    #expect(machine.round.released.count == 2)  // 3 and 4, released by the runner
    #expect(machine.latestValue == 6)
    #expect(endAll(&machine) == [2])
    let drained = machine.drainerStarts(on: elsewhere)
    #expect(drained.value == 5)
    #expect(endAll(&machine, from: elsewhere) == [6])
  }

  @Test func whatASubscriberSendsFromTheDrainersCallsIsNeverDropped() {
    var machine = Machine(
      current: 0, keepsCurrentValue: true, checksDuplicates: false, backlog: .keepingNewest(1))
    subscribe(&machine)
    _ = send(&machine, 1, from: here)
    _ = send(&machine, 2, from: elsewhere)
    _ = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    #expect(machine.drainerStarts(on: third).value == 2)
    // A subscriber the drainer calls sends twice: its own work, kept whatever the limit. A
    // value from any other thread meanwhile is subject to it.
    _ = send(&machine, 30, from: third)
    _ = send(&machine, 40, from: third)
    _ = send(&machine, 50, from: elsewhere)
    _ = send(&machine, 60, from: here)
    #expect(machine.round.released.count == 1)  // 50
    #expect(endAll(&machine, from: third) == [30, 40, 60])
  }

  @Test func aValueSentFromInsideARoundWhileAModifyHoldsTheRelayIsNeverDropped() {
    var machine = Machine(
      current: 0, keepsCurrentValue: true, checksDuplicates: false, backlog: .keepingNewest(1))
    subscribe(&machine)
    _ = send(&machine, 1, from: here)
    // Another thread's modify reserves the relay; a subscriber of this round sends 30: held.
    let (_, ticket) = machine.beginModify(from: elsewhere)
    _ = send(&machine, 30, from: here)
    #expect(endAll(&machine) == [])
    #expect(!machine.delivery.isActive)
    // The modify commits on its thread: 30 waits behind its value, as another thread's work,
    // but still from inside a round. Two values from a third thread do not drop it.
    guard case .written = machine.commitModify(5, ticket: ticket, from: elsewhere) else {
      Issue.record("the modify did not write")
      return
    }
    _ = send(&machine, 60, from: third)
    _ = send(&machine, 70, from: third)
    #expect(machine.round.released.count == 1)  // 60
    #expect(machine.delivery.waiting.count == 2)  // 30 and 70
    #expect(machine.latestValue == 70)
  }

  // MARK: modify

  @Test func sendsDuringAReservedModifyWaitBehindItsWrite() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    let (value, ticket) = machine.beginModify(from: here)
    #expect(value == 1)
    #expect(isDeliver(send(&machine, 5, from: elsewhere)) == false)
    #expect(machine.latestValue == 5)
    guard case .written(let action) = machine.commitModify(2, ticket: ticket, from: here),
      case .deliver = action.next
    else {
      Issue.record("not written")
      return
    }
    #expect(machine.current == 2)
    // The held value is another thread's: the drainer delivers it.
    let ended = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    guard case .scheduleDrainer = ended.next else {
      Issue.record("held value lost")
      return
    }
    #expect(machine.latestValue == 5)
  }

  @Test func anOptimisticModifyRetriesWhenAnythingWasSent() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    let (_, reserved) = machine.beginModify(from: here)
    let (_, optimistic) = machine.beginModify(from: here)
    #expect(optimistic == .optimistic(sendsAtRead: 0))
    _ = send(&machine, 3, from: elsewhere)
    let wroteOverANewerValue = wrote(machine.commitModify(9, ticket: optimistic, from: here))
    #expect(!wroteOverANewerValue)
    #expect(wrote(machine.commitModify(2, ticket: reserved, from: here)), "reserved modify retried")
  }

  @Test func aReservedModifyRetriesAfterAnotherModifyWrote() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    let (_, reserved) = machine.beginModify(from: here)
    let (_, optimistic) = machine.beginModify(from: here)
    let optimisticWrote = wrote(machine.commitModify(4, ticket: optimistic, from: elsewhere))
    #expect(optimisticWrote)
    let lostTheOtherWrite = wrote(machine.commitModify(2, ticket: reserved, from: here))
    #expect(!lostTheOtherWrite)
    #expect(machine.reservation == nil)
  }

  /// A reservation's token is the send count when it begins: one an optimistic `modify` ended
  /// counted a send, so the next reservation's token differs, and the overtaken `modify` does
  /// not take that reservation for its own.
  @Test func anOvertakenModifyRetriesWhileALaterWriteHoldsTheRelay() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    let (_, overtaken) = machine.beginModify(from: here)
    let (_, optimistic) = machine.beginModify(from: here)
    #expect(wrote(machine.commitModify(4, ticket: optimistic, from: elsewhere)))
    let (_, later) = machine.beginModify(from: elsewhere)
    #expect(later != overtaken)
    let tookTheLaterReservation = wrote(machine.commitModify(2, ticket: overtaken, from: here))
    #expect(!tookTheLaterReservation)
    #expect(machine.reservation != nil, "the later write lost its reservation")
    #expect(wrote(machine.commitModify(5, ticket: later, from: elsewhere)))
    #expect(machine.latestValue == 5)
  }

  /// The defect of issue 35: an optimistic `modify` that ends a reservation holding values
  /// puts them in the sequence first; its own value must go behind them, not be delivered at
  /// once ahead of them while nobody delivers.
  @Test func anOptimisticModifyIsPublishedAfterTheValuesHeldBeforeItsRead() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    let (_, reserved) = machine.beginModify(from: third)
    _ = send(&machine, 5, from: elsewhere)  // held behind the reserved modify
    _ = send(&machine, 6, from: elsewhere)
    let (read, optimistic) = machine.beginModify(from: here)
    #expect(read == 6)
    guard case .written(let step) = machine.commitModify(7, ticket: optimistic, from: here) else {
      Issue.record("the optimistic modify did not write")
      return
    }
    guard case .scheduleDrainer = step.next else {
      Issue.record("the optimistic modify's value was delivered ahead of 5 and 6")
      return
    }
    let waiting = machine.delivery.waiting.map { waiting -> Int? in
      if case .value(let value, _) = waiting.event { value.unboxed(Int.self) } else { nil }
    }
    #expect(waiting == [5, 6, 7])
    #expect(machine.latestValue == 7)
    #expect(!wrote(machine.commitModify(2, ticket: reserved, from: third)), "read before 5 and 6")
  }

  @Test func aSendWaitsBehindValuesARuleQueuedWithNobodyDelivering() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    let (_, ticket) = machine.beginModify(from: elsewhere)
    _ = send(&machine, 5, from: elsewhere)
    _ = machine.abandonModify(ticket)  // 5 waits, and a drainer is scheduled for it
    #expect(!isDeliver(send(&machine, 6, from: here)), "6 was delivered ahead of 5")
    let drained = machine.drainerStarts(on: third)
    let first = drained.value
    #expect(first == 5)
  }

  @Test func anAbandonedModifyLetsHeldValuesGo() {
    var machine = Machine(current: 1, keepsCurrentValue: true, checksDuplicates: false)
    let (_, ticket) = machine.beginModify(from: here)
    _ = send(&machine, 5, from: elsewhere)
    let action = machine.abandonModify(ticket)
    guard case .scheduleDrainer = action.next else {
      Issue.record("held value stuck")
      return
    }
    #expect(machine.reservation == nil)
    #expect(machine.delivery.waiting.count == 1)
  }

  // MARK: The end and the writes

  @Test func whatAWriteHeldWhenTheEndCameIsDroppedAndTheWriteCommitsNothing() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    _ = send(&machine, 1, from: here)
    _ = machine.finish(from: elsewhere)  // waits behind the round of 1
    let (_, ticket) = machine.beginModify(from: third)
    _ = send(&machine, 2, from: elsewhere)  // held behind the modify, sent after the end
    _ = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    let end = machine.drainerStarts(on: elsewhere)
    guard case .deliver(let round) = end.next, round.kind == .finish else {
      Issue.record("the end was not delivered")
      return
    }
    #expect(end.released.count == 1, "the held value is released after the lock")
    #expect(machine.latestValue == 1, "a value held past the end became the relay's value")
    #expect(machine.reservation == nil)
    #expect(wrote(machine.commitModify(9, ticket: ticket, from: third)), "retried after the end")
    #expect(machine.latestValue == 1)
    let (_, late) = machine.beginModify(from: here)
    #expect(late == .optimistic(sendsAtRead: machine.sendCount), "reserved a finished relay")
    #expect(wrote(machine.commitModify(9, ticket: late, from: here)))
    #expect(machine.latestValue == 1)
  }

  @Test func readersWaitForAnInPlaceWriteThatMovedTheValueOutAndNotForOneOfACopy() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    guard case .movedOut = machine.beginInPlaceWrite(from: elsewhere) else {
      Issue.record("the value did not move out with nothing waiting")
      return
    }
    #expect(machine.core.holder(blocking: .value) == elsewhere, "a read did not wait")
    #expect(machine.core.holder(blocking: .inPlaceWrites) == elsewhere)
    #expect(machine.core.holder(blocking: .everyWrite) == elsewhere)
    _ = send(&machine, 5, from: here)  // held behind the write: the latest value, readable
    #expect(machine.core.holder(blocking: .value) == nil, "a read waited for an older value")
    var moving: Int? = 1
    _ = machine.commitUnpublishedInPlaceWrite(&moving)
    #expect(machine.core.holder(blocking: .everyWrite) == nil)

    // The value held behind the write, and this one, wait in the sequence: the next write
    // changes a copy.
    _ = send(&machine, 2, from: here)
    guard case .copied = machine.beginInPlaceWrite(from: elsewhere) else {
      Issue.record("the value moved out while a value waited")
      return
    }
    #expect(machine.core.holder(blocking: .value) == nil, "a read waited for a copy")
    #expect(machine.core.holder(blocking: .inPlaceWrites) == elsewhere)
    let (_, ticket) = machine.beginModify(from: third)
    #expect(ticket == .optimistic(sendsAtRead: machine.sendCount))
  }

  /// A write of a copy taken while only a current value owed to a subscriber waits (no sent
  /// value newer than the current one): the relay still has its value, and a read takes it.
  @Test func aReadDoesNotWaitForACopyTakenWhileOnlyAnOwedCurrentValueWaits() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    #expect(isDeliver(send(&machine, 1, from: here)), "the round of 1 did not start")
    let late = machine.register()
    _ = machine.attach(late, target: target(), from: here)
    _ = machine.request(.max(1), for: late, from: here)  // its current value waits
    #expect(!machine.delivery.waiting.isEmpty)
    #expect(machine.core.latestSentValue == nil)
    guard case .copied(let copy) = machine.beginInPlaceWrite(from: elsewhere) else {
      Issue.record("the value moved out while a current value waited")
      return
    }
    #expect(copy == 1)
    #expect(machine.core.holder(blocking: .value) == nil, "a read waited for a copy")
    #expect(machine.latestKeptValue == 1)
    #expect(machine.core.holder(blocking: .everyWrite) == elsewhere)
  }

  @Test func theCodeAroundEveryEventFindsTheCoreWhateverTheValuesLayout() {
    func check<Value>(_ value: Value) {
      let machine = UnsafeMutablePointer<RelayStateMachine<Value>>.allocate(capacity: 1)
      defer { machine.deallocate() }
      machine.initialize(
        to: RelayStateMachine(current: value, keepsCurrentValue: true, checksDuplicates: false))
      defer { machine.deinitialize(count: 1) }
      withUnsafeMutablePointer(to: &machine.pointee.core) { core in
        #expect(RelayStateMachine.core(of: machine) == core, "\(Value.self)")
      }
      RelayStateMachine.core(of: machine).pointee.sendCount = 7
      #expect(machine.pointee.sendCount == 7, "\(Value.self)")
      #expect(machine.pointee.latestValue != nil, "\(Value.self): the value was overwritten")
    }
    check(UInt8(1))
    check(1)
    check((1, "two", 3.0, true))
    check(SIMD4<Float>(1, 2, 3, 4))  // aligned to 16 bytes
    check([1, 2, 3])
  }

  @Test func anInPlaceWriteOfACopyCommittedAfterTheEndChangesNothing() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    subscribe(&machine)
    _ = send(&machine, 1, from: here)
    _ = machine.finish(from: elsewhere)
    guard case .copied(let copy) = machine.beginInPlaceWrite(from: third) else {
      Issue.record("the value moved out while the end waited")
      return
    }
    #expect(copy == 1)
    _ = machine.endRound(returnedDemand: [], wasDuplicate: false, from: here)
    _ = machine.drainerStarts(on: elsewhere)
    _ = endAll(&machine, from: elsewhere)
    #expect(machine.isFinished)
    var replaced: Int?
    let commit = machine.commitInPlaceWrite(copy + 1, from: third, replaced: &replaced)
    #expect(!isDeliver(commit.next), "a value was delivered after the end")
    #expect(machine.latestValue == 1, "a write after the end changed the value")
    #expect(machine.beginInPlaceWrite(from: third) == nil)
  }
}

extension RelayAttachAction {
  /// Whether the subscriber was attached.
  fileprivate var isAttached: Bool { if case .attached = self { true } else { false } }
}

extension RelayCancellation {
  /// How many subscribers were handed back.
  fileprivate var targetCount: Int {
    var count = 0
    forEachTarget { _ in count += 1 }
    return count
  }

  /// How many things there are to release: subscribers, lists and events.
  fileprivate var count: Int { (target == nil ? 0 : 1) + released.items.count }
}

extension RelayReleased {
  /// How many things there are to release: subscribers, lists and events.
  fileprivate var count: Int { items.count }
}

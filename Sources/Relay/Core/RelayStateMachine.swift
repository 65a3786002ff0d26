/// One attached subscriber of a relay: its subscription and how to deliver a value to it.
@usableFromInline
struct RelayEntry<Output> {
  @usableFromInline let conduit: RelayConduit<Output>
  /// The position in subscription order, from 1.
  @usableFromInline var order: UInt64 = 0
  @usableFromInline let target: RelayTarget<Output>

  @inlinable
  init(conduit: RelayConduit<Output>, target: RelayTarget<Output>) {
    self.conduit = conduit
    self.target = target
  }
}

/// The subscriber behind an entry, called through a class so that the deliverer can borrow it
/// from the round's buffer without retaining it for each call. Its closures are made where
/// the subscriber's type is known, so they run specialized code.
@usableFromInline
final class RelayTarget<Output> {
  @usableFromInline let receive: (Output) -> Subscribers.Demand
  /// Delivers a value in a round whose subscribers all have unlimited demand, where the demand
  /// a subscriber returns changes nothing. For a `Sink` it is the sink's own closure, which
  /// saves a call per subscriber per value.
  @usableFromInline let receiveIgnoringDemand: (Output) -> Void
  @usableFromInline let finish: () -> Void

  @inlinable
  init(
    receive: @escaping (Output) -> Subscribers.Demand,
    receiveIgnoringDemand: @escaping (Output) -> Void, finish: @escaping () -> Void
  ) {
    self.receive = receive
    self.receiveIgnoringDemand = receiveIgnoringDemand
    self.finish = finish
  }
}

/// Work waiting for the relay's delivery sequence.
@usableFromInline
enum RelayEvent<Output> {
  /// A sent value, for every subscriber with demand.
  case value(Output)
  /// The current value, owed to one subscriber that asked for values.
  case currentValue(RelayEntry<Output>)
  /// The end: every subscriber receives `.finished` and is detached.
  case finished
}

/// One step of the delivery sequence: whom to call. The value travels beside it, through
/// `inout` parameters, so the hot path never copies a large generic aggregate.
///
/// Whom to call is one of three cases, stored as two optionals rather than an enum: copying
/// an enum with a class payload costs an outlined copy and destroy on every send, while the
/// common case here is a plain pointer.
@usableFromInline
struct RelayRound<Output> {
  /// Every attached subscriber, all with unlimited demand: the state machine's own buffer,
  /// lent without a retain. It stays alive and unchanged until the deliverer ends the round.
  @usableFromInline var lent: Unmanaged<RelayEntries<Output>>?
  /// Subscribers chosen for this round alone, each with a unit of demand claimed for it.
  /// When neither this nor `lent` is set, nobody is chosen yet: the duplicate check runs
  /// first, and claims demand only if it passes.
  @usableFromInline var claimed: RelayEntries<Output>?
  /// Whether this round delivers `.finished` rather than a value.
  @usableFromInline var isFinish: Bool

  @inlinable
  init(
    lent: Unmanaged<RelayEntries<Output>>? = nil, claimed: RelayEntries<Output>? = nil,
    isFinish: Bool = false
  ) {
    self.lent = lent
    self.claimed = claimed
    self.isFinish = isFinish
  }
}

/// What a `cancel()` must do once the lock is released.
@usableFromInline
struct RelayCancellation<Output> {
  /// The removed entry, released after the lock so that no deinit runs under it.
  @usableFromInline var removed: RelayEntry<Output>?
  /// Set when another thread may be delivering to the subscriber right now: wait for it.
  @usableFromInline var waiter: RelayWaiter?
  /// The subscriber's position; the wait is skipped once the deliverer has passed it.
  @usableFromInline var order: UInt64
  /// The current value still queued for the subscriber, which holds it too: released with it.
  @usableFromInline var queued: RelayEvent<Output>?

  @inlinable init(
    removed: RelayEntry<Output>?, waiter: RelayWaiter?, order: UInt64,
    queued: RelayEvent<Output>? = nil
  ) {
    self.removed = removed
    self.waiter = waiter
    self.order = order
    self.queued = queued
  }
}

/// The relay's rules, as a value with no locks and no threads: the storage class asks it what
/// to do under the lock, releases the lock, and then does it.
///
/// All values reach subscribers through one sequence of rounds. Only one thread runs rounds at
/// a time, the one that claimed the `RelayDelivery` it is given; a value sent meanwhile, from
/// any thread or from inside a subscriber, waits in `pending` and is delivered after the
/// current round has reached every subscriber. That gives every subscriber the same sequence,
/// in subscription order, and never calls one subscriber concurrently with itself.
///
/// Whoever leaves the deliverer work (`pending`, `waiters`, `retired`) also flags it in the
/// `RelayDelivery`, so the deliverer ends a round without the lock only when nothing waits:
/// while nobody delivers, all three are empty (`_checkInvariants`).
@usableFromInline
struct RelayStateMachine<Output> {
  /// Whether this relay has a current value (`CurrentValueRelay`) or only passes values on.
  @usableFromInline let keepsCurrentValue: Bool
  /// Whether rounds carry the previous value for a duplicate check.
  @usableFromInline let checksDuplicates: Bool
  /// The value the delivery sequence has reached; the first value of a new subscriber.
  @usableFromInline var current: Output?
  /// Attached subscribers in subscription order.
  @usableFromInline var entries = RelayEntries<Output>.make(capacity: 1)
  /// Whether every entry has unlimited demand and is owed nothing, so a round needs no
  /// bookkeeping and can borrow `entries` as its targets.
  @usableFromInline var allUnlimited = true
  /// Whether the round in progress borrows `entries`; stale once delivery stops.
  @usableFromInline var entriesAreLent = false
  /// Buffers a round borrowed when they had to change: kept alive for the deliverer, who
  /// releases them outside the lock.
  @usableFromInline var retired: [RelayEntries<Output>] = []
  /// Events waiting for the round in progress to finish; `pendingStart` is the first unread.
  /// Read events are moved out (`nil`), so that clearing the array under the lock never
  /// releases the last reference to a value or a subscriber.
  @usableFromInline var pending: [RelayEvent<Output>?] = []
  @usableFromInline var pendingStart = 0
  /// Events read and dropped (a cancelled subscriber's current value, anything after the
  /// end), kept for the storage to release outside the lock (`takeDiscarded()`).
  @usableFromInline var discarded: [RelayEvent<Output>] = []
  /// Whether `.finished` was delivered; nothing is delivered after it.
  @usableFromInline var isFinished = false
  /// The thread running rounds; stale once delivery stops, so read it only while a thread
  /// delivers.
  @usableFromInline var deliveringThread: ThreadIdentity?
  /// Subscribers with an order up to this one are targets of the round in progress; stale once
  /// delivery stops, like `deliveringThread`.
  @usableFromInline var roundLastOrder: UInt64 = 0
  /// Cancellers on other threads waiting for the round in progress to end.
  @usableFromInline var waiters: [RelayWaiter] = []
  @usableFromInline var nextOrder: UInt64 = 1
  /// How many values were sent, so `modify` can tell whether one landed while it computed.
  @usableFromInline var sendCount: UInt64 = 0

  @inlinable
  init(current: Output?, keepsCurrentValue: Bool, checksDuplicates: Bool) {
    self.current = current
    self.keepsCurrentValue = keepsCurrentValue
    self.checksDuplicates = checksDuplicates
  }

  /// The last value sent: the newest one still waiting, or else the current one.
  @inlinable
  var latestValue: Output? {
    var index = pending.endIndex
    while index > pendingStart {
      index -= 1
      if case .value(let value)? = pending[index] { return value }
    }
    return current
  }

  // MARK: Sending

  /// Sends a value: returns the round to deliver now, or `nil` when it waits its turn.
  ///
  /// - Parameter replaced: Receives the value it replaces, to compare or release outside the
  ///   lock.
  @inlinable @inline(__always)
  mutating func send(
    _ value: Output, thread: ThreadIdentity, delivery: borrowing RelayDelivery,
    replaced: inout Output?
  ) -> RelayRound<Output>? {
    if isFinished { return nil }
    sendCount &+= 1
    guard claimDelivery(thread: thread, delivery: delivery) else {
      queue(value)
      return nil
    }
    return round(for: value, delivery: delivery, replaced: &replaced)
  }

  /// Queues a value behind the round in progress; out of line, to keep `send` small enough
  /// to inline.
  @inlinable @inline(never)
  mutating func queue(_ value: Output) { pending.append(.value(value)) }

  /// Makes the calling thread the deliverer if nobody delivers; otherwise leaves the
  /// deliverer work.
  @inlinable @inline(__always)
  mutating func claimDelivery(thread: ThreadIdentity, delivery: borrowing RelayDelivery) -> Bool {
    guard delivery.claimOrLeaveWork() else { return false }
    deliveringThread = thread
    entriesAreLent = false  // whatever a stopped deliverer borrowed, it is done with
    return true
  }

  /// Queues the end of the relay: every subscriber receives `.finished` after the values
  /// before it.
  @inlinable
  mutating func finish(
    thread: ThreadIdentity, delivery: borrowing RelayDelivery, value: inout Output?,
    replaced: inout Output?
  ) -> RelayRound<Output>? {
    if isFinished { return nil }
    pending.append(.finished)
    guard claimDelivery(thread: thread, delivery: delivery) else { return nil }
    return nextRound(delivery: delivery, value: &value, replaced: &replaced)
  }

  /// Makes `value` current and starts its round.
  @inlinable @inline(__always)
  mutating func round(
    for value: Output, delivery: borrowing RelayDelivery, replaced: inout Output?
  ) -> RelayRound<Output> {
    if keepsCurrentValue || checksDuplicates {
      replaced = current.take()
      current = value
    }
    delivery.startRound()
    if allUnlimited {
      entriesAreLent = true
      roundLastOrder = entries.lastOrder
      return RelayRound(lent: Unmanaged.passUnretained(entries))
    }
    roundLastOrder = 0
    if checksDuplicates, replaced != nil {
      // The duplicate check runs outside the lock; claim demand only if it lets the value through.
      return RelayRound()
    }
    return RelayRound(claimed: claimTargets())
  }

  /// Takes one unit of demand from each entry that has some; the others are owed the value.
  @inlinable
  mutating func claimTargets() -> RelayEntries<Output> {
    let targets = RelayEntries<Output>.make(capacity: entries.count)
    for entry in entries {
      let conduit = entry.conduit
      if conduit.demand == .unlimited, !conduit.owesCurrentValue {
        targets.append(entry)
      } else if conduit.demand > 0 {
        conduit.demand -= 1
        conduit.owesCurrentValue = false
        targets.append(entry)
      } else if keepsCurrentValue {
        conduit.owesCurrentValue = true
      }
    }
    roundLastOrder = targets.lastOrder
    updateAllUnlimited()
    return targets
  }

  /// Prepares `entries` for an edit that adds up to `extra` entries. A buffer the round in
  /// progress borrows is retired for the deliverer to release, and the edit goes to a copy.
  @inlinable
  mutating func makeEntriesEditable(adding extra: Int, delivery: borrowing RelayDelivery) {
    if entriesAreLent {
      entriesAreLent = false
      // `leaveWork` fails when the deliverer has stopped, and with it the borrowing.
      if delivery.leaveWork() {
        retired.append(entries)
        entries = entries.copy(capacity: entries.count + extra, moving: false)
        return
      }
    }
    if entries.count + extra > entries.reservedCapacity {
      let capacity = Swift.max(2 * entries.count, entries.count + extra)
      entries = entries.copy(capacity: capacity, moving: true)
    }
  }

  /// Ends the round in progress for a deliverer that took the lock: adds the demand
  /// subscribers returned, hands over waiting cancellers and retired buffers, and returns the
  /// next round, or `nil` once nothing is pending and delivery stopped.
  @inlinable
  mutating func finishRound(
    returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)],
    delivery: borrowing RelayDelivery, waking: inout [RelayWaiter],
    retired: inout [RelayEntries<Output>], value: inout Output?, replaced: inout Output?
  ) -> RelayRound<Output>? {
    roundLastOrder = 0
    entriesAreLent = false
    for (conduit, demand) in returnedDemand { add(demand, to: conduit) }
    if !waiters.isEmpty { swap(&waking, &waiters) }
    if !self.retired.isEmpty { swap(&retired, &self.retired) }
    return nextRound(delivery: delivery, value: &value, replaced: &replaced)
  }

  /// Starts the next pending event that delivers anything, or stops delivering.
  ///
  /// - Parameters:
  ///   - value: Receives the value the round delivers.
  ///   - replaced: Receives the value it replaces.
  @inlinable
  mutating func nextRound(
    delivery: borrowing RelayDelivery, value: inout Output?, replaced: inout Output?
  ) -> RelayRound<Output>? {
    guard let round = nextPendingRound(delivery: delivery, value: &value, replaced: &replaced)
    else {
      deliveringThread = nil
      delivery.stop()
      return nil
    }
    // Events still pending keep the deliverer from stopping without the lock.
    delivery.continueDelivering(workLeft: pendingStart < pending.endIndex)
    return round
  }

  /// The round for the next pending event that delivers anything, or `nil` once none is
  /// left; events that deliver nothing go to `discarded`.
  @inlinable
  mutating func nextPendingRound(
    delivery: borrowing RelayDelivery, value: inout Output?, replaced: inout Output?
  ) -> RelayRound<Output>? {
    while pendingStart < pending.endIndex {
      let read = pending[pendingStart].take()
      pendingStart += 1
      if pendingStart == pending.endIndex {
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        pendingStart = 0
      }
      guard let event = read else { continue }
      if isFinished {
        discarded.append(event)
        continue
      }
      switch event {
      case .value(let next):
        value = next
        return round(for: next, delivery: delivery, replaced: &replaced)
      case .finished:
        isFinished = true
        // Nothing borrows `entries` between rounds: hand the buffer itself to the round.
        let targets = entries
        entries = RelayEntries.make(capacity: 0)
        for entry in targets { entry.conduit.phase = .cancelled }
        roundLastOrder = targets.lastOrder
        delivery.startRound()
        return RelayRound(claimed: targets, isFinish: true)
      case .currentValue(let entry):
        let conduit = entry.conduit
        conduit.currentValueQueued = false
        guard conduit.phase == .attached, conduit.owesCurrentValue, conduit.demand > 0,
          let current
        else {
          discarded.append(event)
          continue
        }
        conduit.owesCurrentValue = false
        conduit.demand -= 1
        updateAllUnlimited()
        roundLastOrder = entry.order
        value = current
        delivery.startRound()
        let targets = RelayEntries<Output>.make(capacity: 1)
        targets.append(entry)
        return RelayRound(claimed: targets)
      }
    }
    return nil
  }

  // MARK: Subscribing

  /// Adds a subscriber once it has received its subscription.
  @inlinable
  mutating func attach(
    _ entry: RelayEntry<Output>, thread: ThreadIdentity, delivery: borrowing RelayDelivery,
    value: inout Output?
  ) -> RelayRound<Output>? {
    var entry = entry
    let conduit = entry.conduit
    guard conduit.phase == .pending, !isFinished else { return nil }
    conduit.phase = .attached
    entry.order = nextOrder
    nextOrder += 1
    conduit.owesCurrentValue = keepsCurrentValue
    makeEntriesEditable(adding: 1, delivery: delivery)
    entries.append(entry)
    updateAllUnlimited()
    return queueCurrentValueIfOwed(entry, thread: thread, delivery: delivery, value: &value)
  }

  /// Adds demand; returns a round when the subscriber is now owed the current value.
  @inlinable
  mutating func request(
    _ demand: Subscribers.Demand, for conduit: RelayConduit<Output>, thread: ThreadIdentity,
    delivery: borrowing RelayDelivery, value: inout Output?
  ) -> RelayRound<Output>? {
    guard conduit.phase != .cancelled else { return nil }
    conduit.demand += demand
    guard conduit.phase == .attached else { return nil }
    updateAllUnlimited()
    guard let entry = entries.first(where: { $0.conduit === conduit }) else { return nil }
    return queueCurrentValueIfOwed(entry, thread: thread, delivery: delivery, value: &value)
  }

  /// Adds demand a subscriber returned; only the deliverer calls it, from `finishRound`, so
  /// what it queues is found by the `nextRound` that follows.
  @inlinable
  mutating func add(_ demand: Subscribers.Demand, to conduit: RelayConduit<Output>) {
    guard conduit.phase == .attached, demand != .none else { return }
    conduit.demand += demand
    updateAllUnlimited()
    if conduit.owesCurrentValue, !conduit.currentValueQueued,
      let entry = entries.first(where: { $0.conduit === conduit })
    {
      conduit.currentValueQueued = true
      pending.append(.currentValue(entry))
    }
  }

  @inlinable
  mutating func queueCurrentValueIfOwed(
    _ entry: RelayEntry<Output>, thread: ThreadIdentity, delivery: borrowing RelayDelivery,
    value: inout Output?
  ) -> RelayRound<Output>? {
    let conduit = entry.conduit
    guard conduit.owesCurrentValue, conduit.demand > 0, !conduit.currentValueQueued else {
      return nil
    }
    conduit.currentValueQueued = true
    pending.append(.currentValue(entry))
    guard claimDelivery(thread: thread, delivery: delivery) else { return nil }
    var replaced: Output?  // a current-value round replaces nothing
    return nextRound(delivery: delivery, value: &value, replaced: &replaced)
  }

  /// Removes a subscriber. It must wait when another thread may be delivering to it.
  @inlinable
  mutating func cancel(
    _ conduit: RelayConduit<Output>, thread: ThreadIdentity, delivery: borrowing RelayDelivery
  ) -> RelayCancellation<Output>? {
    guard conduit.phase != .cancelled else { return nil }
    let wasAttached = conduit.phase == .attached
    conduit.phase = .cancelled
    // A current value still queued for the subscriber holds it: take it out now, so the
    // subscriber is released when cancel returns rather than when a deliverer reaches it.
    var queued: RelayEvent<Output>?
    if conduit.currentValueQueued,
      let position = pending[pendingStart...].firstIndex(where: {
        if case .currentValue(let entry) = $0 { entry.conduit === conduit } else { false }
      })
    {
      queued = pending.remove(at: position)
      conduit.currentValueQueued = false
    }
    guard wasAttached, let index = entries.firstIndex(where: { $0.conduit === conduit }) else {
      return RelayCancellation(removed: nil, waiter: nil, order: 0, queued: queued)
    }
    makeEntriesEditable(adding: 0, delivery: delivery)
    let removed = entries.remove(at: index)
    updateAllUnlimited()
    var waiter: RelayWaiter?
    // `leaveWork` last: it fails when nobody delivers, and otherwise makes the deliverer take
    // the lock at the end of its round, where it wakes the waiter.
    if removed.order <= roundLastOrder, deliveringThread != thread, delivery.leaveWork() {
      let newWaiter = RelayWaiter()
      waiters.append(newWaiter)
      waiter = newWaiter
    }
    return RelayCancellation(
      removed: removed, waiter: waiter, order: removed.order, queued: queued)
  }

  /// Hands over the events `nextRound` dropped, for the caller to release after the lock.
  @inlinable
  mutating func takeDiscarded() -> [RelayEvent<Output>] {
    if discarded.isEmpty { return [] }
    var taken: [RelayEvent<Output>] = []
    swap(&taken, &discarded)
    return taken
  }

  /// Checks, under the lock, the rules that let the deliverer stop without it; costs nothing
  /// in release builds.
  @inlinable
  func _checkInvariants(delivery: borrowing RelayDelivery) {
    #if DEBUG
      if !delivery.isDelivering {
        precondition(pendingStart == pending.endIndex, "events pending with nobody delivering")
        precondition(waiters.isEmpty, "cancellers waiting with nobody delivering")
        precondition(retired.isEmpty, "retired subscribers with nobody to release them")
      }
      precondition(discarded.isEmpty, "dropped events left to release under the lock")
      entries.withEntries { entries in
        precondition(
          zip(entries, entries.dropFirst()).allSatisfy { $0.order < $1.order },
          "subscribers out of order")
      }
    #endif
  }

  @inlinable
  mutating func updateAllUnlimited() {
    allUnlimited = entries.allSatisfy {
      $0.conduit.demand == .unlimited && !$0.conduit.owesCurrentValue
    }
  }
}

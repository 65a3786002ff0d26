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
/// from the round's array without retaining it for each call. Its closures are made where
/// the subscriber's type is known, so they run specialized code.
@usableFromInline
final class RelayTarget<Output> {
  @usableFromInline let receive: (Output) -> Subscribers.Demand
  @usableFromInline let finish: () -> Void

  @inlinable
  init(receive: @escaping (Output) -> Subscribers.Demand, finish: @escaping () -> Void) {
    self.receive = receive
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
@usableFromInline
struct RelayRound<Output> {
  /// The subscribers, in subscription order; `nil` until the duplicate check lets it through.
  @usableFromInline var targets: [RelayEntry<Output>]?
  /// Whether every target had unlimited demand, so the demand they return changes nothing.
  @usableFromInline var targetsAreUnlimited: Bool
  /// Whether this round delivers `.finished` rather than a value.
  @usableFromInline var isFinish: Bool

  @inlinable
  init(targets: [RelayEntry<Output>]?, targetsAreUnlimited: Bool = false, isFinish: Bool = false) {
    self.targets = targets
    self.targetsAreUnlimited = targetsAreUnlimited
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

  @inlinable init(removed: RelayEntry<Output>?, waiter: RelayWaiter?, order: UInt64) {
    self.removed = removed
    self.waiter = waiter
    self.order = order
  }
}

/// The relay's rules, as a value with no locks and no threads: the storage class asks it what
/// to do under the lock, releases the lock, and then does it.
///
/// All values reach subscribers through one sequence of rounds. Only one thread runs rounds at
/// a time (`isDelivering`); a value sent meanwhile, from any thread or from inside a
/// subscriber, waits in `pending` and is delivered after the current round has reached every
/// subscriber. That gives every subscriber the same sequence, in subscription order, and never
/// calls one subscriber concurrently with itself.
@usableFromInline
struct RelayStateMachine<Output> {
  /// Whether this relay has a current value (`CurrentValueRelay`) or only passes values on.
  @usableFromInline let keepsCurrentValue: Bool
  /// Whether rounds carry the previous value for a duplicate check.
  @usableFromInline let checksDuplicates: Bool
  /// The value the delivery sequence has reached; the first value of a new subscriber.
  @usableFromInline var current: Output?
  /// Attached subscribers in subscription order.
  @usableFromInline var entries: [RelayEntry<Output>] = []
  /// Whether every entry has unlimited demand and is owed nothing, so a round needs no
  /// bookkeeping and can share `entries` as its targets.
  @usableFromInline var allUnlimited = true
  /// Events waiting for the round in progress to finish; `pendingStart` is the first unread.
  @usableFromInline var pending: [RelayEvent<Output>] = []
  @usableFromInline var pendingStart = 0
  /// Whether a thread is running rounds, and which.
  @usableFromInline var isDelivering = false
  /// Whether `.finished` was delivered; nothing is delivered after it.
  @usableFromInline var isFinished = false
  @usableFromInline var deliveringThread: ThreadIdentity?
  /// Subscribers with an order up to this one are targets of the round in progress.
  @usableFromInline var roundLastOrder: UInt64 = 0
  /// Cancellers on other threads waiting for the round in progress to end.
  @usableFromInline var waiters: [RelayWaiter] = []
  @usableFromInline var nextOrder: UInt64 = 1

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
      if case .value(let value) = pending[index] { return value }
    }
    return current
  }

  // MARK: Sending

  /// Sends a value: returns the round to deliver now, or `nil` when it waits its turn.
  ///
  /// - Parameter previous: Receives the value it replaces, to compare or release outside the
  ///   lock.
  @inlinable
  mutating func send(
    _ value: Output, thread: ThreadIdentity, previous: inout Output?
  ) -> RelayRound<Output>? {
    if isFinished { return nil }
    if isDelivering {
      pending.append(.value(value))
      return nil
    }
    isDelivering = true
    deliveringThread = thread
    return round(for: value, previous: &previous)
  }

  /// Queues the end of the relay: every subscriber receives `.finished` after the values
  /// before it.
  @inlinable
  mutating func finish(
    thread: ThreadIdentity, value: inout Output?, previous: inout Output?
  ) -> RelayRound<Output>? {
    if isFinished { return nil }
    pending.append(.finished)
    guard !isDelivering else { return nil }
    isDelivering = true
    deliveringThread = thread
    return nextRound(value: &value, previous: &previous)
  }

  @inlinable
  mutating func round(for value: Output, previous: inout Output?) -> RelayRound<Output> {
    if keepsCurrentValue || checksDuplicates {
      previous = current.take()
      current = value
    }
    if checksDuplicates, previous != nil {
      // The duplicate check runs outside the lock; claim demand only if it lets the value through.
      return allUnlimited
        ? RelayRound(targets: claimAll(), targetsAreUnlimited: true) : RelayRound(targets: nil)
    }
    let unlimited = allUnlimited
    return RelayRound(targets: claimTargets(), targetsAreUnlimited: unlimited)
  }

  /// Every entry is a target and nothing needs counting.
  @inlinable
  mutating func claimAll() -> [RelayEntry<Output>] {
    roundLastOrder = entries.last?.order ?? 0
    return entries
  }

  /// Takes one unit of demand from each entry that has some; the others are owed the value.
  @inlinable
  mutating func claimTargets() -> [RelayEntry<Output>] {
    if allUnlimited { return claimAll() }
    var targets: [RelayEntry<Output>] = []
    for entry in entries {
      let conduit = entry.conduit
      if conduit.demand > 0 {
        conduit.demand -= 1
        conduit.owesCurrentValue = false
        targets.append(entry)
      } else if keepsCurrentValue {
        conduit.owesCurrentValue = true
      }
    }
    roundLastOrder = targets.last?.order ?? 0
    updateAllUnlimited()
    return targets
  }

  /// Ends the round in progress: adds the demand subscribers returned, wakes waiting
  /// cancellers, and returns the next round, or `nil` once nothing is pending.
  @inlinable
  mutating func finishRound(
    returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)],
    waking: inout [RelayWaiter], value: inout Output?, previous: inout Output?
  ) -> RelayRound<Output>? {
    roundLastOrder = 0
    for (conduit, demand) in returnedDemand { add(demand, to: conduit) }
    if !waiters.isEmpty {
      waking = waiters
      waiters = []
    }
    return nextRound(value: &value, previous: &previous)
  }

  /// Starts the next pending event that delivers anything, or stops delivering.
  ///
  /// - Parameters:
  ///   - value: Receives the value the round delivers.
  ///   - previous: Receives the value it replaces.
  @inlinable
  mutating func nextRound(value: inout Output?, previous: inout Output?) -> RelayRound<Output>? {
    while pendingStart < pending.endIndex {
      let event = pending[pendingStart]
      pendingStart += 1
      if pendingStart == pending.endIndex {
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        pendingStart = 0
      }
      if isFinished { continue }
      switch event {
      case .value(let next):
        value = next
        return round(for: next, previous: &previous)
      case .finished:
        isFinished = true
        let targets = entries
        entries = []
        for entry in targets { entry.conduit.phase = .cancelled }
        roundLastOrder = targets.last?.order ?? 0
        return RelayRound(targets: targets, targetsAreUnlimited: true, isFinish: true)
      case .currentValue(let entry):
        let conduit = entry.conduit
        conduit.currentValueQueued = false
        guard conduit.phase == .attached, conduit.owesCurrentValue, conduit.demand > 0,
          let current
        else { continue }
        conduit.owesCurrentValue = false
        conduit.demand -= 1
        updateAllUnlimited()
        roundLastOrder = entry.order
        value = current
        return RelayRound(targets: [entry])
      }
    }
    isDelivering = false
    deliveringThread = nil
    return nil
  }

  // MARK: Subscribing

  /// Adds a subscriber once it has received its subscription.
  @inlinable
  mutating func attach(
    _ entry: RelayEntry<Output>, thread: ThreadIdentity, value: inout Output?
  ) -> RelayRound<Output>? {
    var entry = entry
    let conduit = entry.conduit
    guard conduit.phase == .pending, !isFinished else { return nil }
    conduit.phase = .attached
    entry.order = nextOrder
    nextOrder += 1
    conduit.owesCurrentValue = keepsCurrentValue
    entries.append(entry)
    updateAllUnlimited()
    return queueCurrentValueIfOwed(entry, thread: thread, value: &value)
  }

  /// Adds demand; returns a round when the subscriber is now owed the current value.
  @inlinable
  mutating func request(
    _ demand: Subscribers.Demand, for conduit: RelayConduit<Output>, thread: ThreadIdentity,
    value: inout Output?
  ) -> RelayRound<Output>? {
    guard conduit.phase != .cancelled else { return nil }
    conduit.demand += demand
    guard conduit.phase == .attached else { return nil }
    updateAllUnlimited()
    guard let entry = entries.first(where: { $0.conduit === conduit }) else { return nil }
    return queueCurrentValueIfOwed(entry, thread: thread, value: &value)
  }

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
    _ entry: RelayEntry<Output>, thread: ThreadIdentity, value: inout Output?
  ) -> RelayRound<Output>? {
    let conduit = entry.conduit
    guard conduit.owesCurrentValue, conduit.demand > 0, !conduit.currentValueQueued else {
      return nil
    }
    conduit.currentValueQueued = true
    pending.append(.currentValue(entry))
    guard !isDelivering else { return nil }
    isDelivering = true
    deliveringThread = thread
    var previous: Output?  // a current-value round replaces nothing
    return nextRound(value: &value, previous: &previous)
  }

  /// Removes a subscriber. It must wait when another thread may be delivering to it.
  @inlinable
  mutating func cancel(
    _ conduit: RelayConduit<Output>, thread: ThreadIdentity
  ) -> RelayCancellation<Output>? {
    guard conduit.phase != .cancelled else { return nil }
    let wasAttached = conduit.phase == .attached
    conduit.phase = .cancelled
    guard wasAttached, let index = entries.firstIndex(where: { $0.conduit === conduit }) else {
      return RelayCancellation(removed: nil, waiter: nil, order: 0)
    }
    let removed = entries.remove(at: index)
    updateAllUnlimited()
    var waiter: RelayWaiter?
    if isDelivering, deliveringThread != thread, removed.order <= roundLastOrder {
      let newWaiter = RelayWaiter()
      waiters.append(newWaiter)
      waiter = newWaiter
    }
    return RelayCancellation(removed: removed, waiter: waiter, order: removed.order)
  }

  @inlinable
  mutating func updateAllUnlimited() {
    allUnlimited = entries.allSatisfy {
      $0.conduit.demand == .unlimited && !$0.conduit.owesCurrentValue
    }
  }
}

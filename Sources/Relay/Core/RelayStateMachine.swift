/// A relay's rules, as a value with no locks, no atomics and no threads: the storage
/// (`RelayCore`) takes the lock, hands the state machine one event, releases the lock, and then
/// carries out the action it got back.
///
/// All values reach subscribers through one sequence of rounds, run by one deliverer at a
/// time; whatever arrives meanwhile waits in the backlog. That gives every subscriber the same
/// sequence, in subscription order, and never calls one subscriber concurrently with itself.
///
/// **Who delivers.** A thread that sends (or subscribes, or asks for values) while nobody
/// delivers becomes the deliverer and delivers its own work: its value, and whatever it queues
/// itself from inside a subscriber. When the next waiting event is another thread's, it hands
/// the sequence to the drainer, a block on a global dispatch queue, and returns. So no call
/// into a relay is kept delivering other threads' values, however fast they send.
///
/// **Cancelling** never waits. It removes the subscriber at once; a round in progress that
/// already holds it skips it (the storage marks the target cancelled), and releases it when
/// that round ends, or at once when the round runs on the cancelling thread and is not calling
/// that subscriber.
///
/// **`modify`** reserves the relay: plain sends made while its transform runs wait behind its
/// write, so only another `modify` can make it retry.
@usableFromInline
struct RelayStateMachine<Output> {
  /// Whether this relay has a current value (`CurrentValueRelay`) or only passes values on.
  @usableFromInline let keepsCurrentValue: Bool
  /// Whether rounds carry the previous value for a duplicate check.
  @usableFromInline let checksDuplicates: Bool
  /// The most values that may wait in the backlog; `nil` for no limit.
  @usableFromInline let backlogLimit: Int?

  /// The value the delivery sequence has reached; the first value of a new subscriber.
  @usableFromInline var current: Output?
  /// How many values were sent, so that an optimistic `modify` can tell whether one landed.
  @usableFromInline var sendCount: UInt64 = 0
  /// Whether `.finished` was delivered; nothing is delivered after it.
  @usableFromInline var isFinished = false

  /// Attached subscribers in subscription order.
  @usableFromInline var subscribers = RelayLendableSubscribers<Output>()
  /// Each attached subscriber's demand, in the same order as `subscribers`.
  @usableFromInline var accounts: [RelayAccount] = []
  /// Whether every account is unlimited, so a round needs no bookkeeping and can borrow the
  /// subscriber list as its targets.
  @usableFromInline var allUnlimited = true
  /// Demand of subscriptions handed out but not attached yet: the subscriber may ask for
  /// values inside `receive(subscription:)`, before the relay may call it.
  @usableFromInline var unattached: [UInt64: Subscribers.Demand] = [:]
  @usableFromInline var nextID: UInt64 = 1

  /// Events waiting for the round in progress.
  @usableFromInline var backlog = RelayBacklog<Output>()
  /// Who runs rounds; `nil` when nobody does.
  @usableFromInline var deliverer: RelayDeliverer?
  /// The targets of the round in progress, kept alive until it ends, when they are not the
  /// lent subscriber list.
  @usableFromInline var roundTargets: RelaySubscriberList<Output>?
  /// What the deliverer must release at the end of its round.
  @usableFromInline var garbage = RelayGarbage<Output>()

  /// The `modify` whose write plain sends wait behind, by token.
  @usableFromInline var reservation: UInt64?
  @usableFromInline var nextModifyToken: UInt64 = 1
  /// Events sent while a `modify` holds the reservation, in order, with their senders and
  /// whether each came from inside a round, from the thread running it (kept whatever the
  /// backlog limit, as when it is queued directly).
  @usableFromInline var held: [(event: RelayEvent<Output>, sender: ThreadIdentity, isKept: Bool)] =
    []

  @inlinable
  init(
    current: Output?, keepsCurrentValue: Bool, checksDuplicates: Bool,
    backlog: BacklogPolicy = .unbounded
  ) {
    self.current = current
    self.keepsCurrentValue = keepsCurrentValue
    self.checksDuplicates = checksDuplicates
    self.backlogLimit = backlog.limit
  }

  // MARK: What the storage reads

  /// The last value sent: held, waiting, or current.
  @inlinable
  var latestValue: Output? {
    for (event, _, _) in held.reversed() {
      if case .value(let value) = event { return value }
    }
    return backlog.lastValue ?? current
  }

  /// Whether any subscriber is attached.
  @inlinable
  var hasSubscribers: Bool { !accounts.isEmpty }

  /// Whether `thread` runs the rounds now (the sending thread or the drainer's), so that what
  /// it sends or cancels comes from inside one of their calls.
  @inlinable
  func isDelivering(on thread: ThreadIdentity) -> Bool { deliverer?.isRun(by: thread) ?? false }

  /// What `RelayDelivery`'s word must say: whether a round is in progress, and whether its
  /// deliverer must take the lock when it ends.
  @inlinable
  var deliveryWord: RelayDelivery.Word {
    guard deliverer != nil else { return .idle }
    return roundTargets == nil && backlog.isEmpty && garbage.isEmpty
      ? .delivering : .deliveringWithWork
  }

  // MARK: Sending

  /// A value is sent.
  ///
  /// - Returns: `.deliver` when the caller must deliver it now (with the value it holds).
  /// - Parameter replaced: Receives the value this one replaces, for the duplicate check and
  ///   to be released outside the lock.
  @inlinable @inline(__always)
  mutating func send(_ value: Output, from thread: ThreadIdentity, replaced: inout Output?)
    -> RelayNext<Output>
  {
    if isFinished { return .none }
    sendCount &+= 1
    if reservation != nil {
      held.append((.value(value), thread, isDelivering(on: thread)))
      return .none
    }
    return sequence(value, from: thread, replaced: &replaced)
  }

  /// Puts a value in the sequence: delivered now by the caller, or queued.
  @inlinable @inline(__always)
  mutating func sequence(_ value: Output, from thread: ThreadIdentity, replaced: inout Output?)
    -> RelayNext<Output>
  {
    guard deliverer == nil else {
      queue(.value(value), from: thread)
      return .none
    }
    deliverer = .thread(thread)
    return .deliver(startRound(for: value, replaced: &replaced))
  }

  /// Queues an event behind the round in progress; out of line, to keep `send` small enough
  /// to inline.
  @inlinable @inline(never)
  mutating func queue(_ event: RelayEvent<Output>, from thread: ThreadIdentity) {
    let isDeliverersOwn = isDelivering(on: thread)
    if let backlogLimit, case .value = event, !isDeliverersOwn,
      backlog.droppableValueCount >= backlogLimit,
      let dropped = backlog.removeOldestDroppableValue()
    {
      garbage.append(.event(dropped))  // released by the deliverer, outside the lock
    }
    backlog.append(event, isDeliverersOwn: isDeliverersOwn)
  }

  /// The end of the relay: every subscriber receives `.finished` after the values before it.
  @inlinable
  mutating func finish(from thread: ThreadIdentity) -> RelayAction<Output> {
    if isFinished { return RelayAction() }
    if reservation != nil {
      held.append((.finished, thread, false))
      return RelayAction()
    }
    return enqueue(.finished, from: thread)
  }

  /// Queues an event, and makes the caller the deliverer when nobody delivers.
  @inlinable
  mutating func enqueue(_ event: RelayEvent<Output>, from thread: ThreadIdentity)
    -> RelayAction<Output>
  {
    if deliverer != nil {
      queue(event, from: thread)
      return RelayAction()
    }
    deliverer = .thread(thread)
    backlog.append(event, isDeliverersOwn: true)
    var action = RelayAction<Output>()
    nextRound(from: thread, budgetLeft: true, into: &action)
    return action
  }

  /// Makes `value` current and starts its round.
  ///
  /// - Parameter replaced: Receives the value it replaces.
  @inlinable @inline(__always)
  mutating func startRound(for value: Output, replaced: inout Output?) -> RelayRound<Output> {
    if keepsCurrentValue || checksDuplicates {
      // The old value moves to `replaced`, which is empty and owns nothing, and the new one
      // is copied in: no copy of the old value, and no destroy under the lock.
      withUnsafeMutablePointer(to: &current) { current in
        withUnsafeMutablePointer(to: &replaced) { replaced in
          replaced.moveInitialize(from: current, count: 1)
          current.initialize(to: value)
        }
      }
    }
    if allUnlimited { return RelayRound(kind: .unlimited, targets: subscribers.lend()) }
    if checksDuplicates, replaced != nil {
      // The duplicate check runs outside the lock; demand is claimed only if it passes.
      return RelayRound(kind: .checkThenClaim, targets: nil)
    }
    return RelayRound(kind: .claimed, targets: claimTargets())
  }

  /// Takes one unit of demand from each subscriber that has some, for the round in progress;
  /// the others are owed the value, if the relay keeps one.
  @inlinable
  mutating func claimTargets() -> Unmanaged<RelaySubscriberList<Output>> {
    let list = subscribers.list
    let targets = RelaySubscriberList<Output>.make(capacity: accounts.count)
    list.withSlots { slots in
      for index in accounts.indices {
        if accounts[index].isUnlimited {
        } else if accounts[index].demand > 0 {
          accounts[index].demand -= 1
          accounts[index].owesCurrentValue = false
        } else {
          if keepsCurrentValue { accounts[index].owesCurrentValue = true }
          continue
        }
        targets.insert(RelaySlot(order: slots[index].order, target: slots[index].target?.retain()))
      }
    }
    updateAllUnlimited()
    roundTargets = targets
    return Unmanaged.passUnretained(targets)
  }

  // MARK: Ending rounds

  /// The deliverer ended its round without the lock, with nothing left to do.
  @inlinable
  mutating func delivererStoppedWithoutLock() {
    deliverer = nil
    subscribers.endLending()
  }

  /// The deliverer ends its round: adds the demand subscribers returned, and says what comes
  /// next.
  ///
  /// - Parameters:
  ///   - returnedDemand: Demand the round's subscribers returned, by subscription id.
  ///   - thread: The deliverer's thread.
  ///   - budgetLeft: For the drainer, whether it may run another round before it lets other
  ///     work on its queue go first.
  @inlinable
  mutating func endRound(
    returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], from thread: ThreadIdentity,
    budgetLeft: Bool
  ) -> RelayAction<Output> {
    subscribers.endLending()
    if let targets = roundTargets.take() { garbage.append(.list(targets)) }
    for (id, demand) in returnedDemand { add(demand, to: id) }
    var action = RelayAction<Output>()
    nextRound(from: thread, budgetLeft: budgetLeft, into: &action)
    return action
  }

  /// The drainer starts on its queue.
  @inlinable
  mutating func drainerStarts(on thread: ThreadIdentity) -> RelayAction<Output> {
    precondition(deliverer == .drainer(nil), "a drainer started while another deliverer runs")
    deliverer = .drainer(thread)
    var action = RelayAction<Output>()
    nextRound(from: thread, budgetLeft: true, into: &action)
    return action
  }

  /// Starts the next waiting event that delivers anything, hands the sequence to the drainer,
  /// or stops delivering; hands over what was dropped on the way.
  @inlinable
  mutating func nextRound(
    from thread: ThreadIdentity, budgetLeft: Bool, into action: inout RelayAction<Output>
  ) {
    defer { action.garbage = garbage.take() }
    while let entry = backlog.first {
      switch deliverer {
      case .thread where !entry.isDeliverersOwn:
        // Another thread's work: not this caller's to deliver.
        deliverer = .drainer(nil)
        action.next = .startDrainer
        return
      case .drainer where !budgetLeft:
        // A new block takes over; this thread is no longer the deliverer once it returns.
        deliverer = .drainer(nil)
        action.next = .startDrainer
        return
      default: break
      }
      guard let event = backlog.popFirst() else { break }
      if isFinished {
        garbage.append(.event(event))
        continue
      }
      if start(event, into: &action) { return }
    }
    deliverer = nil
    action.next = .none
  }

  /// Starts the round for an event from the backlog; returns `false` when it delivers nothing.
  @inlinable
  mutating func start(_ event: RelayEvent<Output>, into action: inout RelayAction<Output>) -> Bool {
    switch event {
    case .value(let value):
      action.next = .deliver(startRound(for: value, replaced: &action.replaced))
      action.value = value
      return true
    case .finished:
      isFinished = true
      accounts = []
      allUnlimited = true
      let targets = subscribers.takeAll()
      roundTargets = targets
      action.next = .deliver(RelayRound(kind: .finish, targets: Unmanaged.passUnretained(targets)))
      return true
    case .currentValue(let id):
      guard let index = accountIndex(of: id) else {
        garbage.append(.event(event))
        return false
      }
      accounts[index].currentValueQueued = false
      guard accounts[index].owesCurrentValue, accounts[index].demand > 0, let current else {
        garbage.append(.event(event))
        return false
      }
      accounts[index].owesCurrentValue = false
      accounts[index].demand -= 1
      updateAllUnlimited()
      let targets = RelaySubscriberList<Output>.make(capacity: 1)
      let target = subscribers.list.withSlots { $0[index].target?.retain() }
      targets.insert(RelaySlot(order: id, target: target))
      roundTargets = targets
      action.next = .deliver(RelayRound(kind: .claimed, targets: Unmanaged.passUnretained(targets)))
      action.value = current
      return true
    }
  }

  // MARK: Subscribing

  /// A subscription is about to be handed to a subscriber.
  ///
  /// - Returns: The subscription's id.
  @inlinable
  mutating func register() -> UInt64 {
    let id = nextID
    nextID += 1
    unattached[id] = Subscribers.Demand.none
    return id
  }

  /// The subscriber received its subscription: from now on the relay may call it.
  @inlinable
  mutating func attach(
    _ id: UInt64, target: RelayTarget<Output>, from thread: ThreadIdentity
  ) -> RelayAttachAction<Output> {
    guard let demand = unattached.removeValue(forKey: id) else { return .cancelled(target) }
    if isFinished { return .finished(target) }
    retire(subscribers.prepareEdit(adding: 1))
    let index = subscribers.list.insert(
      RelaySlot(order: id, target: Unmanaged.passRetained(target)))
    accounts.insert(
      RelayAccount(id: id, demand: demand, owesCurrentValue: keepsCurrentValue), at: index)
    updateAllUnlimited()
    return .attached(queueCurrentValueIfOwed(at: index, from: thread))
  }

  /// A subscriber asks for more values.
  @inlinable
  mutating func request(
    _ demand: Subscribers.Demand, for id: UInt64, from thread: ThreadIdentity
  ) -> RelayAction<Output> {
    if let early = unattached[id] {
      unattached[id] = early + demand
      return RelayAction()
    }
    guard let index = accountIndex(of: id) else { return RelayAction() }
    accounts[index].demand += demand
    updateAllUnlimited()
    return queueCurrentValueIfOwed(at: index, from: thread)
  }

  /// Adds demand a subscriber returned from a call; only the deliverer does this, and the
  /// current value it may queue is its own work.
  @inlinable
  mutating func add(_ demand: Subscribers.Demand, to id: UInt64) {
    guard demand != .none, let index = accountIndex(of: id) else { return }
    accounts[index].demand += demand
    updateAllUnlimited()
    if accounts[index].owesCurrentValue, !accounts[index].currentValueQueued {
      accounts[index].currentValueQueued = true
      backlog.append(.currentValue(id), isDeliverersOwn: true)
    }
  }

  @inlinable
  mutating func queueCurrentValueIfOwed(at index: Int, from thread: ThreadIdentity)
    -> RelayAction<Output>
  {
    guard accounts[index].owesCurrentValue, accounts[index].demand > 0,
      !accounts[index].currentValueQueued
    else { return RelayAction() }
    accounts[index].currentValueQueued = true
    return enqueue(.currentValue(accounts[index].id), from: thread)
  }

  /// A subscription is cancelled: the subscriber is removed and, where nothing calls it,
  /// handed back to be released.
  ///
  /// - Parameters:
  ///   - id: The subscription.
  ///   - thread: The cancelling thread.
  ///   - beingCalled: The subscriber whose call is on the stack of the thread that delivers,
  ///     meaningful only when that is `thread`.
  @inlinable
  mutating func cancel(_ id: UInt64, from thread: ThreadIdentity, beingCalled: UInt64)
    -> RelayGarbage<Output>
  {
    var released = RelayGarbage<Output>()
    if unattached.removeValue(forKey: id) != nil { return released }
    guard let index = accountIndex(of: id) else { return released }
    let account = accounts.remove(at: index)
    retire(subscribers.prepareEdit(adding: 0))
    if let target = subscribers.list.remove(at: index).target {
      released.append(.target(target.takeRetainedValue()))
    }
    updateAllUnlimited()
    if account.currentValueQueued, let event = backlog.removeCurrentValue(for: id) {
      released.append(.event(event))
    }
    // The round in progress may hold the subscriber too. On the delivering thread, when that
    // round is not calling it, nothing else reads its slot: release it now.
    if isDelivering(on: thread), beingCalled != id, let targets = roundTargets,
      let slot = targets.index(ofOrder: id), let target = targets.takeTarget(at: slot)
    {
      released.append(.target(target))
    }
    return released
  }

  /// Keeps a list the round in progress still reads alive until the round ends.
  @inlinable
  mutating func retire(_ lent: RelaySubscriberList<Output>?) {
    guard let lent else { return }
    precondition(roundTargets == nil, "a round lent the subscriber list and owns targets too")
    roundTargets = lent
  }

  // MARK: modify

  /// A `modify` reads the value it will transform.
  @inlinable
  mutating func beginModify() -> (value: Output?, ticket: RelayModifyTicket) {
    guard reservation == nil else { return (latestValue, .optimistic(sendsAtRead: sendCount)) }
    let token = nextModifyToken
    nextModifyToken += 1
    reservation = token
    return (latestValue, .reserved(token: token))
  }

  /// A `modify` writes its result, unless another write makes it retry.
  @inlinable
  mutating func commitModify(
    _ value: Output, ticket: RelayModifyTicket, from thread: ThreadIdentity
  ) -> RelayCommit<Output> {
    switch ticket {
    case .reserved(let token):
      // An optimistic modify that wrote first took the reservation away.
      guard reservation == token else { return .retry(RelayAction()) }
      reservation = nil
      if isFinished { return .written(RelayAction(garbage: releaseHeld())) }
      sendCount &+= 1
      // Its value goes first, then what was sent while it ran.
      var action = RelayAction<Output>()
      action.next = sequence(value, from: thread, replaced: &action.replaced)
      action.garbage = releaseHeld()
      return .written(action)
    case .optimistic(let sendsAtRead):
      guard sendCount == sendsAtRead, !isFinished else { return .retry(RelayAction()) }
      // It read after the values held so far: they go first, and the reserved modify, which
      // read before them, must retry.
      reservation = nil
      sendCount &+= 1
      var action = RelayAction<Output>(garbage: releaseHeld())
      if deliverer == nil, backlog.isEmpty {
        action.next = sequence(value, from: thread, replaced: &action.replaced)
        return .written(action)
      }
      queue(.value(value), from: thread)
      action.next = handOffIfIdle()
      return .written(action)
    }
  }

  /// A `modify`'s transform threw: nothing is written, and what it held goes on.
  @inlinable
  mutating func abandonModify(_ ticket: RelayModifyTicket) -> RelayAction<Output> {
    guard case .reserved(let token) = ticket, reservation == token else { return RelayAction() }
    reservation = nil
    let garbage = releaseHeld()
    return RelayAction(handOffIfIdle(), garbage: garbage)
  }

  /// Queues the events held behind a reservation; those the deliverer sent itself stay its
  /// own work, and those sent from inside a round stay kept. Drops them when the relay has
  /// finished.
  @inlinable
  mutating func releaseHeld() -> RelayGarbage<Output> {
    var dropped = RelayGarbage<Output>()
    for (event, sender, isKept) in held {
      if isFinished {
        dropped.append(.event(event))
      } else {
        backlog.append(
          event, isDeliverersOwn: isDelivering(on: sender), isKept: isKept)
      }
    }
    held = []
    return dropped
  }

  /// Hands waiting work to the drainer when nobody delivers.
  @inlinable
  mutating func handOffIfIdle() -> RelayNext<Output> {
    guard deliverer == nil, !backlog.isEmpty else { return .none }
    deliverer = .drainer(nil)
    return .startDrainer
  }

  // MARK: Bookkeeping

  @inlinable
  func accountIndex(of id: UInt64) -> Int? {
    // Accounts are in id order, like the subscriber list.
    subscribers.list.index(ofOrder: id)
  }

  @inlinable
  mutating func updateAllUnlimited() {
    allUnlimited = accounts.allSatisfy(\.isUnlimited)
  }

  /// Checks, under the lock, the rules the storage relies on; costs nothing in release builds.
  @inlinable
  func _checkInvariants() {
    #if DEBUG
      if deliverer == nil {
        precondition(backlog.isEmpty, "events waiting with nobody delivering")
        precondition(garbage.isEmpty, "garbage left with nobody to release it")
        precondition(roundTargets == nil, "round targets kept with no round in progress")
        precondition(!subscribers.isLent, "subscribers lent with no round in progress")
      }
      if reservation == nil { precondition(held.isEmpty, "values held with no modify") }
      precondition(accounts.count == subscribers.list.count, "accounts out of step")
      subscribers.list.withSlots { slots in
        precondition(
          zip(slots, accounts).allSatisfy { $0.order == $1.id && $0.target != nil },
          "accounts out of step with subscribers")
        precondition(
          zip(slots, slots.dropFirst()).allSatisfy { $0.order < $1.order },
          "subscribers out of order")
      }
    #endif
  }
}

/// The part of a relay's rules that depends on no value type.
///
/// It holds the phase (open, held by a write, finished), the subscribers and their demand, the
/// delivery sequence and its runner, and what the round in progress keeps. `RelayStateMachine`
/// adds the current value around it.
///
/// Compiled once, in this module: the events it moves hold their values in boxes
/// (`AnyRelayValue`) and the subscribers it keeps are `AnyRelayTarget`s, so an app pays for it
/// once rather than once per type it observes. Most events are out of line; what a write that
/// finds nobody delivering runs (claiming the delivery, making the round, ending a reservation
/// with nothing held behind it) is inlined into the state machine's specialized code.
///
/// Every event answers, as the state machine's do, with what the storage does next; a round it
/// starts says which value it delivers (`RelayStartedValue`), and the state machine supplies it.
@usableFromInline
struct RelayCore {
  // No stored property has a default value: for a type that is not generic, the default is a
  // function of this module, which an inlined initializer calls rather than inlines.
  /// What a round in progress keeps until it ends (and the list it calls, when the round owns
  /// it, in `occasional`: `keptList`).
  @usableFromInline
  struct RoundInProgress {
    /// What the runner releases when the round ends.
    @usableFromInline var released: RelayReleased

    @inlinable
    init() {
      released = RelayReleased()
    }
  }

  /// The demand of subscriptions handed out but not attached yet, by id.
  ///
  /// A subscriber may ask for values inside `receive(subscription:)`, before the relay may call
  /// it. Almost always one at a time, kept in place; more in `occasional`.
  @usableFromInline
  struct Unattached {
    /// The id of the one kept in place, or 0 (ids start at 1).
    @usableFromInline var firstID: UInt64
    @usableFromInline var firstDemand: Subscribers.Demand

    @inlinable
    init() {
      firstID = 0
      firstDemand = .none
    }
  }

  /// Where a relay is in its life.
  @usableFromInline
  enum Phase {
    /// Values go into the sequence as they are sent.
    case open
    /// A write (a `modify` running its closure, or an in-place write) holds the relay: plain
    /// sends and owed current values wait in its reservation until it commits.
    case reserved(RelayReservation)
    /// `.finished` was sequenced: nothing more is delivered, sends are ignored, and a write
    /// commits nothing.
    case finished
  }

  // In an order that leaves the least padding (Swift lays fields out in declaration order): the
  // narrow ones in the last word of `phase`, which is 25 bytes. 152 bytes in all, which makes
  // the storage of a relay of a 40-byte value 248 bytes, a 256-byte heap chunk (on Linux).
  @usableFromInline var phase: Phase
  /// Whether this relay has a current value (`CurrentValueRelay`) or only passes values on.
  @usableFromInline let keepsCurrentValue: Bool
  /// Whether rounds compare their value with the one it replaced.
  @usableFromInline let checksDuplicates: Bool
  /// What its subscriptions print as.
  @usableFromInline let subscriptionName: RelaySubscriptionName
  /// The most values from other threads that may wait; `UInt32.max` for no limit.
  ///
  /// Four bytes, in the last word of `phase`: a limit that large holds more values than any
  /// process keeps (`BacklogPolicy.keepingNewest` says so), and a word would cost the core 8.
  @usableFromInline let backlogLimit: UInt32
  @usableFromInline var subscribers: RelaySubscribers
  @usableFromInline var unattached: Unattached
  @usableFromInline var round: RoundInProgress
  /// How many values were sent, so that an optimistic `modify` can tell whether one landed.
  ///
  /// It also names each write that holds the relay (`RelayReservation.token`): a reservation
  /// takes the count when it begins. A reservation ends by another's hand in two ways: an
  /// optimistic `modify` overtaking it, which counts a send, so every later reservation has
  /// another count; or the end of the relay, after which none begins. Otherwise its own write
  /// ends it, and a write that does not count a send (an abandoned `modify`) holds no ticket
  /// afterwards that a later reservation with the same count could be taken for.
  @usableFromInline var sendCount: UInt64
  /// What few relays need, made the first time one does.
  @usableFromInline var occasional: RelayOccasional?
  @usableFromInline var delivery: SerialDelivery<RelayEvent>

  /// A core with no subscriber, open; out of line, as it depends on no value type.
  ///
  /// Made by the memberwise initializer, in one expression: an initializer that set `self`'s
  /// fields one by one had the optimizer copy the whole core (a retain of each reference in
  /// it) and then destroy the original, some 500 instructions per relay.
  @usableFromInline
  static func make(
    keepsCurrentValue: Bool, checksDuplicates: Bool, subscriptionName: RelaySubscriptionName,
    backlog: BacklogPolicy
  ) -> RelayCore {
    RelayCore(
      phase: .open, keepsCurrentValue: keepsCurrentValue, checksDuplicates: checksDuplicates,
      subscriptionName: subscriptionName, backlogLimit: backlog.storedLimit,
      subscribers: RelaySubscribers(), unattached: Unattached(),
      round: RoundInProgress(), sendCount: 0, occasional: nil, delivery: SerialDelivery())
  }

  // MARK: What the storage reads

  /// What readers and `modify` wait on while an in-place write on another thread has the value,
  /// once a thread waited (most relays never see one).
  @inlinable
  var inPlaceWriteEnded: LockCondition? { occasional?.inPlaceWriteEnded }

  /// `occasional`, made if it does not exist yet.
  @usableFromInline
  mutating func occasionalMadeIfNeeded() -> RelayOccasional {
    if occasional == nil { occasional = RelayOccasional() }
    return occasional.unsafelyUnwrapped
  }

  /// The list the round in progress calls, when the round owns it rather than borrowing the
  /// live one (or borrowed one an edit has since retired).
  @inlinable @inline(__always)
  var keptList: RelaySubscriberList? { occasional?.kept }

  /// Keeps a list the round in progress still reads alive until it ends.
  @inlinable
  mutating func keep(_ list: RelaySubscriberList?) {
    guard let list else { return }
    let occasional = occasionalMadeIfNeeded()
    precondition(occasional.kept == nil, "a round kept two subscriber lists")
    occasional.kept = list
  }

  /// The demand of subscription `id`, or `nil` when it is not waiting to attach.
  @usableFromInline
  func unattachedDemand(of id: UInt64) -> Subscribers.Demand? {
    if id == unattached.firstID { return unattached.firstDemand }
    return occasional?.unattached[id]
  }

  /// Sets the demand of subscription `id`, waiting to attach; `nil` forgets it.
  @usableFromInline
  mutating func setUnattachedDemand(_ demand: Subscribers.Demand?, of id: UInt64) {
    if id == unattached.firstID {
      if let demand { unattached.firstDemand = demand } else { unattached.firstID = 0 }
    } else if unattached.firstID == 0, let demand, occasional?.unattached[id] == nil {
      (unattached.firstID, unattached.firstDemand) = (id, demand)
    } else if let demand {
      occasionalMadeIfNeeded().unattached[id] = demand
    } else {
      occasional?.unattached[id] = nil
    }
  }

  /// Forgets subscription `id`, waiting to attach: returns its demand, or `nil` when it was not
  /// waiting.
  @usableFromInline
  mutating func removeUnattached(_ id: UInt64) -> Subscribers.Demand? {
    guard let demand = unattachedDemand(of: id) else { return nil }
    setUnattachedDemand(nil, of: id)
    return demand
  }

  /// `inPlaceWriteEnded`, made if it does not exist yet.
  @usableFromInline
  mutating func inPlaceWriteEndedMadeIfNeeded() -> LockCondition {
    let occasional = occasionalMadeIfNeeded()
    if occasional.inPlaceWriteEnded == nil { occasional.inPlaceWriteEnded = LockCondition() }
    return occasional.inPlaceWriteEnded.unsafelyUnwrapped
  }

  /// The write holding the relay, if any.
  @inlinable
  var reservation: RelayReservation? {
    if case .reserved(let reservation) = phase { reservation } else { nil }
  }

  /// Whether a write holds the relay.
  @inlinable
  var isReserved: Bool { if case .reserved = phase { true } else { false } }

  /// Whether `.finished` was sequenced.
  @inlinable
  var isFinished: Bool { if case .finished = phase { true } else { false } }

  /// The thread of the write holding the relay, if any.
  @inlinable
  var writer: ThreadIdentity? {
    if case .reserved(let reservation) = phase { reservation.holder } else { nil }
  }

  /// The thread of the in-place write holding the relay, if that is what holds it.
  @inlinable
  var inPlaceWriter: ThreadIdentity? {
    if case .reserved(let reservation) = phase, reservation.isInPlace {
      reservation.holder
    } else {
      nil
    }
  }

  /// The thread changing the latest value in place, while it has the value itself and
  /// nothing newer waits: a reader must wait for it.
  @inlinable
  var inPlaceWriterHoldingTheValue: ThreadIdentity? {
    guard case .reserved(let reservation) = phase, reservation.kind == .inPlaceMovedOut,
      latestSentValue == nil
    else { return nil }
    return reservation.holder
  }

  /// The thread of the write an event waiting for `wait` waits for, if one holds the relay.
  ///
  /// Always inlined: read through a pointer (`waitForWrite`), a call would be handed a copy of
  /// the whole core.
  @inlinable @inline(__always)
  func holder(blocking wait: RelayWait) -> ThreadIdentity? {
    switch wait {
    case .value: inPlaceWriterHoldingTheValue
    case .inPlaceWrites: inPlaceWriter
    case .everyWrite: writer
    }
  }

  /// The last value sent that is not current yet: held behind a write, or waiting in the
  /// sequence; `nil` when the current value is the latest.
  @usableFromInline
  var latestSentValue: AnyRelayValue? {
    if case .reserved(let reservation) = phase, let held = reservation.lastValue { return held }
    if let index = delivery.waiting.lastIndex(where: {
      if case .value = $0.event { true } else { false }
    }),
      case .value(let value, _) = delivery.waiting[index].event
    {
      return value
    }
    return nil
  }

  /// Whether any subscriber is attached.
  @inlinable var hasSubscribers: Bool { !subscribers.isEmpty }

  /// Whether a thread runs rounds now.
  @inlinable var hasRunner: Bool { delivery.runner != nil }

  /// What `RelayRoundEnding`'s word must say: whether a round is in progress, and whether its
  /// runner must take the lock when it ends.
  ///
  /// Always inlined: read through a pointer (`endEvent`), a call would be handed a copy of the
  /// whole core.
  @inlinable @inline(__always)
  var roundEnding: RelayRoundEnding.Word {
    guard hasRunner else { return .idle }
    return keptList == nil && delivery.waiting.isEmpty && round.released.isEmpty
      ? .delivering : .deliveringWithWork
  }

  // MARK: Around every event

  // What runs around every event depends on no value type. Its usual path (take the mutex,
  // catch up with a round ended without it, store `ending`'s word, release the mutex) is
  // inlined into each event of the state machine, which is specialized for each value type: a
  // call cost every write some 20 instructions. The rest (waiting for another thread's write,
  // waking the threads that waited) is out of line and compiled once, and the rare events call
  // the whole of it (`beginRareEvent`, `endRareEvent`), so that each value type an app observes
  // carries less of it.

  /// Takes the relay's mutex before an event, and tells the core of a round its runner ended
  /// without the lock.
  ///
  /// - Parameters:
  ///   - header: The relay's header, whose mutex guards `core` and where `ending` lies.
  ///   - core: The core, in the relay's state machine.
  @inlinable @inline(__always)
  static func beginEvent(
    _ header: UnsafeMutablePointer<RelayStorageHeader>, _ core: UnsafeMutablePointer<RelayCore>
  ) {
    MutexMemory.lock(&header.pointee.mutex)
    if core.pointee.hasRunner { core.pointee.catchUp(endingAt: header) }
  }

  /// Takes the relay's mutex before an event once no write on another thread holds what the
  /// event needs (`wait`), waiting with the mutex released; then as `beginEvent(_:_:)`.
  ///
  /// The same thread, inside its own write, stops the program instead: an overlapping access,
  /// which would otherwise wait for itself.
  @inlinable @inline(__always)
  static func beginEvent(
    _ header: UnsafeMutablePointer<RelayStorageHeader>, _ core: UnsafeMutablePointer<RelayCore>,
    waitingFor wait: RelayWait
  ) {
    MutexMemory.lock(&header.pointee.mutex)
    // Every write that an event waits for holds the relay's reservation.
    if core.pointee.isReserved { waitForWrite(wait, header, core) }
    if core.pointee.hasRunner { core.pointee.catchUp(endingAt: header) }
  }

  /// Waits, with the mutex released, while a write on another thread holds what an event needs.
  ///
  /// Static, over pointers: each look at the core is an access of its own, and none spans a
  /// wait, while which the writer changes the core (a `mutating` method's `inout` core would
  /// let the optimizer assume it unchanged across the wait).
  @usableFromInline
  static func waitForWrite(
    _ wait: RelayWait, _ header: UnsafeMutablePointer<RelayStorageHeader>,
    _ core: UnsafeMutablePointer<RelayCore>
  ) {
    while let holder = core.pointee.holder(blocking: wait) {
      precondition(
        holder != ThreadIdentity.current,
        "a @Diff or relay value was read or written while this thread was writing it "
          + "(an overlapping access, such as a write through the property inside its modify, "
          + "or on the thread where a part passed inout to an async function was suspended)")
      let writeEnded = core.pointee.inPlaceWriteEndedMadeIfNeeded()
      writeEnded.wait(releasing: &header.pointee.mutex)
    }
  }

  /// Tells the core of a round its runner ended without the lock.
  ///
  /// A runner that ended its round with the compare-and-exchange did so without the lock: the
  /// core learns it here, as an event of its own, before the one at hand. The caller holds the
  /// mutex, and a thread runs rounds.
  ///
  /// Inlined: every write of a relay with subscribers catches up with the round before it, and
  /// a call here cost it some 20 instructions.
  @inlinable @inline(__always)
  mutating func catchUp(endingAt header: UnsafeMutablePointer<RelayStorageHeader>) {
    if !RelayRoundEnding(at: UnsafeMutableRawPointer(header)).holdRunner() {
      runnerStoppedWithoutLock()
    }
  }

  /// `beginEvent(_:_:)`, called rather than inlined: for the rare events.
  @usableFromInline
  static func beginRareEvent(
    _ header: UnsafeMutablePointer<RelayStorageHeader>, _ core: UnsafeMutablePointer<RelayCore>
  ) {
    beginEvent(header, core)
  }

  /// `endEvent(_:_:)`, called rather than inlined: for the rare events.
  @usableFromInline
  static func endRareEvent(
    _ header: UnsafeMutablePointer<RelayStorageHeader>, _ core: UnsafeMutablePointer<RelayCore>
  ) {
    endEvent(header, core)
  }

  /// Keeps `ending` and the waiting readers in step with the event just run, and releases the
  /// relay's mutex.
  @inlinable @inline(__always)
  static func endEvent(
    _ header: UnsafeMutablePointer<RelayStorageHeader>, _ core: UnsafeMutablePointer<RelayCore>
  ) {
    RelayRoundEnding(at: UnsafeMutableRawPointer(header)).set(core.pointee.roundEnding)
    if core.pointee.occasional?.inPlaceWriteEnded != nil { core.pointee.wakeWaitingReaders() }
    core.pointee._checkInvariants()
    MutexMemory.unlock(&header.pointee.mutex)
  }

  /// Wakes the threads waiting for a write, once none holds the relay; once one waited.
  ///
  /// `mutating`: a non-mutating method called through `pointee` is handed a copy of the whole
  /// core.
  @usableFromInline
  mutating func wakeWaitingReaders() {
    if !isReserved, let waiting = inPlaceWriteEnded { waiting.signalAllWaiting() }
  }

  // MARK: Sending

  /// Puts an event in the reservation of the write holding the relay, behind its result.
  @usableFromInline
  mutating func hold(_ event: RelayEvent, from thread: ThreadIdentity) {
    // Moved out while it grows, so that its array is referenced once and grows in place.
    guard var reservation = phase.takeReservation() else {
      preconditionFailure("an event was held with no write holding the relay")
    }
    reservation.held.append(.init(event: event, sender: thread))
    phase.reserve(reservation)
  }

  /// Ends the reservation of the write holding the relay, if any: what was held behind it.
  @inlinable
  mutating func endReservation() -> [RelayReservation.Held] {
    phase.takeReservation()?.held ?? []
  }

  /// Queues a sent value behind the round in progress, dropping the oldest droppable one when a
  /// backlog limit is reached.
  @usableFromInline
  mutating func queue(_ value: AnyRelayValue, from thread: ThreadIdentity) {
    let isRunners = delivery.isRunning(on: thread)
    if backlogLimit != .max, !isRunners,
      delivery.waiting.count(where: { $0.event.isDroppable }) >= Int(backlogLimit),
      let oldest = delivery.waiting.firstIndex(where: { $0.event.isDroppable })
    {
      round.released.append(.event(delivery.removeWaiting(at: oldest)))
    }
    delivery.enqueue(.value(value, isKept: isRunners), from: thread)
  }

  /// The end of the relay: every subscriber receives `.finished` after the values before it.
  @usableFromInline
  mutating func finish(from thread: ThreadIdentity, hasCurrent: Bool) -> RelayCoreStep {
    switch phase {
    case .open: return submit(.finished, from: thread, hasCurrent: hasCurrent)
    case .reserved:
      hold(.finished, from: thread)
      return RelayCoreStep()
    case .finished: return RelayCoreStep()
    }
  }

  /// Puts an event in the sequence; the caller runs it when nobody delivers.
  @usableFromInline
  mutating func submit(_ event: RelayEvent, from thread: ThreadIdentity, hasCurrent: Bool)
    -> RelayCoreStep
  {
    switch delivery.submit(event, from: thread) {
    case .waits: return RelayCoreStep()
    case .scheduleDrainer: return RelayCoreStep(.scheduleDrainer)
    case .deliver(let event):
      var step = RelayCoreStep()
      if start(event, into: &step, hasCurrent: hasCurrent) { return step }
      return follow(delivery.next(from: thread), from: thread, hasCurrent: hasCurrent)
    }
  }

  /// The round of a value: every subscriber with unlimited demand borrows the live list; with
  /// any bounded demand, the round claims a unit from each subscriber that has one.
  @inlinable @inline(__always)
  mutating func makeRound(checksDuplicate: Bool) -> RelayRound {
    if subscribers.allUnlimited {
      return RelayRound(
        kind: .unlimited, targets: subscribers.lend(), checksDuplicate: checksDuplicate)
    }
    return makeClaimedRound(checksDuplicate: checksDuplicate)
  }

  @usableFromInline
  mutating func makeClaimedRound(checksDuplicate: Bool) -> RelayRound {
    let (targets, claims) = subscribers.claim(keepsCurrentValue: keepsCurrentValue)
    keep(targets)
    if checksDuplicate { occasionalMadeIfNeeded().claims = claims }
    return RelayRound(
      kind: .claimed, targets: RelaySubscriberLoan(targets), checksDuplicate: checksDuplicate)
  }

  // MARK: Ending rounds

  /// The runner ended its round without the lock, having seen nothing left to do: the storage
  /// tells the core so before the next event.
  @inlinable
  mutating func runnerStoppedWithoutLock() {
    delivery.runnerStopped()
    subscribers.endLending()
  }

  /// The runner ends its round: adds the demand subscribers returned, gives back what a
  /// duplicate's round claimed, and says what comes next.
  @usableFromInline
  mutating func endRound(
    returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], wasDuplicate: Bool,
    from thread: ThreadIdentity, hasCurrent: Bool
  ) -> RelayCoreStep {
    subscribers.endLending()
    if let occasional {
      if let kept = occasional.kept.take() { round.released.append(.list(kept)) }
      if !occasional.claims.isEmpty {
        if wasDuplicate { subscribers.refund(occasional.claims) }
        occasional.claims = []
      }
    }
    for (id, demand) in returnedDemand { add(demand, to: id) }
    return follow(delivery.next(from: thread), from: thread, hasCurrent: hasCurrent)
  }

  /// The drainer starts on its queue.
  @usableFromInline
  mutating func drainerStarts(on thread: ThreadIdentity, hasCurrent: Bool) -> RelayCoreStep {
    follow(delivery.drainerStarts(on: thread), from: thread, hasCurrent: hasCurrent)
  }

  /// Starts the first event the delivery hands the runner that delivers anything, or says
  /// the runner stops or hands on; hands over what was dropped on the way.
  ///
  /// - Parameter hasCurrent: Whether the relay holds a current value; no event before the one
  ///   that delivers changes it.
  @usableFromInline
  mutating func follow(
    _ answer: SerialDelivery<RelayEvent>.Next, from thread: ThreadIdentity, hasCurrent: Bool
  ) -> RelayCoreStep {
    var step = RelayCoreStep()
    var answer = answer
    while true {
      switch answer {
      case .stop:
        step.next = .none
      case .scheduleDrainer:
        step.next = .scheduleDrainer
      case .deliver(let event):
        if isFinished {
          round.released.append(.event(event))
        } else if start(event, into: &step, hasCurrent: hasCurrent) {
          break
        }
        answer = delivery.next(from: thread)
        continue
      }
      break
    }
    step.released = round.released.take()
    return step
  }

  /// Starts the round of an event from the sequence; returns `false` when it delivers nothing.
  @usableFromInline
  mutating func start(_ event: RelayEvent, into step: inout RelayCoreStep, hasCurrent: Bool)
    -> Bool
  {
    switch event {
    case .value(let value, _):
      // The value replaces the current one, when the relay keeps or compares one: a duplicate
      // check needs one to compare with.
      step.next = .deliver(makeRound(checksDuplicate: checksDuplicates && hasCurrent))
      step.value = .sent(value)
      return true
    case .finished:
      // What a write held behind its result was sent after the end: it is dropped, and the
      // write commits nothing.
      round.released.append(eventsOf: endReservation())
      phase = .finished
      let list = subscribers.removeAll()
      keep(list)
      step.next = .deliver(RelayRound(kind: .finish, targets: RelaySubscriberLoan(list)))
      return true
    case .currentValue(let id):
      guard let index = subscribers.index(of: id) else {
        round.released.append(.event(event))
        return false
      }
      var account = subscribers[index]
      account.currentValueQueued = false
      guard account.owesCurrentValue, account.demand > 0, hasCurrent else {
        subscribers[index] = account
        return false
      }
      account.owesCurrentValue = false
      account.demand -= 1
      subscribers[index] = account
      let (targets, kept) = subscribers.single(at: index)
      keep(kept)
      step.next = .deliver(RelayRound(kind: .claimed, targets: targets))
      step.value = .current
      return true
    }
  }

  // MARK: Subscribing

  /// A subscription is about to be handed to a subscriber: returns its id.
  @usableFromInline
  mutating func register() -> UInt64 {
    let id = subscribers.nextSubscriptionID()
    setUnattachedDemand(Subscribers.Demand.none, of: id)
    return id
  }

  /// The subscriber received its subscription: from now on the relay may call it.
  @usableFromInline
  mutating func attach(
    _ id: UInt64, target: AnyRelayTarget, from thread: ThreadIdentity, hasCurrent: Bool
  ) -> RelayAttachAction<RelayCoreStep> {
    guard let demand = removeUnattached(id) else { return .cancelled }
    if isFinished { return .finished }
    let (index, retired) = subscribers.attach(
      id, demand: demand, target: target, owesCurrentValue: keepsCurrentValue)
    keep(retired)
    return .attached(queueCurrentValueIfOwed(at: index, from: thread, hasCurrent: hasCurrent))
  }

  /// A subscriber asks for more values.
  @usableFromInline
  mutating func request(
    _ demand: Subscribers.Demand, for id: UInt64, from thread: ThreadIdentity, hasCurrent: Bool
  ) -> RelayCoreStep {
    if let early = unattachedDemand(of: id) {
      setUnattachedDemand(early + demand, of: id)
      return RelayCoreStep()
    }
    guard let index = subscribers.index(of: id) else { return RelayCoreStep() }
    subscribers[index].demand += demand
    return queueCurrentValueIfOwed(at: index, from: thread, hasCurrent: hasCurrent)
  }

  /// Adds demand a subscriber returned from a call; only the runner does this, and the
  /// current value it may queue is its own work.
  @usableFromInline
  mutating func add(_ demand: Subscribers.Demand, to id: UInt64) {
    guard demand != .none, let index = subscribers.index(of: id), let runner = delivery.runner
    else { return }
    var account = subscribers[index]
    account.demand += demand
    let queues = account.owesCurrentValue && !account.currentValueQueued
    if queues { account.currentValueQueued = true }
    subscribers[index] = account
    if queues { delivery.enqueue(.currentValue(id), from: runner.thread) }
  }

  @usableFromInline
  mutating func queueCurrentValueIfOwed(
    at index: Int, from thread: ThreadIdentity, hasCurrent: Bool
  ) -> RelayCoreStep {
    let account = subscribers[index]
    guard account.owesCurrentValue, account.demand > 0, !account.currentValueQueued else {
      return RelayCoreStep()
    }
    subscribers[index].currentValueQueued = true
    if inPlaceWriter != nil {
      // The value is out for an in-place write: it comes once the write is back.
      hold(.currentValue(account.id), from: thread)
      return RelayCoreStep()
    }
    return submit(.currentValue(account.id), from: thread, hasCurrent: hasCurrent)
  }

  /// A subscription is cancelled: the subscriber is removed and, where nothing calls it,
  /// handed back to be released.
  ///
  /// - Parameters:
  ///   - id: The subscription.
  ///   - thread: The cancelling thread.
  ///   - beingCalled: The subscriber whose call is on the stack of the thread that delivers,
  ///     meaningful only when that is `thread`.
  @usableFromInline
  mutating func cancel(_ id: UInt64, from thread: ThreadIdentity, beingCalled: UInt64)
    -> RelayCancellation
  {
    var cancellation = RelayCancellation()
    if removeUnattached(id) != nil { return cancellation }
    let (removed, retired) = subscribers.remove(id)
    keep(retired)
    guard let (target, account) = removed else { return cancellation }
    cancellation.target = target
    if account.currentValueQueued,
      let offset = delivery.waiting.firstIndex(where: { $0.event.isCurrentValue(for: id) })
    {
      cancellation.released.append(.event(delivery.removeWaiting(at: offset)))
    }
    // The round in progress may hold the subscriber too. On the delivering thread, when that
    // round is not calling it, nothing else reads its slot: release it now.
    if delivery.isRunning(on: thread), beingCalled != id, let kept = keptList,
      let slot = kept.index(ofOrder: id), let target = kept.takeTarget(at: slot)
    {
      cancellation.released.append(.target(target))
    }
    return cancellation
  }

  // MARK: Writes

  /// A `modify` takes the reservation of an open relay; one that starts while a write holds
  /// the relay, or after the end, is optimistic.
  @inlinable
  mutating func beginModify(from thread: ThreadIdentity) -> RelayModifyTicket {
    guard case .open = phase else { return .optimistic(sendsAtRead: sendCount) }
    let token = sendCount
    phase.reserve(RelayReservation(token: token, holder: thread, kind: .modify))
    return .reserved(token: token)
  }

  /// Whether a `modify` with this ticket may write now; if so, its reservation (or the one it
  /// overtakes) ends and its write counts: the events held behind it, to requeue.
  @inlinable
  mutating func commitModify(_ ticket: RelayModifyTicket) -> [RelayReservation.Held]? {
    switch ticket {
    case .reserved(let token):
      // An optimistic modify that wrote first took the reservation away.
      guard reservation?.token == token else { return nil }
    case .optimistic(let sendsAtRead):
      // It read after the values held so far: they go first, and the reserved modify, which
      // read before them, must retry.
      guard sendCount == sendsAtRead, inPlaceWriter == nil else { return nil }
    }
    let held = endReservation()
    sendCount &+= 1
    return held
  }

  /// A `modify`'s transform threw: nothing is written, and what it held goes on.
  @usableFromInline
  mutating func abandonModify(_ ticket: RelayModifyTicket) -> RelayCoreStep {
    guard case .reserved(let token) = ticket, reservation?.token == token else {
      return RelayCoreStep()
    }
    let released = requeue(endReservation())
    return RelayCoreStep(scheduleIfIdle(), released: released)
  }

  /// An in-place write takes the reservation; the state machine has its value.
  ///
  /// - Parameter kind: Whether the value itself left the relay, or a copy of it.
  @inlinable
  mutating func reserveForInPlaceWrite(from thread: ThreadIdentity, kind: RelayReservation.Kind) {
    precondition(kind != .modify, "an in-place write reserved the relay as a modify")
    phase.reserve(RelayReservation(token: sendCount, holder: thread, kind: kind))
  }

  /// Ends the reservation of the in-place write, counting its write: the events held behind it.
  ///
  /// Any thread may end it: a write whose access spans a suspension (a part passed `inout` to an
  /// `async` function) resumes wherever its task does.
  @inlinable @inline(__always)
  mutating func endInPlaceWrite() -> [RelayReservation.Held] {
    guard let reservation = phase.takeReservation(), reservation.isInPlace else {
      preconditionFailure("an in-place write ended that no in-place write began")
    }
    sendCount &+= 1
    return reservation.held
  }

  /// Queues the events held behind a reservation, in order; those the runner sent itself stay
  /// its own work.
  ///
  /// Drops them when the relay has finished. Nothing held, the usual case, costs a check.
  @inlinable @inline(__always)
  mutating func requeue(_ held: [RelayReservation.Held]) -> RelayReleased {
    if held.isEmpty { return RelayReleased() }
    return requeueHeld(held)
  }

  @usableFromInline
  mutating func requeueHeld(_ held: [RelayReservation.Held]) -> RelayReleased {
    var released = RelayReleased()
    if isFinished {
      released.append(eventsOf: held)
    } else {
      for held in held { delivery.enqueue(held.event, from: held.sender) }
    }
    return released
  }

  /// Hands waiting events to the drainer when nobody delivers.
  @inlinable
  mutating func scheduleIfIdle() -> RelayNext {
    if case .scheduleDrainer = delivery.scheduleIfNeeded() { return .scheduleDrainer }
    return .none
  }

  /// Checks, under the lock, the rules the storage relies on; costs nothing in release builds.
  @inlinable
  func _checkInvariants() {
    #if DEBUG
      delivery._checkInvariants()
      // What a backlog dropped waits for the runner, or for the drainer scheduled to start.
      if !delivery.isActive {
        precondition(round.released.isEmpty, "something to release with nobody to release it")
      }
      if !hasRunner {
        precondition(keptList == nil, "a list kept with no round in progress")
        precondition(!subscribers.isLent, "subscribers lent with no round in progress")
      }
      subscribers._checkInvariants()
    #endif
  }
}

extension RelayCore.Phase {
  /// Begins a reservation of an open relay.
  @inlinable
  mutating func reserve(_ reservation: RelayReservation) {
    switch consume self {
    case .open: self = .reserved(reservation)  // an open phase holds nothing to destroy
    case .reserved, .finished: preconditionFailure("a write reserved a relay that was not open")
    }
  }

  /// Ends a reservation: the phase becomes open, and the reservation moves out (its held
  /// events are not retained again); `nil`, with the phase unchanged, when none holds it.
  @inlinable
  mutating func takeReservation() -> RelayReservation? {
    switch consume self {
    case .reserved(let reservation):
      self = .open
      return reservation
    case let phase:
      self = phase
      return nil
    }
  }
}

/// What a relay's core keeps for the few relays that need it.
///
/// One object, made the first time a relay needs it, so that the core of every other relay is
/// three words smaller (with the header's dropped context word, a relay of a 40-byte value is a
/// 256-byte heap chunk on Linux, not 288). Most relays make it only when they finish, if at all:
/// one whose subscribers ask for everything and come one at a time, with nothing contended,
/// needs none of it until then. Read and written under the relay's mutex, as the core, so its
/// fields skip the dynamic exclusivity checks (a relay with several subscribers makes it, and
/// every event reads it).
@usableFromInline
final class RelayOccasional {
  /// What the claimed round in progress took from the subscribers, to give back if its value
  /// was a duplicate: kept only when the round checks duplicates and some subscriber's demand
  /// is limited.
  @usableFromInline @exclusivity(unchecked) var claims: [RelaySubscribers.Claim]
  /// What readers and `modify` wait on while an in-place write on another thread has the
  /// value; made the first time a thread waits.
  @usableFromInline @exclusivity(unchecked) var inPlaceWriteEnded: LockCondition?
  /// The list the round in progress calls, when the round owns it (a claimed round's, a
  /// current value's for one of several subscribers, the end's) or an edit retired the live one
  /// it borrowed; released when the round ends.
  @usableFromInline @exclusivity(unchecked) var kept: RelaySubscriberList?
  /// The demand of subscriptions waiting to attach, beyond the one the core keeps in place
  /// (`RelayCore.unattached`): several subscribing at once.
  @usableFromInline @exclusivity(unchecked) var unattached: [UInt64: Subscribers.Demand]

  @usableFromInline
  init() {
    claims = []
    inPlaceWriteEnded = nil
    kept = nil
    unattached = [:]
  }
}

/// What an event that reads or writes the value waits for, while another thread's write holds
/// the relay.
@usableFromInline
enum RelayWait {
  /// A read: waits while an in-place write has the value out.
  case value
  /// A `modify`: waits while an in-place write holds the relay.
  case inPlaceWrites
  /// An in-place write: waits while any write holds the relay.
  case everyWrite
}

/// A relay's rules, as a value with no locks, no atomics and no threads: the storage
/// (`RelayStorage`) takes the lock, hands the state machine one event, releases the lock, and
/// then carries out the answer.
///
/// All values reach subscribers through one sequence of *rounds*, one value (or the end) to
/// every subscriber with demand, run by one thread at a time through a `SerialDelivery`: a
/// sender that finds nobody delivering runs its own round and what its subscribers send in
/// turn, and hands other threads' values to the drainer, a block on a global queue. That gives
/// every subscriber the same sequence, in subscription order, never calls one subscriber
/// concurrently with itself, and keeps no caller delivering other threads' values.
///
/// Its parts: `phase`, where the relay is in its life, with what that phase needs (open, held
/// by a write whose result plain sends wait behind, or finished); `current`, the value the
/// sequence has reached; `subscribers`, who is attached and what each asked for; `delivery`,
/// who runs the rounds and what waits for them; and `round`, what the round in progress keeps
/// alive.
///
/// Every event is a `mutating` method that answers with what the storage does next: most with a
/// `RelayStep`, the rest with a type of their own where they say something else (`attach`,
/// `commitModify`, `beginModify`, `beginInPlaceWrite`, `cancel`). `send` answers with only the
/// `RelayNext`, and an in-place write's commit with a `RelayInPlaceCommit`: their value stays
/// with the caller.
///
/// **Cancelling** never waits: it removes the subscriber at once; a round in progress that
/// already holds it skips it (the storage marks the target cancelled) and releases it when the
/// round ends, or at once when the round runs on the cancelling thread and is not calling it.
@usableFromInline
struct RelayStateMachine<Output> {
  /// What a round in progress keeps until it ends.
  @usableFromInline
  struct RoundInProgress {
    /// The list the round calls, when the round owns it rather than borrowing the live one
    /// (or borrowed one an edit has since retired).
    @usableFromInline var kept: RelaySubscriberList?
    /// What a claimed round took from the subscribers, to give back if its value was a
    /// duplicate.
    @usableFromInline var claims: [RelaySubscribers.Claim] = []
    /// What the runner releases when the round ends.
    @usableFromInline var released = RelayReleased<Output>()

    @inlinable init() {}

    /// Keeps a list the round still reads alive until it ends.
    @inlinable
    mutating func keep(_ list: RelaySubscriberList?) {
      guard let list else { return }
      precondition(kept == nil, "a round kept two subscriber lists")
      kept = list
    }
  }

  /// Where a relay is in its life.
  @usableFromInline
  enum Phase {
    /// Values go into the sequence as they are sent.
    case open
    /// A write (a `modify` running its closure, or an in-place write) holds the relay: plain
    /// sends and owed current values wait in its reservation until it commits.
    case reserved(RelayReservation<Output>)
    /// `.finished` was sequenced: nothing more is delivered, sends are ignored, and a write
    /// commits nothing.
    case finished
  }

  /// Whether this relay has a current value (`CurrentValueRelay`) or only passes values on.
  @usableFromInline let keepsCurrentValue: Bool
  /// Whether rounds compare their value with the one it replaced.
  @usableFromInline let checksDuplicates: Bool
  /// The most values from other threads that may wait; `nil` for no limit.
  @usableFromInline let backlogLimit: Int?

  /// The value the delivery sequence has reached: what a new subscriber receives first.
  @usableFromInline var current: Output?
  @usableFromInline var phase = Phase.open
  @usableFromInline var subscribers = RelaySubscribers()
  @usableFromInline var delivery = SerialDelivery<RelayEvent<Output>>()
  @usableFromInline var round = RoundInProgress()
  /// The token of the next write to hold the relay.
  @usableFromInline var nextModifyToken: UInt64 = 1
  /// How many values were sent, so that an optimistic `modify` can tell whether one landed.
  @usableFromInline var sendCount: UInt64 = 0
  /// What readers and `modify` wait on while an in-place write on another thread has the
  /// value; made the first time a thread waits (most relays never see one).
  @usableFromInline var inPlaceWriteEnded: LockCondition?

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

  /// `inPlaceWriteEnded`, made if it does not exist yet.
  @usableFromInline
  mutating func inPlaceWriteEndedMadeIfNeeded() -> LockCondition {
    if let condition = inPlaceWriteEnded { return condition }
    let condition = LockCondition()
    inPlaceWriteEnded = condition
    return condition
  }

  /// The write holding the relay, if any.
  @inlinable
  var reservation: RelayReservation<Output>? {
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

  /// The last value sent: held, waiting, or current; `nil` for a passthrough relay, and while
  /// an in-place write has the value (`isOutForInPlaceWrite`).
  @usableFromInline
  var latestValue: Output? {
    if case .reserved(let reservation) = phase, let held = reservation.lastValue { return held }
    if let index = delivery.waiting.lastIndex(where: {
      if case .value = $0.event { true } else { false }
    }),
      case .value(let value, _) = delivery.waiting[index].event
    {
      return value
    }
    return current
  }

  /// The last value sent, of a relay that keeps one (`CurrentValueRelay`).
  ///
  /// It copies the value itself, never an optional holding it: a client module copies an
  /// optional of a large value through the runtime's value witnesses.
  @inlinable
  var latestKeptValue: Output {
    if !isReserved, delivery.waiting.isEmpty, let current { return current }
    guard let value = latestValue else { preconditionFailure("a relay lost its value") }
    return value
  }

  /// Whether any subscriber is attached.
  @inlinable var hasSubscribers: Bool { !subscribers.isEmpty }

  /// The thread changing the latest value in place, while it has it and nothing newer waits:
  /// a reader must wait for it.
  @inlinable
  var inPlaceWriterHoldingTheValue: ThreadIdentity? {
    guard let inPlaceWriter, latestValue == nil else { return nil }
    return inPlaceWriter
  }

  /// Whether a thread runs rounds now.
  @inlinable var hasRunner: Bool { delivery.runner != nil }

  /// What `RelayRoundEnding`'s word must say: whether a round is in progress, and whether its
  /// runner must take the lock when it ends.
  @inlinable
  var roundEnding: RelayRoundEnding.Word {
    guard hasRunner else { return .idle }
    return round.kept == nil && delivery.waiting.isEmpty && round.released.isEmpty
      ? .delivering : .deliveringWithWork
  }

  // MARK: Sending

  /// A value is sent.
  ///
  /// - Parameter replaced: Receives the value this one replaces, for the duplicate check and
  ///   to be released outside the lock.
  /// - Returns: `.deliver` when the caller runs the round now, with the value it holds.
  @inlinable @inline(__always)
  mutating func send(_ value: Output, from thread: ThreadIdentity, replaced: inout Output?)
    -> RelayNext<Output>
  {
    switch phase {
    case .open:
      sendCount &+= 1
      return sequence(value, from: thread, replaced: &replaced)
    case .reserved:
      sendCount &+= 1
      hold(.value(value, isKept: delivery.isRunning(on: thread)), from: thread)
      return .none
    case .finished:
      return .none
    }
  }

  /// Puts an event in the reservation of the write holding the relay, behind its result; out of
  /// line, to keep `send` small enough to inline.
  @usableFromInline @inline(never)
  @_semantics("optimize.sil.specialize.generic.never")
  mutating func hold(_ event: RelayEvent<Output>, from thread: ThreadIdentity) {
    // Moved out while it grows, so that its array is referenced once and grows in place.
    guard var reservation = phase.takeReservation() else {
      preconditionFailure("an event was held with no write holding the relay")
    }
    reservation.held.append(.init(event: event, sender: thread))
    phase.reserve(reservation)
  }

  /// Ends the reservation of the write holding the relay, if any: what was held behind it.
  @inlinable
  mutating func endReservation() -> [RelayReservation<Output>.Held] {
    phase.takeReservation()?.held ?? []
  }

  /// Puts a value in the sequence, behind every value stored before it: run by the caller now
  /// when nothing waits and nobody delivers, or queued (with a drainer scheduled when nobody
  /// delivers what waits).
  @inlinable @inline(__always)
  mutating func sequence(_ value: Output, from thread: ThreadIdentity, replaced: inout Output?)
    -> RelayNext<Output>
  {
    guard delivery.claim(from: thread) else {
      queue(value, from: thread)
      return scheduleIfIdle()
    }
    return .deliver(startRound(for: value, replaced: &replaced))
  }

  /// Queues a value behind the round in progress, dropping the oldest droppable one when a
  /// backlog limit is reached; out of line, to keep `send` small enough to inline.
  @inlinable @inline(never)
  mutating func queue(_ value: Output, from thread: ThreadIdentity) {
    let isRunners = delivery.isRunning(on: thread)
    if let backlogLimit, !isRunners,
      delivery.waiting.count(where: { $0.event.isDroppable }) >= backlogLimit,
      let oldest = delivery.waiting.firstIndex(where: { $0.event.isDroppable })
    {
      round.released.append(.event(delivery.removeWaiting(at: oldest)))
    }
    delivery.enqueue(.value(value, isKept: isRunners), from: thread)
  }

  /// The end of the relay: every subscriber receives `.finished` after the values before it.
  @usableFromInline
  mutating func finish(from thread: ThreadIdentity) -> RelayStep<Output> {
    switch phase {
    case .open: return submit(.finished, from: thread)
    case .reserved:
      hold(.finished, from: thread)
      return RelayStep()
    case .finished: return RelayStep()
    }
  }

  /// Puts an event in the sequence; the caller runs it when nobody delivers.
  @inlinable
  mutating func submit(_ event: RelayEvent<Output>, from thread: ThreadIdentity)
    -> RelayStep<Output>
  {
    switch delivery.submit(event, from: thread) {
    case .waits: return RelayStep()
    case .scheduleDrainer: return RelayStep(.scheduleDrainer)
    case .deliver(let event):
      var step = RelayStep<Output>()
      if start(event, into: &step) { return step }
      return follow(delivery.next(from: thread), from: thread)
    }
  }

  /// Makes `value` current and starts its round.
  ///
  /// - Parameter replaced: Receives the value it replaces.
  @inlinable @inline(__always)
  mutating func startRound(for value: Output, replaced: inout Output?) -> RelayRound<Output> {
    if keepsCurrentValue || checksDuplicates {
      // Moves rather than assignments: an assignment destroys the `nil` it overwrites, which a
      // client module's merged outlined code does through the generic value witness.
      if replaced == nil { swap(&replaced, &current) } else { replaced = current.take() }
      withUnsafeMutablePointer(to: &current) { $0.initialize(to: value) }  // `current` is nil
    }
    let checksDuplicate = checksDuplicates && replaced != nil
    if subscribers.allUnlimited {
      return RelayRound(
        kind: .unlimited, targets: subscribers.lend(), checksDuplicate: checksDuplicate)
    }
    let (targets, claims) = subscribers.claim(keepsCurrentValue: keepsCurrentValue)
    round.keep(targets)
    if checksDuplicate { round.claims = claims }
    return RelayRound(
      kind: .claimed, targets: RelaySubscriberLoan(targets), checksDuplicate: checksDuplicate)
  }

  // MARK: Ending rounds

  /// The runner ended its round without the lock, having seen nothing left to do: the storage
  /// tells the state machine so before the next event.
  @inlinable
  mutating func runnerStoppedWithoutLock() {
    delivery.runnerStopped()
    subscribers.endLending()
  }

  /// The runner ends its round: adds the demand subscribers returned, gives back what a
  /// duplicate's round claimed, and says what comes next.
  ///
  /// - Parameters:
  ///   - returnedDemand: Demand the round's subscribers returned, by subscription id.
  ///   - wasDuplicate: Whether the round's value was a duplicate and reached nobody.
  ///   - thread: The runner's thread.
  @inlinable
  mutating func endRound(
    returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], wasDuplicate: Bool,
    from thread: ThreadIdentity
  ) -> RelayStep<Output> {
    subscribers.endLending()
    if let kept = round.kept.take() { round.released.append(.list(kept)) }
    if wasDuplicate { subscribers.refund(round.claims) }
    round.claims = []
    for (id, demand) in returnedDemand { add(demand, to: id) }
    return follow(delivery.next(from: thread), from: thread)
  }

  /// The drainer starts on its queue.
  @inlinable
  mutating func drainerStarts(on thread: ThreadIdentity) -> RelayStep<Output> {
    follow(delivery.drainerStarts(on: thread), from: thread)
  }

  /// Starts the first event the delivery hands the runner that delivers anything, or says
  /// the runner stops or hands on; hands over what was dropped on the way.
  @inlinable
  mutating func follow(
    _ answer: SerialDelivery<RelayEvent<Output>>.Next, from thread: ThreadIdentity
  )
    -> RelayStep<Output>
  {
    var step = RelayStep<Output>()
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
        } else if start(event, into: &step) {
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
  @inlinable
  mutating func start(_ event: RelayEvent<Output>, into step: inout RelayStep<Output>) -> Bool {
    switch event {
    case .value(let value, _):
      step.next = .deliver(startRound(for: value, replaced: &step.replaced))
      step.value = value
      return true
    case .finished:
      // What a write held behind its result was sent after the end: it is dropped, and the
      // write commits nothing.
      round.released.append(eventsOf: endReservation())
      phase = .finished
      let list = subscribers.removeAll()
      round.keep(list)
      step.next = .deliver(RelayRound(kind: .finish, targets: RelaySubscriberLoan(list)))
      return true
    case .currentValue(let id):
      guard let index = subscribers.index(of: id) else {
        round.released.append(.event(event))
        return false
      }
      var account = subscribers[index]
      account.currentValueQueued = false
      guard account.owesCurrentValue, account.demand > 0, let current else {
        subscribers[index] = account
        return false
      }
      account.owesCurrentValue = false
      account.demand -= 1
      subscribers[index] = account
      let (targets, kept) = subscribers.single(at: index)
      round.keep(kept)
      step.next = .deliver(RelayRound(kind: .claimed, targets: targets))
      step.value = current
      return true
    }
  }

  // MARK: Subscribing

  /// A subscription is about to be handed to a subscriber: returns its id.
  @inlinable
  mutating func register() -> UInt64 { subscribers.register() }

  /// The subscriber received its subscription: from now on the relay may call it.
  @inlinable
  mutating func attach(
    _ id: UInt64, target: RelayTarget<Output>, from thread: ThreadIdentity
  ) -> RelayAttachAction<Output> {
    guard subscribers.unattached[id] != nil else { return .cancelled }
    if isFinished {
      subscribers.unattached[id] = nil
      return .finished
    }
    let (index, retired) = subscribers.attach(
      id, target: target, owesCurrentValue: keepsCurrentValue)
    round.keep(retired)
    guard let index else { return .cancelled }
    return .attached(queueCurrentValueIfOwed(at: index, from: thread))
  }

  /// A subscriber asks for more values.
  @inlinable
  mutating func request(
    _ demand: Subscribers.Demand, for id: UInt64, from thread: ThreadIdentity
  ) -> RelayStep<Output> {
    if let early = subscribers.unattached[id] {
      subscribers.unattached[id] = early + demand
      return RelayStep()
    }
    guard let index = subscribers.index(of: id) else { return RelayStep() }
    subscribers[index].demand += demand
    return queueCurrentValueIfOwed(at: index, from: thread)
  }

  /// Adds demand a subscriber returned from a call; only the runner does this, and the
  /// current value it may queue is its own work.
  @inlinable
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

  @inlinable
  mutating func queueCurrentValueIfOwed(at index: Int, from thread: ThreadIdentity)
    -> RelayStep<Output>
  {
    let account = subscribers[index]
    guard account.owesCurrentValue, account.demand > 0, !account.currentValueQueued else {
      return RelayStep()
    }
    subscribers[index].currentValueQueued = true
    if inPlaceWriter != nil {
      // The value is out for an in-place write: it comes once the write is back.
      hold(.currentValue(account.id), from: thread)
      return RelayStep()
    }
    return submit(.currentValue(account.id), from: thread)
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
    -> RelayCancellation<Output>
  {
    var cancellation = RelayCancellation<Output>()
    let (removed, retired) = subscribers.remove(id)
    round.keep(retired)
    guard let (target, account) = removed else { return cancellation }
    cancellation.target = target
    if account.currentValueQueued,
      let offset = delivery.waiting.firstIndex(where: { $0.event.isCurrentValue(for: id) })
    {
      cancellation.released.append(.event(delivery.removeWaiting(at: offset)))
    }
    // The round in progress may hold the subscriber too. On the delivering thread, when that
    // round is not calling it, nothing else reads its slot: release it now.
    if delivery.isRunning(on: thread), beingCalled != id, let kept = round.kept,
      let slot = kept.index(ofOrder: id), let target = kept.takeTarget(at: slot)
    {
      cancellation.released.append(.target(target))
    }
    return cancellation
  }

  // MARK: modify

  /// A `modify` reads the value it will transform; the storage first waits for an in-place
  /// write on another thread to hand the value back.
  ///
  /// The first `modify` takes the reservation; one that starts while a write holds the relay,
  /// or after the end, is optimistic.
  @inlinable
  mutating func beginModify(from thread: ThreadIdentity) -> (
    value: Output?, ticket: RelayModifyTicket
  ) {
    guard case .open = phase else { return (latestValue, .optimistic(sendsAtRead: sendCount)) }
    let token = nextModifyToken
    nextModifyToken += 1
    // Open and nothing waiting: the latest value is `current`, read here rather than through
    // `latestValue`, which is out of line.
    let latest = delivery.waiting.isEmpty ? current : latestValue
    phase.reserve(RelayReservation(token: token, holder: thread, isInPlace: false))
    return (latest, .reserved(token: token))
  }

  /// A `modify` writes its result, unless another write makes it retry; after the end it
  /// writes nothing and does not retry.
  @inlinable
  mutating func commitModify(
    _ value: Output, ticket: RelayModifyTicket, from thread: ThreadIdentity
  ) -> RelayCommitAction<Output> {
    if isFinished { return .written(RelayStep()) }
    switch ticket {
    case .reserved(let token):
      // An optimistic modify that wrote first took the reservation away.
      guard reservation?.token == token else { return .retry(RelayStep()) }
      let held = endReservation()
      sendCount &+= 1
      // Its value goes first, then what was sent while it ran.
      var step = RelayStep<Output>()
      step.next = sequence(value, from: thread, replaced: &step.replaced)
      step.released = requeue(held)
      return .written(step)
    case .optimistic(let sendsAtRead):
      guard sendCount == sendsAtRead, inPlaceWriter == nil else { return .retry(RelayStep()) }
      // It read after the values held so far: they go first, and the reserved modify, which
      // read before them, must retry.
      let held = endReservation()
      sendCount &+= 1
      var step = RelayStep<Output>()
      step.released = requeue(held)
      step.next = sequence(value, from: thread, replaced: &step.replaced)
      return .written(step)
    }
  }

  /// A `modify`'s transform threw: nothing is written, and what it held goes on.
  @usableFromInline
  mutating func abandonModify(_ ticket: RelayModifyTicket) -> RelayStep<Output> {
    guard case .reserved(let token) = ticket, reservation?.token == token else {
      return RelayStep()
    }
    let released = requeue(endReservation())
    return RelayStep(scheduleIfIdle(), released: released)
  }

  // MARK: In-place writes

  /// An in-place write starts on `thread`, which the storage let in once no other write
  /// held the reservation: until it commits, sends and owed current values wait behind it, as
  /// behind a `modify`.
  ///
  /// When nothing waits in the sequence, the latest value is `current`, and it leaves the relay, to
  /// be changed where it lies with nothing sharing its storage; readers wait for it. Otherwise the
  /// write changes a copy of the latest value.
  ///
  /// - Returns: The value, or `nil` when the relay keeps no value or has finished (neither
  ///   happens to a `CurrentValueRelay`, the one relay written in place).
  @inlinable
  mutating func beginInPlaceWrite(from thread: ThreadIdentity) -> RelayInPlaceValue<Output>? {
    guard case .open = phase else {
      precondition(isFinished, "an in-place write began while another write held the relay")
      return nil
    }
    guard keepsCurrentValue else { return nil }
    let inPlace: RelayInPlaceValue<Output>
    if delivery.waiting.isEmpty, current != nil {
      inPlace = .movedOut(current.take().unsafelyUnwrapped)
    } else if let latest = latestValue {
      inPlace = .copied(latest)
    } else {
      return nil
    }
    phase.reserve(RelayReservation(token: nextModifyToken, holder: thread, isInPlace: true))
    nextModifyToken += 1
    return inPlace
  }

  /// An in-place write hands the value back to be sequenced, then what waited behind it goes
  /// on; after the end (sequenced while the write changed a copy) the value is dropped.
  ///
  /// A value that moved out left `current` empty, so its round compares nothing (the writer
  /// found a selected part changed); a copy is compared with the value before it, as a send is.
  /// - Parameters:
  ///   - value: The written value.
  ///   - replaced: Receives the value it replaces, for the duplicate check.
  /// - Returns: `.deliver` when the caller runs the round of the value now (the step carries no
  ///   value: the caller has it), and what to release outside the lock.
  @inlinable
  mutating func commitInPlaceWrite(
    _ value: Output, from thread: ThreadIdentity, replaced: inout Output?
  ) -> RelayInPlaceCommit<Output> {
    // The end dropped the reservation and what it held: the value goes nowhere.
    if isFinished { return RelayInPlaceCommit() }
    let held = endInPlaceWrite()
    var commit = RelayInPlaceCommit(sequence(value, from: thread, replaced: &replaced))
    commit.released = requeue(held)
    if case .none = commit.next { commit.next = scheduleIfIdle() }
    return commit
  }

  /// An in-place write of a value that moved out ends, having changed nothing selected: the
  /// value, taken from `value`, becomes the current one again with no round, and the events
  /// held behind the write are queued.
  ///
  /// The relay cannot have finished meanwhile: a value moves out only when nothing waits in
  /// the sequence, and a `finish()` during the write waits behind it.
  ///
  /// - Returns: What to release outside the lock, and whether to start the drainer.
  @inlinable
  mutating func commitUnpublishedInPlaceWrite(_ value: inout Output?) -> RelayInPlaceCommit<Output>
  {
    let held = endInPlaceWrite()
    swap(&current, &value)  // `current` was empty: the value had moved out
    var commit = RelayInPlaceCommit<Output>()
    commit.released = requeue(held)
    commit.next = scheduleIfIdle()
    return commit
  }

  /// Ends the reservation of the in-place write, counting its write: the events held behind it.
  ///
  /// Any thread may end it: a write whose access spans a suspension (a part passed `inout` to an
  /// `async` function) resumes wherever its task does.
  @inlinable @inline(__always)
  mutating func endInPlaceWrite() -> [RelayReservation<Output>.Held] {
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
  mutating func requeue(_ held: [RelayReservation<Output>.Held]) -> RelayReleased<Output> {
    if held.isEmpty { return RelayReleased() }
    return requeueHeld(held)
  }

  @usableFromInline
  mutating func requeueHeld(_ held: [RelayReservation<Output>.Held]) -> RelayReleased<Output> {
    var released = RelayReleased<Output>()
    if isFinished {
      released.append(eventsOf: held)
    } else {
      for held in held { delivery.enqueue(held.event, from: held.sender) }
    }
    return released
  }

  /// Hands waiting events to the drainer when nobody delivers.
  @inlinable
  mutating func scheduleIfIdle() -> RelayNext<Output> {
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
        precondition(round.kept == nil, "a list kept with no round in progress")
        precondition(!subscribers.isLent, "subscribers lent with no round in progress")
      }
      subscribers._checkInvariants()
    #endif
  }
}

extension RelayStateMachine.Phase {
  /// Begins a reservation of an open relay.
  @inlinable
  mutating func reserve(_ reservation: RelayReservation<Output>) {
    switch consume self {
    case .open: self = .reserved(reservation)  // an open phase holds nothing to destroy
    case .reserved, .finished: preconditionFailure("a write reserved a relay that was not open")
    }
  }

  /// Ends a reservation: the phase becomes open, and the reservation moves out (its held
  /// events are not retained again); `nil`, with the phase unchanged, when none holds it.
  @inlinable
  mutating func takeReservation() -> RelayReservation<Output>? {
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

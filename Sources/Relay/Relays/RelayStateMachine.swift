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
/// Its parts: `current`, the value the sequence has reached, and `core` (`RelayCore`), the rest,
/// which depends on no value type: where the relay is in its life, who is attached and what
/// each asked for, who runs the rounds and what waits for them, and what the round in progress
/// keeps alive. This type is what the compiler specializes for each value type, so it holds
/// only what touches a value: a send, a write's commit, and turning the core's answers into
/// steps that carry their value.
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
package struct RelayStateMachine<Output> {
  /// The value the delivery sequence has reached: what a new subscriber receives first.
  @usableFromInline var current: Output?
  @usableFromInline var core: RelayCore

  @inlinable
  init(
    current: Output?, keepsCurrentValue: Bool, checksDuplicates: Bool,
    subscriptionName: RelaySubscriptionName = .currentValueSubject,
    backlog: BacklogPolicy = .unbounded
  ) {
    self.current = current
    self.core = RelayCore.make(
      keepsCurrentValue: keepsCurrentValue, checksDuplicates: checksDuplicates,
      subscriptionName: subscriptionName, backlog: backlog)
  }

  // MARK: What the storage reads

  /// The core of the machine at `machine`, for the code around every event, which depends on no
  /// value type.
  ///
  /// The core follows `current` at the first offset its alignment allows, as a struct's fields
  /// are laid out; computed from the sizes, not with `MemoryLayout.offset(of:)`, whose key path
  /// an unoptimized build makes anew at every event.
  @inlinable @inline(__always)
  static func core(of machine: UnsafeMutablePointer<Self>) -> UnsafeMutablePointer<RelayCore> {
    let offset = fieldOffset(
      after: MemoryLayout<Output?>.size, alignment: MemoryLayout<RelayCore>.alignment)
    return (UnsafeMutableRawPointer(machine) + offset).assumingMemoryBound(to: RelayCore.self)
  }

  /// The subscribers, their demand and the subscriptions not attached yet.
  @inlinable var subscribers: RelaySubscribers { core.subscribers }
  /// The delivery sequence: its runner and what waits.
  @inlinable var delivery: SerialDelivery<RelayEvent> { core.delivery }
  /// What the round in progress keeps.
  @inlinable var round: RelayCore.RoundInProgress { core.round }
  /// How many values were sent.
  @inlinable var sendCount: UInt64 { core.sendCount }
  /// The write holding the relay, if any.
  @inlinable var reservation: RelayReservation? { core.reservation }
  /// Whether a write holds the relay.
  @inlinable var isReserved: Bool { core.isReserved }
  /// Whether `.finished` was sequenced.
  @inlinable var isFinished: Bool { core.isFinished }
  /// The thread of the write holding the relay, if any.
  @inlinable var writer: ThreadIdentity? { core.writer }
  /// The thread of the in-place write holding the relay, if that is what holds it.
  @inlinable var inPlaceWriter: ThreadIdentity? { core.inPlaceWriter }
  /// Whether any subscriber is attached.
  @inlinable var hasSubscribers: Bool { core.hasSubscribers }
  /// Whether a thread runs rounds now.
  @inlinable var hasRunner: Bool { core.hasRunner }
  /// What `RelayRoundEnding`'s word must say.
  @inlinable var roundEnding: RelayRoundEnding.Word { core.roundEnding }
  /// What readers wait on while an in-place write on another thread has the value, if made.
  @inlinable var inPlaceWriteEnded: LockCondition? { core.inPlaceWriteEnded }

  /// The last value sent: held, waiting, or current; `nil` for a passthrough relay, and while
  /// an in-place write that moved the value out has it.
  @inlinable
  var latestValue: Output? {
    if let sent = core.latestSentValue { return sent.unboxed(Output.self) }
    return current
  }

  /// The last value sent, of a relay that keeps one (`CurrentValueRelay`).
  ///
  /// It copies the value itself, never an optional holding it: a client module copies an
  /// optional of a large value through the runtime's value witnesses.
  @inlinable
  var latestKeptValue: Output {
    if !core.isReserved, core.delivery.waiting.isEmpty, let current { return current }
    guard let value = latestValue else { preconditionFailure("a relay lost its value") }
    return value
  }

  /// Turns the core's answer into a step carrying its round's value: a sent value that waited
  /// becomes the current one (the value it replaces goes to the duplicate check), and a round
  /// of the current value carries a copy of it.
  @inlinable
  mutating func step(from answer: consuming RelayCoreStep) -> RelayStep<Output> {
    var step = RelayStep<Output>(answer.next, released: answer.released)
    switch answer.value {
    case .none: break
    case .sent(let sent):
      let value = sent.unboxed(Output.self)
      store(value, replacing: &step.replaced)
      step.value = value
    case .current:
      step.value = current
    }
    return step
  }

  // MARK: Sending

  /// A value is sent.
  ///
  /// - Parameter replaced: Receives the value this one replaces, for the duplicate check and
  ///   to be released outside the lock.
  /// - Returns: `.deliver` when the caller runs the round now, with the value it holds.
  @inlinable @inline(__always)
  mutating func send(_ value: Output, from thread: ThreadIdentity, replaced: inout Output?)
    -> RelayNext
  {
    switch core.phase {
    case .open:
      core.sendCount &+= 1
      return sequence(value, from: thread, replaced: &replaced)
    case .reserved:
      core.sendCount &+= 1
      hold(value, from: thread)
      return .none
    case .finished:
      return .none
    }
  }

  /// Puts a sent value, boxed, behind the write holding the relay; out of line, to keep `send`
  /// small enough to inline.
  @inlinable @inline(never)
  mutating func hold(_ value: Output, from thread: ThreadIdentity) {
    core.hold(
      .value(RelayValueBox(value), isKept: core.delivery.isRunning(on: thread)), from: thread)
  }

  /// Puts a value in the sequence, behind every value stored before it: run by the caller now
  /// when nothing waits and nobody delivers, or queued, boxed (with a drainer scheduled when
  /// nobody delivers what waits).
  @inlinable @inline(__always)
  mutating func sequence(_ value: Output, from thread: ThreadIdentity, replaced: inout Output?)
    -> RelayNext
  {
    guard core.delivery.claim(from: thread) else {
      queue(value, from: thread)
      return core.scheduleIfIdle()
    }
    return .deliver(startRound(for: value, replaced: &replaced))
  }

  /// Queues a value, boxed, behind the round in progress; out of line, to keep `send` small
  /// enough to inline.
  @inlinable @inline(never)
  mutating func queue(_ value: Output, from thread: ThreadIdentity) {
    core.queue(RelayValueBox(value), from: thread)
  }

  /// Makes `value` current, when the relay keeps or compares one.
  ///
  /// - Parameter replaced: Receives the value it replaces.
  @inlinable @inline(__always)
  mutating func store(_ value: Output, replacing replaced: inout Output?) {
    guard core.keepsCurrentValue || core.checksDuplicates else { return }
    // Moves rather than assignments: an assignment destroys the `nil` it overwrites, which a
    // client module's merged outlined code does through the generic value witness.
    if replaced == nil { swap(&replaced, &current) } else { replaced = current.take() }
    withUnsafeMutablePointer(to: &current) { $0.initialize(to: value) }  // `current` is nil
  }

  /// Makes `value` current and starts its round.
  ///
  /// - Parameter replaced: Receives the value it replaces.
  @inlinable @inline(__always)
  mutating func startRound(for value: Output, replaced: inout Output?) -> RelayRound {
    store(value, replacing: &replaced)
    return core.makeRound(checksDuplicate: core.checksDuplicates && replaced != nil)
  }

  /// The end of the relay: every subscriber receives `.finished` after the values before it.
  @inlinable
  mutating func finish(from thread: ThreadIdentity) -> RelayStep<Output> {
    step(from: core.finish(from: thread, hasCurrent: current != nil))
  }

  // MARK: Ending rounds

  /// The runner ended its round without the lock, having seen nothing left to do: the storage
  /// tells the state machine so before the next event.
  @inlinable
  mutating func runnerStoppedWithoutLock() { core.runnerStoppedWithoutLock() }

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
    step(
      from: core.endRound(
        returnedDemand: returnedDemand, wasDuplicate: wasDuplicate, from: thread,
        hasCurrent: current != nil))
  }

  /// The drainer starts on its queue.
  @inlinable
  mutating func drainerStarts(on thread: ThreadIdentity) -> RelayStep<Output> {
    step(from: core.drainerStarts(on: thread, hasCurrent: current != nil))
  }

  // MARK: Subscribing

  /// A subscription is about to be handed to a subscriber: returns its id.
  @inlinable
  mutating func register() -> UInt64 { core.register() }

  /// The subscriber received its subscription: from now on the relay may call it.
  @inlinable
  mutating func attach(
    _ id: UInt64, target: RelayTarget<Output>, from thread: ThreadIdentity
  ) -> RelayAttachAction<RelayStep<Output>> {
    switch core.attach(id, target: target, from: thread, hasCurrent: current != nil) {
    case .attached(let answer): .attached(step(from: answer))
    case .cancelled: .cancelled
    case .finished: .finished
    }
  }

  /// A subscriber asks for more values.
  @inlinable
  mutating func request(
    _ demand: Subscribers.Demand, for id: UInt64, from thread: ThreadIdentity
  ) -> RelayStep<Output> {
    step(from: core.request(demand, for: id, from: thread, hasCurrent: current != nil))
  }

  /// A subscription is cancelled: the subscriber is removed and, where nothing calls it,
  /// handed back to be released (see `RelayCore.cancel`).
  @inlinable
  mutating func cancel(_ id: UInt64, from thread: ThreadIdentity, beingCalled: UInt64)
    -> RelayCancellation
  {
    core.cancel(id, from: thread, beingCalled: beingCalled)
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
    let latest = latestValue
    return (latest, core.beginModify(from: thread))
  }

  /// A `modify` writes its result, unless another write makes it retry; after the end it
  /// writes nothing and does not retry.
  @inlinable
  mutating func commitModify(
    _ value: Output, ticket: RelayModifyTicket, from thread: ThreadIdentity
  ) -> RelayCommitAction<Output> {
    if core.isFinished { return .written(RelayStep()) }
    guard let held = core.commitModify(ticket) else { return .retry(RelayStep()) }
    var step = RelayStep<Output>()
    if case .reserved = ticket {
      // Its value goes first, then what was sent while it ran.
      step.next = sequence(value, from: thread, replaced: &step.replaced)
      step.released = core.requeue(held)
    } else {
      // It read after the values held so far: they go first.
      step.released = core.requeue(held)
      step.next = sequence(value, from: thread, replaced: &step.replaced)
    }
    return .written(step)
  }

  /// A `modify`'s transform threw: nothing is written, and what it held goes on.
  @inlinable
  mutating func abandonModify(_ ticket: RelayModifyTicket) -> RelayStep<Output> {
    step(from: core.abandonModify(ticket))
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
    guard case .open = core.phase else {
      precondition(core.isFinished, "an in-place write began while another write held the relay")
      return nil
    }
    guard core.keepsCurrentValue else { return nil }
    if core.delivery.waiting.isEmpty, current != nil {
      core.reserveForInPlaceWrite(from: thread, kind: .inPlaceMovedOut)
      return .movedOut(current.take().unsafelyUnwrapped)
    }
    guard let latest = latestValue else { return nil }
    core.reserveForInPlaceWrite(from: thread, kind: .inPlaceCopy)
    return .copied(latest)
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
  ) -> RelayInPlaceCommit {
    // The end dropped the reservation and what it held: the value goes nowhere.
    if core.isFinished { return RelayInPlaceCommit() }
    let held = core.endInPlaceWrite()
    var commit = RelayInPlaceCommit(sequence(value, from: thread, replaced: &replaced))
    commit.released = core.requeue(held)
    if case .none = commit.next { commit.next = core.scheduleIfIdle() }
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
  mutating func commitUnpublishedInPlaceWrite(_ value: inout Output?) -> RelayInPlaceCommit {
    let held = core.endInPlaceWrite()
    swap(&current, &value)  // `current` was empty: the value had moved out
    var commit = RelayInPlaceCommit()
    commit.released = core.requeue(held)
    commit.next = core.scheduleIfIdle()
    return commit
  }

  /// Checks, under the lock, the rules the storage relies on; costs nothing in release builds.
  @inlinable
  func _checkInvariants() { core._checkInvariants() }
}

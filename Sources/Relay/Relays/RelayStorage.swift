import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The storage of a relay: it takes the lock, hands the state machine one event, releases the
/// lock, and then carries out the answer: runs a round, releases what was dropped, or
/// schedules the drainer.
///
/// Shared by `CurrentValueRelay`, `PassthroughRelay` and `singleReplay()`, and used by `@Diff`
/// directly (hence `package`): a property's relay is this one object, with no wrapper.
///
/// A send that finds nobody delivering takes the lock once: it becomes the runner under the
/// lock, calls the subscribers, and then stops with one compare-and-exchange on `ending`,
/// unless someone left it work meanwhile, in which case it takes the lock again.
///
/// Which thread runs subscribers, and for how long a caller is kept:
/// - A caller that finds nobody delivering delivers its own work before it returns: the value
///   it sent (or the current value it asked for), then whatever its subscribers send to this
///   relay in turn. That is bounded by what its own subscribers do.
/// - A caller that finds a round in progress queues its event and returns at once.
/// - When a runner's next waiting event is another thread's, it hands the sequence to the
///   drainer, a block on a global dispatch queue, and returns. The drainer delivers in order,
///   and after every 64 rounds lets other work on its queue go first.
@usableFromInline
package final class RelayStorage<Output>:
  ManagedBuffer<RelayStorageHeader, RelayStateMachine<Output>>
{
  // One allocation: the header holds what depends on no value type (the mutex, `ending`'s
  // words, the duplicate check), and the one element is the state machine, which the mutex
  // guards. No stored property: a `ManagedBuffer` subclass may have none. Shared across threads
  // as if it were `Sendable` (a `ManagedBuffer` cannot say so): the mutex guards the machine,
  // `ending` is atomic, and the rest of the header never changes.

  /// Makes a relay's storage.
  ///
  /// - Parameters:
  ///   - current: The current value, when the relay starts with one.
  ///   - keepsCurrentValue: Whether the relay keeps the last value sent.
  ///   - subscriptionName: What its subscriptions print as.
  ///   - duplicateCheck: How a round tells a duplicate; `nil` delivers every value.
  ///   - keeper: An object the relay keeps alive, whose address the check is given.
  @inlinable
  static func make(
    current: Output?, keepsCurrentValue: Bool, subscriptionName: RelaySubscriptionName,
    duplicateCheck: RelayDuplicateCheck? = nil, keptAliveBy keeper: AnyObject? = nil,
    backlog: BacklogPolicy = .unbounded
  ) -> RelayStorage<Output> {
    let storage = unsafeDowncast(
      create(minimumCapacity: 1) { _ in
        RelayStorageHeader(
          duplicateCheck: duplicateCheck.map { .passRetained($0) },
          keeper: keeper.map { .passRetained($0) })
      }, to: RelayStorage<Output>.self)
    storage.withUnsafeMutablePointers { header, machine in
      MutexMemory.initialize(&header.pointee.mutex)
      machine.initialize(
        to: RelayStateMachine(
          current: current, keepsCurrentValue: keepsCurrentValue,
          checksDuplicates: duplicateCheck != nil, subscriptionName: subscriptionName,
          backlog: backlog))
    }
    return storage
  }

  /// The storage of a relay that keeps a current value: a `CurrentValueRelay`'s, or a `@Diff`
  /// property's, whose subscriptions print as Combine's `CurrentValueSubject`'s do.
  ///
  /// - Parameters:
  ///   - duplicateCheck: How a round tells that a value repeats the one before it; `nil`
  ///     delivers every value.
  ///   - keeper: An object the relay keeps alive, whose address the check is given.
  @inlinable @inline(__always)
  package static func make(
    currentValue: Output, duplicateCheck: RelayDuplicateCheck? = nil,
    keptAliveBy keeper: AnyObject? = nil, backlog: BacklogPolicy = .unbounded
  ) -> RelayStorage<Output> {
    make(
      current: currentValue, keepsCurrentValue: true, subscriptionName: .currentValueSubject,
      duplicateCheck: duplicateCheck, keptAliveBy: keeper, backlog: backlog)
  }

  deinit {
    withUnsafeMutablePointers { header, machine in
      _ = machine.move()
      MutexMemory.destroy(&header.pointee.mutex)
      header.pointee.duplicateCheck?.release()
      header.pointee.keeper?.release()
    }
  }

  /// What its subscriptions print as (read under the lock: it lies beside the state the lock
  /// guards).
  @inlinable
  var subscriptionName: String {
    withMachine(rarely: true) { $0.core.subscriptionName.description }
  }

  /// How a round may end without the lock, and which subscriber it calls.
  @inlinable @inline(__always)
  var ending: RelayRoundEnding {
    withUnsafeMutablePointerToHeader { RelayRoundEnding(at: UnsafeMutableRawPointer($0)) }
  }

  /// Runs one event of the state machine under the lock, keeping `ending` and the waiting
  /// readers in step with it.
  ///
  /// The lock and the bookkeeping around the event depend on no value type
  /// (`RelayCore.beginEvent`, `endEvent`): their usual path is inlined here, and the rest
  /// (waiting for another thread's write, waking the threads that waited) is called, compiled
  /// once in Relay.
  ///
  /// - Parameters:
  ///   - wait: What the event needs that another thread's write may hold (`RelayWait`): it runs
  ///     once no write holds it. The same thread, inside its own write, stops the program
  ///     instead: an overlapping access, which would otherwise wait for itself.
  ///   - rarely: Whether the event is a rare one (a subscription, a request, the end, a
  ///     `modify` that threw): it calls the code around it rather than inlining it, so that each
  ///     value type's copy of the event is smaller. An event that waits (`wait`) inlines its
  ///     wait's beginning whatever this says.
  @inlinable @inline(__always)
  func withMachine<Result>(
    waitingFor wait: RelayWait? = nil, rarely: Bool = false,
    _ event: (inout RelayStateMachine<Output>) -> Result
  ) -> Result {
    withUnsafeMutablePointers { header, machine in
      let core = RelayStateMachine.core(of: machine)
      if let wait {
        RelayCore.beginEvent(header, core, waitingFor: wait)
      } else if rarely {
        RelayCore.beginRareEvent(header, core)
      } else {
        RelayCore.beginEvent(header, core)
      }
      // Not a `defer`: the optimizer leaves that a function of its own, called at every event.
      let result = event(&machine.pointee)
      if rarely { RelayCore.endRareEvent(header, core) } else { RelayCore.endEvent(header, core) }
      return result
    }
  }

  /// The last value sent, of a relay that keeps one; waits while an in-place write on another
  /// thread has it.
  @inlinable
  package var latestKeptValue: Output {
    withMachine(waitingFor: .value) { $0.latestKeptValue }
  }

  /// Whether any subscriber is attached right now.
  @inlinable
  var hasSubscribers: Bool { withMachine(rarely: true) { $0.hasSubscribers } }

  // MARK: Sending

  /// Sends a value: delivers it now, or queues it behind the round in progress.
  @inlinable
  package func send(_ value: Output) {
    let thread = ThreadIdentity.current
    var replaced: Output?
    let next = withMachine { $0.send(value, from: thread, replaced: &replaced) }
    go(next, with: value, replacing: &replaced, from: thread)
  }

  /// Changes the latest value with `transform` and sends the result, as one atomic step with
  /// respect to other sends; see `RelayStateMachine`'s reservation.
  @inlinable
  package func modify<Result>(_ transform: (inout Output) throws -> Result) rethrows -> Result {
    let thread = ThreadIdentity.current
    while true {
      var (value, ticket) = withMachine(waitingFor: .inPlaceWrites) {
        $0.beginModify(from: thread)
      }
      guard var modified = value.take() else { preconditionFailure("modify needs a current value") }
      let result: Result
      do {
        result = try transform(&modified)
      } catch {
        carryOut(withMachine(rarely: true) { $0.abandonModify(ticket) }, from: thread)
        throw error
      }
      switch withMachine({ $0.commitModify(modified, ticket: ticket, from: thread) }) {
      case .written(var step):
        release(step.released.take())
        go(step.next, with: modified, replacing: &step.replaced, from: thread)
        return result
      case .retry(let step):
        carryOut(step, from: thread)
      }
    }
  }

  /// Begins an in-place write, once no other write holds the relay: the value to change,
  /// moved out of the relay when nothing waits (see `RelayStateMachine.beginInPlaceWrite`).
  ///
  /// End it with `commitInPlaceWrite`.
  @inlinable
  package func beginInPlaceWrite() -> RelayInPlaceValue<Output>? {
    let thread = ThreadIdentity.current
    return withMachine(waitingFor: .everyWrite) { $0.beginInPlaceWrite(from: thread) }
  }

  /// Ends an in-place write: stores the value and delivers it, as a send does, when
  /// `publishes` says so (a value that moved out) or the comparison with the value before it
  /// finds a change (a copy, `publishes == nil`).
  ///
  /// - Parameter stored: What runs once the value is stored, before any subscriber is called
  ///   for it, with no lock held.
  @inlinable
  package func commitInPlaceWrite<Stored: RelayStoredAction>(
    _ value: consuming Output, publishes: Bool?, stored: Stored
  ) {
    if publishes == false {
      // Nothing to deliver: the value moves back without a copy.
      var moving = Optional(value)
      let commit = withMachine { $0.commitUnpublishedInPlaceWrite(&moving) }
      stored.valueStored()
      release(commit.released)
      if case .scheduleDrainer = commit.next { scheduleDrainer() }
      return
    }
    let thread = ThreadIdentity.current
    var replaced: Output?
    let commit = withMachine { $0.commitInPlaceWrite(value, from: thread, replaced: &replaced) }
    stored.valueStored()
    release(commit.released)
    go(commit.next, with: value, replacing: &replaced, from: thread)
  }

  /// Delivers `.finished` to every subscriber after the values already sent; later sends are
  /// ignored and later subscribers receive `.finished` at once.
  @usableFromInline
  func finish() {
    let thread = ThreadIdentity.current
    carryOut(withMachine(rarely: true) { $0.finish(from: thread) }, from: thread)
  }

  // MARK: Subscribing

  /// Attaches a subscriber: hands it its subscription, then adds it to the sequence.
  ///
  /// Only the subscription, which is also the target the rounds call, is made here, where the
  /// subscriber's type is known; the rest (`register()`, `attach(_:)`) is specialized once per
  /// value type, not once per pair of value and subscriber types, and calls the code around its
  /// events rather than inline it.
  @inlinable
  package func attach<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Never {
    // The finishing closure keeps the subscriber for as long as the relay keeps the target
    // (the receiving one does not, but for a sink's closures).
    let target: RelayTarget<Output>
    if S.self is AnyObject.Type || subscriber is Subscribers.Sink<Output, Never> {
      target = RelayTarget(
        storage: self, id: register(), receive: Self.receiver(of: subscriber),
        finish: { subscriber.receive(completion: .finished) })
    } else {
      // A subscriber of value type: in a box of its own, which the finishing closure keeps.
      let box = RelaySubscriberBox(subscriber)
      target = RelayTarget(
        storage: self, id: register(), receive: Self.receiver(of: box),
        finish: { box.subscriber.receive(completion: .finished) })
    }
    subscriber.receive(subscription: target)
    attach(target)
  }

  /// A subscription is about to be handed to a subscriber: its id.
  @inlinable @inline(never)
  func register() -> UInt64 { withMachine(rarely: true) { $0.register() } }

  /// The subscriber received its subscription, `target`: from now on the relay may call it.
  @inlinable @inline(never)
  func attach(_ target: RelayTarget<Output>) {
    let thread = ThreadIdentity.current
    switch withMachine(rarely: true, { $0.attach(target.id, target: target, from: thread) }) {
    case .attached(let step):
      carryOut(step, from: thread)
    case .cancelled:
      break  // never held by the relay: the subscriber's reference is the one left
    case .finished:
      if !target.markCancelled() { target.callFinish() }
    }
  }

  /// What a round calls for `subscriber`, an object (a class instance, or a value type's box).
  ///
  /// For a `Sink`, its own closure behind a check that the sink has not ended, which saves the
  /// call counting of `Sink.receive(_:)` per value. For any other subscriber, a closure that
  /// reaches it unretained: the target's finishing closure keeps it for as long as the relay may
  /// call it. Resolved at compile time where `S` is known.
  ///
  /// Never inlined: inlined into `attach`, the closure it makes went through a forwarding
  /// thunk of its own, a few instructions more for every value every sink receives.
  @inlinable @inline(never)
  static func receiver<S: Subscriber>(of subscriber: S) -> (Output) -> Subscribers.Demand
  where S.Input == Output {
    if let sink = subscriber as? Subscribers.Sink<Output, Never> {
      return sink.receiverForRelay()
    }
    let object = Unmanaged.passUnretained(subscriber as AnyObject)
    return { value in
      object._withUnsafeGuaranteedRef { unsafeBitCast($0, to: S.self).receive(value) }
    }
  }

  /// What a round calls for a subscriber of value type, through the box the target's finishing
  /// closure keeps.
  @inlinable @inline(never)
  static func receiver<S: Subscriber>(of box: RelaySubscriberBox<S>)
    -> (Output) -> Subscribers.Demand
  where S.Input == Output {
    let object = Unmanaged.passUnretained(box)
    return { value in object._withUnsafeGuaranteedRef { $0.subscriber.receive(value) } }
  }

  /// A subscriber asks for more; a request delivers only a current value a subscriber is owed,
  /// so it calls the code around its event rather than inline it (`withMachine(rarely:)`).
  @inlinable @inline(never)
  func request(_ demand: Subscribers.Demand, for id: UInt64) {
    let thread = ThreadIdentity.current
    carryOut(withMachine(rarely: true) { $0.request(demand, for: id, from: thread) }, from: thread)
  }

  /// Cancels a subscription.
  ///
  /// It never waits: once it returns, at most one more call reaches the subscriber, from a round
  /// another thread had already begun.
  @usableFromInline
  func cancel(_ id: UInt64) {
    let thread = ThreadIdentity.current
    let beingCalled = ending.subscriberBeingCalled
    let cancellation = withMachine { $0.cancel(id, from: thread, beingCalled: beingCalled) }
    cancellation.forEachTarget { _ = $0.markCancelled() }
    // The relay's holds of the subscriber, let go of here, outside the lock.
    cancellation.target?.letGo()
    release(cancellation.released)
  }

  // MARK: Delivering

  /// Carries out a step that delivers no value of the caller's own.
  ///
  /// Never inlined: its callers are the rare events (a subscription, a request, a `modify` that
  /// retries or throws, the end, the drainer's start), none of them a send.
  @inlinable @inline(never)
  func carryOut(_ step: consuming RelayStep<Output>, from thread: ThreadIdentity) {
    release(step.released.take())
    switch step.next {
    case .none: return
    case .scheduleDrainer: scheduleDrainer()
    case .deliver(let round):
      var returnedDemand: [(id: UInt64, demand: Subscribers.Demand)] = []
      let delivered = perform(round, carried: &step, collecting: &returnedDemand)
      endRounds(returnedDemand, wasDuplicate: !delivered && round.claimedDemand, from: thread)
    }
  }

  /// Goes on after an event that put the caller's own value in the sequence.
  @inlinable @inline(__always)
  func go(
    _ next: RelayNext, with value: Output, replacing replaced: inout Output?,
    from thread: ThreadIdentity
  ) {
    switch next {
    case .none: return
    case .scheduleDrainer: scheduleDrainer()
    case .deliver(let round):
      var returnedDemand: [(id: UInt64, demand: Subscribers.Demand)] = []
      let delivered = perform(
        round, with: value, replacing: &replaced, collecting: &returnedDemand)
      endRounds(returnedDemand, wasDuplicate: !delivered && round.claimedDemand, from: thread)
    }
  }

  /// Releases what the state machine dropped; here, outside the lock.
  @inlinable @inline(__always)
  func release(_ released: consuming RelayReleased) {
    if released.isEmpty { return }
    released.letGo()
  }

  /// Hands the sequence to a block on a global queue.
  @usableFromInline
  func scheduleDrainer() {
    nonisolated(unsafe) let storage = self  // thread-safe, though it cannot say `Sendable`
    DispatchQueue.global().async {
      let thread = ThreadIdentity.current
      storage.carryOut(storage.withMachine { $0.drainerStarts(on: thread) }, from: thread)
    }
  }

  /// Ends the round just delivered, and delivers the rounds that follow it, until the state
  /// machine says stop.
  ///
  /// Only the runner gets here.
  ///
  /// The common case costs one compare-and-exchange: nothing was left to do, and the round
  /// ends without the lock. A duplicate takes the lock only when its round claimed demand,
  /// to give it back (`wasDuplicate` is false for an unlimited round's duplicate).
  @inlinable @inline(__always)
  func endRounds(
    _ returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], wasDuplicate: Bool,
    from thread: ThreadIdentity
  ) {
    if returnedDemand.isEmpty, !wasDuplicate, ending.stopUnlessWorkWasLeft() { return }
    endRoundsWithLock(returnedDemand, wasDuplicate: wasDuplicate, from: thread)
  }

  @inlinable @inline(never)
  func endRoundsWithLock(
    _ returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], wasDuplicate: Bool,
    from thread: ThreadIdentity
  ) {
    var returnedDemand = returnedDemand
    var wasDuplicate = wasDuplicate
    while true {
      var step = withMachine {
        $0.endRound(returnedDemand: returnedDemand, wasDuplicate: wasDuplicate, from: thread)
      }
      release(step.released.take())
      // Only when there is something to remove: on an empty array it allocates a buffer.
      if !returnedDemand.isEmpty { returnedDemand.removeAll(keepingCapacity: true) }
      switch step.next {
      case .none: return
      case .scheduleDrainer:
        scheduleDrainer()
        return
      case .deliver(let round):
        wasDuplicate =
          !perform(round, carried: &step, collecting: &returnedDemand) && round.claimedDemand
      }
      if returnedDemand.isEmpty, !wasDuplicate, ending.stopUnlessWorkWasLeft() { return }
    }
  }

  /// Delivers a round whose value the step carries, or `.finished`.
  ///
  /// - Returns: `false` when the round's value was a duplicate and reached nobody.
  @inlinable
  func perform(
    _ round: RelayRound, carried step: inout RelayStep<Output>,
    collecting returnedDemand: inout [(id: UInt64, demand: Subscribers.Demand)]
  ) -> Bool {
    if let value = step.value.take() {
      return perform(round, with: value, replacing: &step.replaced, collecting: &returnedDemand)
    }
    if round.kind == .finish { finish(round.targets) }
    return true
  }

  /// Delivers one round's value.
  ///
  /// - Returns: `false` when the value was a duplicate and reached nobody.
  @inlinable @inline(__always)
  func perform(
    _ round: RelayRound, with value: Output, replacing replaced: inout Output?,
    collecting returnedDemand: inout [(id: UInt64, demand: Subscribers.Demand)]
  ) -> Bool {
    if round.checksDuplicate, repeats(&replaced, value) { return false }
    switch round.kind {
    case .unlimited: callUnlimited(round.targets, with: value)
    case .claimed: call(round.targets, with: value, collecting: &returnedDemand)
    case .finish: finish(round.targets)
    }
    return true
  }

  /// Whether `value` repeats `previous`.
  ///
  /// Both are borrowed where they lie; the caller releases `previous` once it is done, outside the
  /// lock.
  @inlinable @inline(__always)
  func repeats(_ previous: inout Output?, _ value: Output) -> Bool {
    withUnsafeMutablePointer(to: &previous) { old in
      withUnsafePointer(to: value) { new in
        // An optional's payload lies at its start (a single-payload enum's layout).
        withUnsafeMutablePointerToHeader { header in
          // Unretained: the header holds it, and a round checks only when there is one.
          header.pointee.duplicateCheck.unsafelyUnwrapped._withUnsafeGuaranteedRef {
            $0.isDuplicateAt(
              UnsafeRawPointer(old), UnsafeRawPointer(new), header.pointee.keeper?.toOpaque())
          }
        }
      }
    }
  }

  /// Calls each target not cancelled, in order.
  ///
  /// Their demand is unlimited, so what they return changes nothing.
  @inlinable
  func callUnlimited(_ targets: RelaySubscriberLoan, with value: Output) {
    targets.forEachTarget { order, target in
      ending.willCall(order)
      if !target.wasCancelled { _ = target.receiver(Output.self).deliver(value) }
    }
  }

  /// Calls each target not cancelled, in order, and collects the demand it returns.
  @inlinable
  func call(
    _ targets: RelaySubscriberLoan, with value: Output,
    collecting returnedDemand: inout [(id: UInt64, demand: Subscribers.Demand)]
  ) {
    targets.forEachTarget { order, target in
      ending.willCall(order)
      let demand =
        target.wasCancelled ? Subscribers.Demand.none : target.receiver(Output.self).deliver(value)
      if demand != .none { returnedDemand.append((order, demand)) }
    }
  }

  /// Delivers `.finished` to each target not cancelled.
  @usableFromInline
  func finish(_ targets: RelaySubscriberLoan) {
    targets.forEachTarget { order, target in
      ending.willCall(order)
      if !target.markCancelled() { target.callFinish() }
    }
  }
}

/// What a relay's storage keeps that depends on no value type.
///
/// Nothing in it is retained as Swift would retain it: the references are unmanaged (the
/// storage retains them when it is made and releases them in `deinit`), so that a send reads
/// them without a retain and release.
@usableFromInline
package struct RelayStorageHeader {
  /// `ending`'s two words, never accessed as a field after `init`: the first field, at the
  /// header's start, where `ending` finds them.
  @usableFromInline var endingStorage: (UInt64, UInt64)
  /// The mutex guarding the state machine; reached through its address only.
  @usableFromInline var mutex: RelayMutex
  /// How a round tells a duplicate, when rounds check.
  @usableFromInline let duplicateCheck: Unmanaged<RelayDuplicateCheck>?
  /// What the relay keeps alive for the duplicate check, which is given its address.
  @usableFromInline let keeper: Unmanaged<AnyObject>?

  @inlinable
  init(duplicateCheck: Unmanaged<RelayDuplicateCheck>?, keeper: Unmanaged<AnyObject>?) {
    endingStorage = (0, 0)
    mutex = RelayMutex()
    self.duplicateCheck = duplicateCheck
    self.keeper = keeper
  }
}

/// How a relay tells that a value repeats the one before it: such a value is stored but not
/// delivered.
///
/// It compares values where they lie, by address: the relay holds both in memory, and a check
/// of values would be called through thunks that load and copy each one. The check may need
/// memory of its own (a `@Diff` property's tells its observers through a word in its
/// machinery): each relay passes it the address of the object it keeps alive for it (its
/// keeper), where it finds that memory. So one check, made once, serves every relay that
/// compares the same way (every `@Diff` property sharing a selection).
@usableFromInline
package final class RelayDuplicateCheck {
  /// Whether the value at the second address repeats the one at the first; the third is the
  /// address of the relay's keeper, if it has one.
  @usableFromInline let isDuplicateAt:
    (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool

  /// A check that calls `isDuplicateAt`.
  @inlinable
  package init(
    _ isDuplicateAt:
      @escaping (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer?) ->
      Bool
  ) {
    self.isDuplicateAt = isDuplicateAt
  }
}

/// What an in-place write's commit runs once the value is stored, before any subscriber is
/// called for it, with no lock held.
///
/// A type rather than a closure: the optimizer makes a copy of a function for each closure
/// literal passed to it (some 1.7 KB per value type for the commit), and specializes it once
/// per conforming type.
@usableFromInline
package protocol RelayStoredAction {
  /// Runs once the value is stored.
  func valueStored()
}

import Dispatch

/// The storage of a relay: it takes the lock, hands the state machine one event, releases the
/// lock, and then carries out the action: calls subscribers, releases what was dropped, or
/// starts the drainer. Shared by `CurrentValueRelay`, `PassthroughRelay`, `singleReplay()` and
/// `@Diff`.
///
/// A send that finds nobody delivering takes the lock once: it becomes the deliverer under the
/// lock, calls the subscribers, and then stops delivering with one compare-and-exchange on
/// `delivery`, unless someone left it work meanwhile, in which case it takes the lock again.
///
/// Which thread runs subscribers, and for how long a caller is kept:
/// - A caller that finds nobody delivering delivers its own work before it returns: the value
///   it sent (or the current value it asked for), then whatever its subscribers send to this
///   relay in turn. That is bounded by what its own subscribers do.
/// - A caller that finds a round in progress queues its event and returns at once.
/// - When a deliverer's next waiting event is another thread's, it hands the sequence to the
///   drainer, a block on a global dispatch queue, and returns. The drainer delivers in order,
///   and after every 64 rounds lets other work on its queue go first.
@usableFromInline
final class RelayCore<Output>: @unchecked Sendable {
  /// How many rounds the drainer runs before it yields its dispatch thread.
  @usableFromInline static var drainerBudget: Int { 64 }

  // Every mutable field is inside `state`, guarded by its lock; `delivery` is atomic.
  @usableFromInline let state: Lock<RelayStateMachine<Output>>
  @usableFromInline let delivery = RelayDelivery()
  /// Whether sent values go through `isDuplicateAt`. A flag rather than an optional closure,
  /// so that the hot path neither unwraps nor copies a closure.
  @usableFromInline let checksDuplicates: Bool
  /// Whether the value at the second address repeats the one at the first; such a value is
  /// stored but not delivered. Addresses rather than values: the relay holds both in memory,
  /// and a closure of values would be called through thunks that load and copy each one.
  /// Untyped addresses: a function type that does not mention `Output` is stored and called
  /// in one form, where a typed one costs two reabstraction thunks per call.
  @usableFromInline let isDuplicateAt: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  @usableFromInline let subscriptionName: String

  @inlinable
  init(
    current: Output?, keepsCurrentValue: Bool, subscriptionName: String,
    isDuplicateAt: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)? = nil,
    backlog: BacklogPolicy = .unbounded
  ) {
    state = .make(
      RelayStateMachine(
        current: current, keepsCurrentValue: keepsCurrentValue,
        checksDuplicates: isDuplicateAt != nil, backlog: backlog))
    checksDuplicates = isDuplicateAt != nil
    self.isDuplicateAt = isDuplicateAt ?? { _, _ in false }
    self.subscriptionName = subscriptionName
  }

  /// Runs one event of the state machine under the lock, keeping `delivery` in step with it.
  @inlinable @inline(__always)
  func withMachine<Result>(_ event: (inout RelayStateMachine<Output>) -> Result) -> Result {
    state.withLock { machine in
      if machine.deliverer != nil, !delivery.holdDeliverer() {
        machine.delivererStoppedWithoutLock()
      }
      let result = event(&machine)
      delivery.set(machine.deliveryWord)
      machine._checkInvariants()
      return result
    }
  }

  /// The last value sent.
  @inlinable
  var latestValue: Output? { withMachine { $0.latestValue } }

  /// Whether any subscriber is attached right now.
  @inlinable
  var hasSubscribers: Bool { withMachine { $0.hasSubscribers } }

  // MARK: Sending

  /// Sends a value: delivers it now, or queues it behind the round in progress.
  @inlinable
  func send(_ value: Output) {
    let thread = ThreadIdentity.current
    if Self.keepsReplacedValueInASlot {
      withReplacedSlot { replaced in
        let next = withMachine { $0.send(value, from: thread, replaced: &replaced.pointee) }
        go(next, with: value, replacing: &replaced.pointee, from: thread)
      }
    } else {
      var replaced: Output?
      let next = withMachine { $0.send(value, from: thread, replaced: &replaced) }
      go(next, with: value, replacing: &replaced, from: thread)
    }
  }

  /// Whether a send keeps the value it replaces in a slot of its own (`withReplacedSlot`)
  /// rather than in a local `Output?`; a constant once `Output` is known.
  ///
  /// The compiler destroys a local optional of a large struct through the optional's generic
  /// value witness, and one of a small struct inline, where the slot's closure costs more.
  /// Measured with callgrind, instructions per `@Diff` write (Swift 6.3.1, x86-64): states of
  /// 32, 40 and 48 bytes cost 22-31 fewer with a local, states of 64 and 130 bytes 30 fewer
  /// with a slot. Both ways are correct; only the cost differs.
  @inlinable
  static var keepsReplacedValueInASlot: Bool {
    MemoryLayout<Output>.size > 6 * MemoryLayout<Int>.size
  }

  /// Runs `body` with an empty slot for the value a send replaces, and destroys what it
  /// holds afterwards as an `Output`, not through the optional's value witness.
  @inlinable @inline(__always)
  func withReplacedSlot(_ body: (UnsafeMutablePointer<Output?>) -> Void) {
    withUnsafeTemporaryAllocation(of: Output?.self, capacity: 1) { buffer in
      let replaced = buffer.baseAddress.unsafelyUnwrapped
      replaced.initialize(to: nil)
      body(replaced)
      if replaced.pointee != nil {
        // An optional's payload lies at its start (a single-payload enum's layout).
        UnsafeMutableRawPointer(replaced).assumingMemoryBound(to: Output.self)
          .deinitialize(count: 1)
      }
    }
  }

  /// Changes the latest value with `transform` and sends the result, as one atomic step with
  /// respect to other sends; see `RelayStateMachine`'s reservation.
  @inlinable
  func modify<Result>(_ transform: (inout Output) throws -> Result) rethrows -> Result {
    let thread = ThreadIdentity.current
    while true {
      var (value, ticket) = withMachine { $0.beginModify() }
      guard var modified = value.take() else { preconditionFailure("modify needs a current value") }
      let result: Result
      do {
        result = try transform(&modified)
      } catch {
        carryOut(withMachine { $0.abandonModify(ticket) }, from: thread)
        throw error
      }
      switch withMachine({ $0.commitModify(modified, ticket: ticket, from: thread) }) {
      case .written(var action):
        release(action.garbage.take())
        go(action.next, with: modified, replacing: &action.replaced, from: thread)
        return result
      case .retry(let action):
        carryOut(action, from: thread)
      }
    }
  }

  /// Delivers `.finished` to every subscriber after the values already sent; later sends are
  /// ignored and later subscribers receive `.finished` at once.
  @inlinable
  func finish() {
    let thread = ThreadIdentity.current
    carryOut(withMachine { $0.finish(from: thread) }, from: thread)
  }

  // MARK: Subscribing

  /// Attaches a subscriber: hands it its subscription, then adds it to the sequence.
  @inlinable
  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Never {
    let id = withMachine { $0.register() }
    subscriber.receive(subscription: RelayConduit(core: self, id: id))
    let target = RelayTarget<Output>(
      receive: { subscriber.receive($0) },
      receiveIgnoringDemand: Self.receiveIgnoringDemand(of: subscriber),
      finish: { subscriber.receive(completion: .finished) })
    let thread = ThreadIdentity.current
    switch withMachine({ $0.attach(id, target: target, from: thread) }) {
    case .attached(let action):
      carryOut(action, from: thread)
    case .cancelled:
      break  // the target is released here, outside the lock
    case .finished(let target):
      if !target.markCancelled() { target.finish() }
    }
  }

  /// What an unlimited round calls for `subscriber`: for a `Sink`, its own closure behind a
  /// check that the sink has not ended, saving the call counting of `Sink.receive(_:)` per
  /// value. The check keeps the two paths in step: once a sink has ended, neither calls it, so
  /// a cancelled sink's values are an unbroken stretch of the sequence. Resolved at compile time
  /// where `S` is known.
  @inlinable
  static func receiveIgnoringDemand<S: Subscriber>(of subscriber: S) -> (Output) -> Void
  where S.Input == Output {
    if let sink = subscriber as? Subscribers.Sink<Output, Never> {
      return sink.receiverForUnlimitedDemand()
    }
    return { _ = subscriber.receive($0) }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand, for id: UInt64) {
    let thread = ThreadIdentity.current
    carryOut(withMachine { $0.request(demand, for: id, from: thread) }, from: thread)
  }

  /// Cancels a subscription. It never waits: once it returns, at most one more call reaches the
  /// subscriber, from a round another thread had already begun.
  @inlinable
  func cancel(_ id: UInt64) {
    let thread = ThreadIdentity.current
    let beingCalled = delivery.subscriberBeingCalled
    let released = withMachine { $0.cancel(id, from: thread, beingCalled: beingCalled) }
    for target in released.targets { _ = target.markCancelled() }
    release(released)
  }

  // MARK: Delivering

  /// Carries out an action that delivers no value of the caller's own.
  ///
  /// - Parameter budget: How many rounds to run in all before handing on, for the drainer.
  @inlinable
  func carryOut(
    _ action: consuming RelayAction<Output>, from thread: ThreadIdentity, budget: Int = .max
  ) {
    release(action.garbage.take())
    switch action.next {
    case .none: return
    case .startDrainer: startDrainer()
    case .deliver(let round):
      var returnedDemand: [(id: UInt64, demand: Subscribers.Demand)] = []
      perform(round, carried: &action, collecting: &returnedDemand)
      endRounds(returnedDemand, from: thread, budget: budget)
    }
  }

  /// Goes on after an event that put the caller's own value in the sequence.
  @inlinable @inline(__always)
  func go(
    _ next: RelayNext<Output>, with value: Output, replacing replaced: inout Output?,
    from thread: ThreadIdentity
  ) {
    switch next {
    case .none: return
    case .startDrainer: startDrainer()
    case .deliver(let round):
      var returnedDemand: [(id: UInt64, demand: Subscribers.Demand)] = []
      perform(round, with: value, replacing: &replaced, collecting: &returnedDemand)
      endRounds(returnedDemand, from: thread, budget: .max)
    }
  }

  /// Releases what the state machine dropped; here, outside the lock.
  @inlinable @inline(__always)
  func release(_ garbage: consuming RelayGarbage<Output>) {
    if garbage.isEmpty { return }
    _ = consume garbage
  }

  /// Hands the sequence to a block on a global queue.
  @usableFromInline
  func startDrainer() {
    DispatchQueue.global().async { [self] in
      let thread = ThreadIdentity.current
      carryOut(
        withMachine { $0.drainerStarts(on: thread) }, from: thread, budget: Self.drainerBudget)
    }
  }

  /// Ends the round just delivered, and delivers the rounds that follow it, until the state
  /// machine says stop. Only the deliverer gets here.
  ///
  /// The common case costs one compare-and-exchange: nothing was left to do, and the round
  /// ends without the lock.
  ///
  /// - Parameter budget: How many rounds to run in all before handing on, for the drainer.
  @inlinable @inline(__always)
  func endRounds(
    _ returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], from thread: ThreadIdentity,
    budget: Int
  ) {
    if returnedDemand.isEmpty, delivery.stopUnlessWorkWasLeft() { return }
    endRoundsWithLock(returnedDemand, from: thread, budget: budget)
  }

  @inlinable @inline(never)
  func endRoundsWithLock(
    _ returnedDemand: [(id: UInt64, demand: Subscribers.Demand)], from thread: ThreadIdentity,
    budget: Int
  ) {
    var returnedDemand = returnedDemand
    var rounds = 1
    while true {
      var action = withMachine {
        $0.endRound(returnedDemand: returnedDemand, from: thread, budgetLeft: rounds < budget)
      }
      release(action.garbage.take())
      returnedDemand.removeAll(keepingCapacity: true)
      switch action.next {
      case .none: return
      case .startDrainer:
        startDrainer()
        return
      case .deliver(let round):
        rounds += 1
        perform(round, carried: &action, collecting: &returnedDemand)
      }
      if returnedDemand.isEmpty, delivery.stopUnlessWorkWasLeft() { return }
    }
  }

  /// Delivers a round whose value the action carries, or `.finished`.
  @inlinable
  func perform(
    _ round: RelayRound<Output>, carried action: inout RelayAction<Output>,
    collecting returnedDemand: inout [(id: UInt64, demand: Subscribers.Demand)]
  ) {
    if let value = action.value.take() {
      perform(round, with: value, replacing: &action.replaced, collecting: &returnedDemand)
    } else if round.kind == .finish, let targets = round.targets {
      finish(targets)
    }
  }

  /// Delivers one round's value.
  @inlinable @inline(__always)
  func perform(
    _ round: RelayRound<Output>, with value: Output, replacing replaced: inout Output?,
    collecting returnedDemand: inout [(id: UInt64, demand: Subscribers.Demand)]
  ) {
    switch round.kind {
    case .unlimited:
      if let targets = round.targets, !repeats(&replaced, value) {
        callUnlimited(targets, with: value)
      }
    case .claimed:
      if let targets = round.targets { call(targets, with: value, collecting: &returnedDemand) }
    case .checkThenClaim:
      if !repeats(&replaced, value) {
        call(withMachine { $0.claimTargets() }, with: value, collecting: &returnedDemand)
      }
    case .finish:
      if let targets = round.targets { finish(targets) }
    }
  }

  /// Whether `value` repeats `previous`, for a relay that drops duplicates. Both are borrowed
  /// where they lie; the caller releases `previous` once it is done, outside the lock.
  @inlinable @inline(__always)
  func repeats(_ previous: inout Output?, _ value: Output) -> Bool {
    guard checksDuplicates else { return false }
    // A relay that checks duplicates keeps a current value, so a round always replaces one.
    assert(previous != nil, "a round of a relay that drops duplicates replaced nothing")
    return withUnsafeMutablePointer(to: &previous) { old in
      withUnsafePointer(to: value) { new in
        // An optional's payload lies at its start (a single-payload enum's layout).
        isDuplicateAt(UnsafeRawPointer(old), UnsafeRawPointer(new))
      }
    }
  }

  /// Calls each target not cancelled, in order. Their demand is unlimited, so what they
  /// return changes nothing.
  @inlinable
  func callUnlimited(_ targets: Unmanaged<RelaySubscriberList<Output>>, with value: Output) {
    targets._withUnsafeGuaranteedRef { list in
      list.withSlots { slots in
        for index in slots.indices {
          guard let target = slots[index].target else { continue }
          delivery.willCall(slots[index].order)
          target._withUnsafeGuaranteedRef {
            if !$0.wasCancelled { $0.receiveIgnoringDemand(value) }
          }
        }
      }
    }
  }

  /// Calls each target not cancelled, in order, and collects the demand it returns.
  @inlinable
  func call(
    _ targets: Unmanaged<RelaySubscriberList<Output>>, with value: Output,
    collecting returnedDemand: inout [(id: UInt64, demand: Subscribers.Demand)]
  ) {
    targets._withUnsafeGuaranteedRef { list in
      list.withSlots { slots in
        for index in slots.indices {
          guard let target = slots[index].target else { continue }
          let order = slots[index].order
          delivery.willCall(order)
          let demand = target._withUnsafeGuaranteedRef {
            $0.wasCancelled ? Subscribers.Demand.none : $0.receive(value)
          }
          if demand != .none { returnedDemand.append((order, demand)) }
        }
      }
    }
  }

  /// Delivers `.finished` to each target not cancelled.
  @inlinable
  func finish(_ targets: Unmanaged<RelaySubscriberList<Output>>) {
    targets._withUnsafeGuaranteedRef { list in
      list.withSlots { slots in
        for index in slots.indices {
          guard let target = slots[index].target else { continue }
          delivery.willCall(slots[index].order)
          target._withUnsafeGuaranteedRef { if !$0.markCancelled() { $0.finish() } }
        }
      }
    }
  }
}

extension Optional {
  /// Moves the wrapped value out, leaving `nil`.
  @inlinable
  mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}

extension Array {
  /// Moves the elements out, leaving the array empty.
  @inlinable
  mutating func take() -> [Element] {
    defer { self = [] }
    return self
  }
}

import Synchronization

/// The storage of a relay: it takes the lock, asks the state machine what to do, releases the
/// lock, and then calls subscribers. Shared by `CurrentValueRelay`, `PassthroughRelay` and
/// `@Diff`.
///
/// A send that finds nobody delivering takes the lock once: it becomes the deliverer under the
/// lock, calls the subscribers, and then stops delivering with one compare-and-exchange on
/// `delivery`, unless someone left it work meanwhile, in which case it takes the lock again.
@usableFromInline
final class RelayCore<Output>: @unchecked Sendable {
  // Every mutable field is inside `state`, guarded by its lock; `delivery` is atomic.
  @usableFromInline let state: Lock<RelayStateMachine<Output>>
  @usableFromInline let delivery = RelayDelivery()
  /// Whether sent values go through `isDuplicate`. A flag rather than an optional closure, so
  /// that the hot path neither unwraps nor copies a closure.
  @usableFromInline let checksDuplicates: Bool
  /// Whether a value repeats the previous one; such a value is stored but not delivered.
  @usableFromInline let isDuplicate: (Output, Output) -> Bool
  @usableFromInline let subscriptionName: String

  @inlinable
  init(
    current: Output?, keepsCurrentValue: Bool, subscriptionName: String,
    isDuplicate: ((Output, Output) -> Bool)? = nil
  ) {
    state = .make(
      RelayStateMachine(
        current: current, keepsCurrentValue: keepsCurrentValue,
        checksDuplicates: isDuplicate != nil))
    checksDuplicates = isDuplicate != nil
    self.isDuplicate = isDuplicate ?? { _, _ in false }
    self.subscriptionName = subscriptionName
  }

  /// The last value sent.
  @inlinable
  var latestValue: Output? { state.withLock { $0.latestValue } }

  /// Sends a value: delivers it now, or queues it behind the round in progress.
  ///
  /// The common case stays inline: every subscriber has unlimited demand, so the round
  /// borrows the subscriber buffer, and it ends without the lock unless someone left work.
  @inlinable
  func send(_ value: Output) {
    send(value, ifNothingSentSince: nil)
  }

  /// Sends a value unless another value was sent since `sendCount` was `expected`.
  ///
  /// - Returns: Whether the value was sent.
  @inlinable @inline(__always) @discardableResult
  func send(_ value: Output, ifNothingSentSince expected: UInt64?) -> Bool {
    let thread = ThreadIdentity.current
    var replaced: Output?
    var accepted = true
    let round = state.withLock { state -> RelayRound<Output>? in
      if let expected, state.sendCount != expected {
        accepted = false
        return nil
      }
      let round = state.send(value, thread: thread, delivery: delivery, replaced: &replaced)
      state._checkInvariants(delivery: delivery)
      return round
    }
    guard let round else { return accepted }
    guard let targets = round.lent else {
      deliverFirst(round, value: value, replaced: &replaced)
      return true
    }
    // `take()` moves the replaced value out, so the check borrows it instead of copying it.
    if !repeats(replaced.take(), value) {
      targets._withUnsafeGuaranteedRef { callUnlimited($0, with: value) }
    }
    if delivery.stopUnlessWorkWasLeft() { return true }
    finishRound([])
    return true
  }

  /// Changes the latest value with `transform` and sends the result, as one atomic step with
  /// respect to other sends: if a value is sent while `transform` runs, it runs again on that
  /// value. `transform` runs outside the lock, so it must not have side effects it cannot
  /// repeat.
  @inlinable
  func modify<Result>(_ transform: (inout Output) throws -> Result) rethrows -> Result {
    while true {
      var (value, sendCount) = state.withLock { ($0.latestValue, $0.sendCount) }
      guard var modified = value.take() else { preconditionFailure("modify needs a current value") }
      let result = try transform(&modified)
      if send(modified, ifNothingSentSince: sendCount) { return result }
    }
  }

  /// Whether `value` repeats `previous`, for a relay that drops duplicates. It consumes
  /// `previous`, which it releases on return: outside the lock.
  @inlinable @inline(__always)
  func repeats(_ previous: consuming Output?, _ value: Output) -> Bool {
    guard checksDuplicates, let previous = consume previous else { return false }
    return isDuplicate(previous, value)
  }

  /// Delivers a first round that claimed demand, and the rounds after it.
  @inlinable @inline(never)
  func deliverFirst(_ round: RelayRound<Output>, value: Output, replaced: inout Output?) {
    var value: Output? = value
    deliver(round, value: &value, replaced: &replaced)
  }

  /// Asks the state machine for a round under the lock, then delivers it and every round
  /// after it.
  @inlinable
  func run(
    _ step: (inout RelayStateMachine<Output>, ThreadIdentity, inout Output?) -> RelayRound<Output>?
  ) {
    let thread = ThreadIdentity.current
    var value: Output?
    var replaced: Output?
    var discarded: [RelayEvent<Output>] = []
    let round = state.withLock {
      let round = step(&$0, thread, &value)
      discarded = $0.takeDiscarded()
      $0._checkInvariants(delivery: delivery)
      return round
    }
    discarded.removeAll()  // outside the lock
    if let round { deliver(round, value: &value, replaced: &replaced) }
  }

  /// Ends the round in progress under the lock, then runs the rounds that waited for it. Only
  /// the deliverer calls it, when it has demand to add or someone left it work.
  @inlinable @inline(never)
  func finishRound(_ returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)]) {
    var value: Output?
    var replaced: Output?
    if let next = endRound(returnedDemand, value: &value, replaced: &replaced) {
      deliver(next, value: &value, replaced: &replaced)
    }
  }

  /// Ends the round in progress under the lock, then, outside it, releases the subscribers it
  /// retired and the events it dropped and wakes the cancellers waiting for it, in that
  /// order; returns the next round, whose value it writes to `value`.
  @inlinable
  func endRound(
    _ returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)], value: inout Output?,
    replaced: inout Output?
  ) -> RelayRound<Output>? {
    var waking: [RelayWaiter] = []
    var retired: [RelayEntries<Output>] = []
    var discarded: [RelayEvent<Output>] = []
    let next = state.withLock {
      let next = $0.finishRound(
        returnedDemand: returnedDemand, delivery: delivery, waking: &waking, retired: &retired,
        value: &value, replaced: &replaced)
      discarded = $0.takeDiscarded()
      $0._checkInvariants(delivery: delivery)
      return next
    }
    retired.removeAll()
    discarded.removeAll()
    for waiter in waking { waiter.wake() }
    return next
  }

  /// Runs rounds until nothing is pending. Only the deliverer gets here.
  @inlinable
  func deliver(_ first: RelayRound<Output>, value: inout Output?, replaced: inout Output?) {
    var round = first
    var returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)] = []
    while true {
      if round.isFinish {
        if let targets = round.claimed { finish(targets) }
      } else if let current = value, !repeats(replaced.take(), current) {
        if let targets = round.lent {
          targets._withUnsafeGuaranteedRef { callUnlimited($0, with: current) }
        } else if let targets = round.claimed {
          call(targets, with: current, collecting: &returnedDemand)
        } else {
          call(state.withLock { $0.claimTargets() }, with: current, collecting: &returnedDemand)
        }
      }
      round.claimed = nil  // release the subscribers before a canceller can wake
      value = nil
      replaced = nil
      if returnedDemand.isEmpty, delivery.stopUnlessWorkWasLeft() { return }
      guard let next = endRound(returnedDemand, value: &value, replaced: &replaced) else { return }
      round = next
      returnedDemand.removeAll(keepingCapacity: true)
    }
  }

  /// Calls each target that has not been cancelled, in order, and records its progress. Their
  /// demand is unlimited, so what they return changes nothing.
  @inlinable
  func callUnlimited(_ targets: RelayEntries<Output>, with value: Output) {
    targets.withEntries { targets in
      for index in targets.indices {
        if targets[index].conduit.isCancelled.load(ordering: .relaxed) { continue }
        Unmanaged.passUnretained(targets[index].target)
          ._withUnsafeGuaranteedRef { $0.receiveIgnoringDemand(value) }
        delivery.passed(targets[index].order)
      }
    }
  }

  /// Calls each target that has not been cancelled, in order, records its progress, and
  /// collects the demand it returns.
  @inlinable
  func call(
    _ targets: RelayEntries<Output>, with value: Output,
    collecting returnedDemand: inout [(RelayConduit<Output>, Subscribers.Demand)]
  ) {
    targets.withEntries { targets in
      for index in targets.indices {
        if targets[index].conduit.isCancelled.load(ordering: .relaxed) { continue }
        let demand = Unmanaged.passUnretained(targets[index].target)
          ._withUnsafeGuaranteedRef { $0.receive(value) }
        delivery.passed(targets[index].order)
        if demand != .none { returnedDemand.append((targets[index].conduit, demand)) }
      }
    }
  }

  /// Delivers `.finished` to each target not yet cancelled.
  @inlinable
  func finish(_ targets: RelayEntries<Output>) {
    for entry in targets {
      if entry.conduit.isCancelled.exchange(true, ordering: .relaxed) { continue }
      entry.target.finish()
      delivery.passed(entry.order)
    }
  }

  /// Attaches a subscriber: hands it its subscription, then adds it to the sequence.
  @inlinable
  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Never {
    let conduit = RelayConduit(core: self)
    subscriber.receive(subscription: conduit)
    // `Sink.receive(_:)` is `receiveValue` then `.none`, and `Sink` is final: an unlimited
    // round may call `receiveValue` itself. Resolved at compile time where `S` is known.
    let receiveIgnoringDemand: (Output) -> Void =
      if let sink = subscriber as? Subscribers.Sink<Output, Never> {
        sink.receiveValue
      } else {
        { _ = subscriber.receive($0) }
      }
    let target = RelayTarget<Output>(
      receive: { subscriber.receive($0) }, receiveIgnoringDemand: receiveIgnoringDemand,
      finish: { subscriber.receive(completion: .finished) })
    let entry = RelayEntry(conduit: conduit, target: target)
    let thread = ThreadIdentity.current
    var value: Output?
    var replaced: Output?
    var discarded: [RelayEvent<Output>] = []
    let (round, finished) = state.withLock { state in
      let round = state.attach(entry, thread: thread, delivery: delivery, value: &value)
      discarded = state.takeDiscarded()
      state._checkInvariants(delivery: delivery)
      return (round, state.isFinished && conduit.phase == .pending)
    }
    discarded.removeAll()  // outside the lock
    if let round { deliver(round, value: &value, replaced: &replaced) }
    if finished, !conduit.isCancelled.exchange(true, ordering: .relaxed) {
      subscriber.receive(completion: .finished)
    }
  }

  /// Delivers `.finished` to every subscriber after the values already sent; later sends are
  /// ignored and later subscribers receive `.finished` at once.
  @inlinable
  func finish() {
    run { state, thread, value in
      var replaced: Output?
      return state.finish(thread: thread, delivery: delivery, value: &value, replaced: &replaced)
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand, for conduit: RelayConduit<Output>) {
    run { $0.request(demand, for: conduit, thread: $1, delivery: delivery, value: &$2) }
  }

  /// Cancels a subscriber.
  ///
  /// Once it returns no new call to the subscriber starts, and when another thread was
  /// calling it, that call has returned. The subscriber itself is released at once, unless a
  /// round on another thread already called it and still holds the list it belongs to: then
  /// when that round ends. Waiting for that instead could deadlock a subscriber further down
  /// the round that waits for this canceller.
  @inlinable
  func cancel(_ conduit: RelayConduit<Output>) {
    conduit.isCancelled.store(true, ordering: .relaxed)
    let thread = ThreadIdentity.current
    guard
      var cancellation = state.withLock({
        let cancellation = $0.cancel(conduit, thread: thread, delivery: delivery)
        $0._checkInvariants(delivery: delivery)
        return cancellation
      })
    else { return }
    cancellation.removed = nil  // release the subscriber outside the lock
    cancellation.queued = nil
    if let waiter = cancellation.waiter, !delivery.hasPassed(cancellation.order) {
      waiter.wait()
      state.withLock { _ in }  // pairs with the deliverer's last unlock, for the sanitizer too
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

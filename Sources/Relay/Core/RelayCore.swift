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
  @inlinable
  func send(_ value: Output) {
    let thread = ThreadIdentity.current
    var replaced: Output?
    let round = state.withLock {
      $0.send(value, thread: thread, delivery: delivery, replaced: &replaced)
    }
    guard var round else { return }
    // The first round delivers `value` itself rather than a copy in an optional.
    var returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)] = []
    if checksDuplicates, let previous = replaced, isDuplicate(previous, value) {
      // Dropped: stored as the current value, delivered to nobody.
    } else if let targets = round.targets {
      call(targets, with: value, collecting: &returnedDemand, round.targetsAreUnlimited)
    } else {
      call(
        state.withLock { $0.claimTargets() }, with: value, collecting: &returnedDemand,
        round.targetsAreUnlimited)
    }
    round.targets = nil  // release the subscribers before a canceller can wake
    replaced = nil  // release the replaced value outside the lock
    if returnedDemand.isEmpty, delivery.stopUnlessWorkWasLeft() { return }
    finishRound(returnedDemand)
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
    let round = state.withLock { step(&$0, thread, &value) }
    if let round { deliver(round, value: &value, replaced: &replaced) }
  }

  /// Ends the round in progress under the lock, then runs the rounds that waited for it. Only
  /// the deliverer calls it, when it has demand to add or someone left it work.
  @inlinable @inline(never)
  func finishRound(_ returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)]) {
    var waking: [RelayWaiter] = []
    var value: Output?
    var replaced: Output?
    let next = state.withLock {
      $0.finishRound(
        returnedDemand: returnedDemand, delivery: delivery, waking: &waking, value: &value,
        replaced: &replaced)
    }
    for waiter in waking { waiter.wake() }
    if let next { deliver(next, value: &value, replaced: &replaced) }
  }

  /// Runs rounds until nothing is pending. Only the deliverer gets here.
  @inlinable
  func deliver(_ first: RelayRound<Output>, value: inout Output?, replaced: inout Output?) {
    var round = first
    var returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)] = []
    var waking: [RelayWaiter] = []
    while true {
      if round.isFinish {
        finish(round.targets ?? [])
      } else if let current = value,
        let targets = targetsAfterDuplicateCheck(round, value: current, previous: replaced)
      {
        call(targets, with: current, collecting: &returnedDemand, round.targetsAreUnlimited)
      }
      round.targets = nil  // release the subscribers before a canceller can wake
      value = nil
      replaced = nil
      if returnedDemand.isEmpty, delivery.stopUnlessWorkWasLeft() { return }
      let next = state.withLock {
        $0.finishRound(
          returnedDemand: returnedDemand, delivery: delivery, waking: &waking, value: &value,
          replaced: &replaced)
      }
      if !waking.isEmpty {
        for waiter in waking { waiter.wake() }
        waking.removeAll()
      }
      guard let next else { return }
      round = next
      returnedDemand.removeAll(keepingCapacity: true)
    }
  }

  /// Calls each target that has not been cancelled, in order, and records its progress.
  @inlinable
  func call(
    _ targets: [RelayEntry<Output>], with value: Output,
    collecting returnedDemand: inout [(RelayConduit<Output>, Subscribers.Demand)],
    _ targetsAreUnlimited: Bool
  ) {
    targets.withUnsafeBufferPointer { targets in
      for index in targets.indices {
        if targets[index].conduit.isCancelled.load(ordering: .relaxed) { continue }
        let demand = Unmanaged.passUnretained(targets[index].target)
          ._withUnsafeGuaranteedRef { $0.receive(value) }
        delivery.passed(targets[index].order)
        if demand != .none, !targetsAreUnlimited {
          returnedDemand.append((targets[index].conduit, demand))
        }
      }
    }
  }

  /// Delivers `.finished` to each target not yet cancelled.
  @inlinable
  func finish(_ targets: [RelayEntry<Output>]) {
    for entry in targets {
      if entry.conduit.isCancelled.exchange(true, ordering: .relaxed) { continue }
      entry.target.finish()
      delivery.passed(entry.order)
    }
  }

  /// The round's subscribers, or `nil` when its value repeats the previous one.
  @inlinable
  func targetsAfterDuplicateCheck(
    _ round: RelayRound<Output>, value: Output, previous: Output?
  ) -> [RelayEntry<Output>]? {
    if checksDuplicates, let previous, isDuplicate(previous, value) { return nil }
    if let targets = round.targets { return targets }
    return state.withLock { $0.claimTargets() }
  }

  /// Attaches a subscriber: hands it its subscription, then adds it to the sequence.
  @inlinable
  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Never {
    let conduit = RelayConduit(core: self)
    subscriber.receive(subscription: conduit)
    let target = RelayTarget<Output>(
      receive: { subscriber.receive($0) }, finish: { subscriber.receive(completion: .finished) })
    let entry = RelayEntry(conduit: conduit, target: target)
    let thread = ThreadIdentity.current
    var value: Output?
    var replaced: Output?
    let (round, finished) = state.withLock { state in
      let round = state.attach(entry, thread: thread, delivery: delivery, value: &value)
      return (round, state.isFinished && conduit.phase == .pending)
    }
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

  /// Cancels a subscriber. Once it returns no new call to the subscriber starts, and when
  /// another thread was calling it, that call has returned.
  @inlinable
  func cancel(_ conduit: RelayConduit<Output>) {
    conduit.isCancelled.store(true, ordering: .relaxed)
    let thread = ThreadIdentity.current
    guard
      var cancellation = state.withLock({
        $0.cancel(conduit, thread: thread, delivery: delivery)
      })
    else { return }
    cancellation.removed = nil  // release the subscriber outside the lock
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

import Synchronization

/// The storage of a relay: it takes the lock, asks the state machine what to do, releases the
/// lock, and then calls subscribers. Shared by `CurrentValueRelay`, `PassthroughRelay` and
/// `@Diff`.
@usableFromInline
final class RelayCore<Output>: @unchecked Sendable {
  // Every mutable field is inside `state`, guarded by its lock; `progress` is atomic.
  @usableFromInline let state: Lock<RelayStateMachine<Output>>
  /// Whether a value repeats the previous one; such a value is stored but not delivered.
  @usableFromInline let isDuplicate: ((Output, Output) -> Bool)?
  /// The order of the last subscriber the round in progress has finished calling.
  @usableFromInline let progress = Atomic<UInt64>(0)
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
    self.isDuplicate = isDuplicate
    self.subscriptionName = subscriptionName
  }

  /// The last value sent.
  @inlinable
  var latestValue: Output? { state.withLock { $0.latestValue } }

  /// Sends a value: delivers it now, or queues it behind the round in progress.
  @inlinable
  func send(_ value: Output) {
    let thread = ThreadIdentity.current
    var previous: Output?
    let round = state.withLock { state in
      let round = state.send(value, thread: thread, previous: &previous)
      if round != nil { progress.store(0, ordering: .relaxed) }  // a new round has no progress
      return round
    }
    guard let round else { return }
    var returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)] = []
    if let isDuplicate, let old = previous, isDuplicate(old, value) {
      // Dropped: stored as the current value, delivered to nobody.
    } else if let targets = round.targets {
      call(targets, with: value, collecting: &returnedDemand, round.targetsAreUnlimited)
    } else {
      call(
        state.withLock { $0.claimTargets() }, with: value, collecting: &returnedDemand,
        round.targetsAreUnlimited)
    }
    previous = nil
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
    var previous: Output?
    let round = state.withLock { state in
      let round = step(&state, thread, &value)
      if round != nil { progress.store(0, ordering: .relaxed) }
      return round
    }
    if let round { deliver(round, value: &value, previous: &previous) }
  }

  /// Ends the round in progress, then runs the rounds that waited for it.
  @inlinable
  func finishRound(_ returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)]) {
    var waking: [RelayWaiter] = []
    var value: Output?
    var previous: Output?
    let next = state.withLock { state in
      let next = state.finishRound(
        returnedDemand: returnedDemand, waking: &waking, value: &value, previous: &previous)
      if next != nil { progress.store(0, ordering: .relaxed) }
      return next
    }
    for waiter in waking { waiter.wake() }
    if let next { deliver(next, value: &value, previous: &previous) }
  }

  /// Runs rounds until nothing is pending. Only one thread at a time gets here.
  @inlinable
  func deliver(_ first: RelayRound<Output>, value: inout Output?, previous: inout Output?) {
    var round = first
    var returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)] = []
    var waking: [RelayWaiter] = []
    while true {
      if round.isFinish {
        finish(round.targets ?? [])
      } else if let current = value,
        let targets = targetsAfterDuplicateCheck(round, value: current, previous: previous)
      {
        call(targets, with: current, collecting: &returnedDemand, round.targetsAreUnlimited)
      }
      round.targets = nil  // release the subscribers before a canceller can wake
      value = nil
      previous = nil
      let next = state.withLock { state in
        let next = state.finishRound(
          returnedDemand: returnedDemand, waking: &waking, value: &value, previous: &previous)
        if next != nil { progress.store(0, ordering: .relaxed) }
        return next
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
        progress.store(targets[index].order, ordering: .releasing)
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
      progress.store(entry.order, ordering: .releasing)
    }
  }

  /// The round's subscribers, or `nil` when its value repeats the previous one.
  @inlinable
  func targetsAfterDuplicateCheck(
    _ round: RelayRound<Output>, value: Output, previous: Output?
  ) -> [RelayEntry<Output>]? {
    if let isDuplicate, let previous, isDuplicate(previous, value) { return nil }
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
    var previous: Output?
    let (round, finished) = state.withLock { state in
      let round = state.attach(entry, thread: thread, value: &value)
      if round != nil { progress.store(0, ordering: .relaxed) }
      return (round, state.isFinished && conduit.phase == .pending)
    }
    if let round { deliver(round, value: &value, previous: &previous) }
    if finished, !conduit.isCancelled.exchange(true, ordering: .relaxed) {
      subscriber.receive(completion: .finished)
    }
  }

  /// Delivers `.finished` to every subscriber after the values already sent; later sends are
  /// ignored and later subscribers receive `.finished` at once.
  @inlinable
  func finish() {
    run { state, thread, value in
      var previous: Output?
      return state.finish(thread: thread, value: &value, previous: &previous)
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand, for conduit: RelayConduit<Output>) {
    run { $0.request(demand, for: conduit, thread: $1, value: &$2) }
  }

  /// Cancels a subscriber. Once it returns no new call to the subscriber starts, and when
  /// another thread was calling it, that call has returned.
  @inlinable
  func cancel(_ conduit: RelayConduit<Output>) {
    conduit.isCancelled.store(true, ordering: .relaxed)
    let thread = ThreadIdentity.current
    guard var cancellation = state.withLock({ $0.cancel(conduit, thread: thread) }) else { return }
    cancellation.removed = nil  // release the subscriber outside the lock
    if let waiter = cancellation.waiter,
      progress.load(ordering: .acquiring) < cancellation.order
    {
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

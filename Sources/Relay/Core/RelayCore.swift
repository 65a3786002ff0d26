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
    run { $0.send(value, thread: $1) }
  }

  /// Asks the state machine for a round under the lock, then delivers it and every round
  /// after it.
  @inlinable
  func run(
    _ step: (inout RelayStateMachine<Output>, ThreadIdentity) -> RelayRound<Output>?
  ) {
    let thread = ThreadIdentity.current
    let round = state.withLock { state in
      let round = step(&state, thread)
      if round != nil { progress.store(0, ordering: .relaxed) }  // a new round has no progress
      return round
    }
    if let round { deliver(round) }
  }

  /// Runs rounds until nothing is pending. Only one thread at a time gets here.
  @inlinable
  func deliver(_ first: RelayRound<Output>) {
    var next: RelayRound<Output>? = first
    var waking: [RelayWaiter] = []
    while let round = next.take() {
      var returnedDemand: [(RelayConduit<Output>, Subscribers.Demand)] = []
      if let value = round.value {
        if let targets = targetsAfterDuplicateCheck(round) {
          for entry in targets {
            let conduit = entry.conduit
            if conduit.isCancelled.load(ordering: .relaxed) { continue }
            let demand = entry.receive(value)
            progress.store(conduit.order, ordering: .releasing)
            if demand != .none, !round.targetsAreUnlimited {
              returnedDemand.append((conduit, demand))
            }
          }
        }
      } else {
        for entry in round.targets ?? [] {
          if entry.conduit.isCancelled.exchange(true, ordering: .relaxed) { continue }
          entry.finish()
          progress.store(entry.conduit.order, ordering: .releasing)
        }
      }
      next = state.withLock { state in
        let round = state.finishRound(returnedDemand: returnedDemand, waking: &waking)
        if round != nil { progress.store(0, ordering: .relaxed) }
        return round
      }
      for waiter in waking { waiter.wake() }
      waking.removeAll()
    }
  }

  /// The round's subscribers, or `nil` when its value repeats the previous one.
  @inlinable
  func targetsAfterDuplicateCheck(_ round: RelayRound<Output>) -> [RelayEntry<Output>]? {
    if let isDuplicate, let previous = round.previous, let value = round.value,
      isDuplicate(previous, value)
    {
      return nil
    }
    if let targets = round.targets { return targets }
    return state.withLock { $0.claimTargets() }
  }

  /// Attaches a subscriber: hands it its subscription, then adds it to the sequence.
  @inlinable
  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Never {
    let conduit = RelayConduit(core: self)
    subscriber.receive(subscription: conduit)
    let entry = RelayEntry(
      conduit: conduit, receive: { subscriber.receive($0) },
      finish: { subscriber.receive(completion: .finished) })
    let thread = ThreadIdentity.current
    let (round, finished) = state.withLock { state in
      let round = state.attach(entry, thread: thread)
      if round != nil { progress.store(0, ordering: .relaxed) }
      return (round, state.isFinished && conduit.phase == .pending)
    }
    if let round { deliver(round) }
    if finished, !conduit.isCancelled.exchange(true, ordering: .relaxed) {
      subscriber.receive(completion: .finished)
    }
  }

  /// Delivers `.finished` to every subscriber after the values already sent; later sends are
  /// ignored and later subscribers receive `.finished` at once.
  @inlinable
  func finish() {
    run { $0.finish(thread: $1) }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand, for conduit: RelayConduit<Output>) {
    run { $0.request(demand, for: conduit, thread: $1) }
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

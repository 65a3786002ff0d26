/// The latest value of each upstream of a `combineLatest`, one optional slot per upstream.
@usableFromInline
protocol CombineLatestSlots {
  /// The tuple of one value from each upstream.
  associatedtype Output
  /// No value yet in any slot.
  init()
  /// How many upstreams there are.
  static var count: Int { get }
  /// The tuple, once every slot holds a value.
  var combined: Output? { get }
  /// Whether every slot holds a value.
  var isComplete: Bool { get }
  /// Writes the tuple into uninitialized memory; only when `isComplete`.
  ///
  /// The hot path hands a tuple over this way rather than as an optional: an optional tuple of
  /// non-trivial values is copied and destroyed through the runtime's generic value witnesses.
  func initialize(_ tuple: UnsafeMutablePointer<Output>)
}

/// The rules of `combineLatest`, as a value with no locks and no threads: the storage asks it
/// what to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the downstream's requests go to every upstream; each upstream value
/// replaces that upstream's slot and, once every slot has a value and the downstream has
/// demand, makes one tuple; a value that finds no demand only updates its slot. The
/// publisher finishes when every upstream has finished, and fails with the first failure,
/// cancelling the other upstreams.
@usableFromInline
struct CombineLatestStateMachine<Slots: CombineLatestSlots, Failure: Error> {
  @usableFromInline typealias Step = Outbox<Slots.Output, Failure>.Step
  @usableFromInline typealias Event = Outbox<Slots.Output, Failure>.Event

  @usableFromInline var slots = Slots()
  /// Each upstream's subscription, until it completes or is cancelled.
  @usableFromInline var subscriptions: [(any Subscription)?]
  /// Whether each upstream ever subscribed, to cancel a second subscription.
  @usableFromInline var subscribed: [Bool]
  @usableFromInline var finished: [Bool]
  @usableFromInline var finishedCount = 0
  /// All the downstream ever asked for; an upstream that subscribes late is asked for it.
  @usableFromInline var requested = Subscribers.Demand.none
  /// What the downstream asked for and did not receive yet.
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var outbox = Outbox<Slots.Output, Failure>()
  /// A completion was queued or the downstream cancelled: nothing more is made.
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable
  init() {
    subscriptions = Array(repeating: nil, count: Slots.count)
    subscribed = Array(repeating: false, count: Slots.count)
    finished = Array(repeating: false, count: Slots.count)
  }

  /// An upstream's subscription arrived: returns the demand to ask it for (`.none` for
  /// nothing), or `nil` when it must be cancelled.
  @inlinable
  mutating func subscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !subscribed[index], !isTerminated else { return nil }
    subscribed[index] = true
    subscriptions[index] = subscription
    return requested
  }

  /// An upstream's value, written into its slot by `store`: returns true when the caller gets
  /// a tuple to deliver now, written into `tuple`, with the delivery token; a tuple made while
  /// another thread delivers waits in the outbox.
  @inlinable
  mutating func receive(
    at index: Int, into tuple: UnsafeMutablePointer<Slots.Output>, store: (inout Slots) -> Void
  ) -> Bool {
    guard !isTerminated, !finished[index] else { return false }
    store(&slots)
    guard demand > 0, slots.isComplete else { return false }
    demand -= 1
    guard outbox.claim() else {
      outbox.append(.value(slots.combined.unsafelyUnwrapped))
      return false
    }
    slots.initialize(tuple)
    return true
  }

  /// What an upstream's completion leads to.
  @usableFromInline
  struct Completed {
    /// The completion to deliver now, with the delivery token.
    @usableFromInline var deliver: Event?
    /// Upstreams to cancel.
    @usableFromInline var cancel: [any Subscription] = []
    /// Subscriptions and values to release outside the lock.
    @usableFromInline var released: ([(any Subscription)?], Slots)?

    @inlinable init(deliver: Event? = nil) { self.deliver = deliver }
  }

  /// An upstream completed.
  @inlinable
  mutating func complete(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Completed
  {
    guard !isTerminated, !finished[index] else { return Completed() }
    finished[index] = true
    finishedCount += 1
    switch completion {
    case .finished:
      guard finishedCount == Slots.count else {
        var completed = Completed()
        completed.released = ([subscriptions[index].take()], Slots())
        return completed
      }
      return terminate(with: completion, cancellingOthersThan: index)
    case .failure:
      return terminate(with: completion, cancellingOthersThan: index)
    }
  }

  @inlinable
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, cancellingOthersThan index: Int
  ) -> Completed {
    isTerminated = true
    var completed = Completed(deliver: outbox.deliverOrQueue(.completion(completion)))
    for other in subscriptions.indices where other != index {
      if let subscription = subscriptions[other] { completed.cancel.append(subscription) }
    }
    var oldSlots = Slots()
    swap(&oldSlots, &slots)
    completed.released = (subscriptions, oldSlots)
    subscriptions = Array(repeating: nil, count: Slots.count)
    return completed
  }

  /// The downstream asked for more: returns the upstreams to pass the request to.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> [any Subscription] {
    guard !isTerminated else { return [] }
    demand += more
    requested += more
    return subscriptions.compactMap { $0 }
  }

  /// The downstream returned from a call, asking for `more`: returns what the token's holder
  /// does next and the upstreams to pass `more` to.
  @inlinable
  mutating func delivered(asking more: Subscribers.Demand) -> (
    step: Step, forward: [any Subscription]
  ) {
    var forward: [any Subscription] = []
    if more != .none { forward = request(more) }
    return (outbox.step(), forward)
  }

  /// The downstream returned from a tuple delivered on the hot path, asking for `more`:
  /// returns whether events wait (the caller keeps the token and delivers them with
  /// `delivered(asking:)`) and the upstreams to pass `more` to.
  @inlinable
  mutating func finishDelivery(asking more: Subscribers.Demand) -> (
    hasMore: Bool, forward: [any Subscription]
  ) {
    var forward: [any Subscription] = []
    if more != .none { forward = request(more) }
    if isCancelled { _ = outbox.removeAll() }
    return (!outbox.releaseIfIdle(), forward)
  }

  /// The downstream cancelled: returns the upstreams to cancel, and what to release outside
  /// the lock.
  @inlinable
  mutating func cancel() -> (
    cancel: [any Subscription], released: ([Outbox<Slots.Output, Failure>.Waiting?], Slots)
  ) {
    guard !isCancelled else { return ([], ([], Slots())) }
    isCancelled = true
    isTerminated = true
    let cancel = subscriptions.compactMap { $0 }
    subscriptions = Array(repeating: nil, count: Slots.count)
    var oldSlots = Slots()
    swap(&oldSlots, &slots)
    return (cancel, (outbox.removeAll(), oldSlots))
  }
}

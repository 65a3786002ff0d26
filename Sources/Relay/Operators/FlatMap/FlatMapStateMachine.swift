/// The rules of `flatMap`, as a value with no locks and no threads: the storage asks it what
/// to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the upstream is asked for `maxPublishers` publishers, and for one more each
/// time a child (a made publisher) finishes, when that is bounded. While the downstream's
/// demand is bounded, each child is asked for one value at a time and a value that finds no
/// demand waits, in arrival order, until the downstream asks; unlimited demand passes to every
/// child. It finishes when the upstream and every child finished and nothing waits; a failure
/// of the upstream or of a child fails it and cancels the rest.
struct FlatMapStateMachine<Output, Failure: Error> {
  typealias Event = DownstreamEvent<Output, Failure>
  /// What an event leads to, with what the machine no longer keeps (subscriptions, waiting
  /// values: their deinit may release user values, never under the lock).
  typealias Effects = OperatorEffects<Output, Failure, Any>

  let maxPublishers: Subscribers.Demand
  /// The upstream's subscription, until it completes or is cancelled.
  var upstream: (any Subscription)?
  var upstreamSubscribed = false
  var upstreamFinished = false
  var children: [Int: any Subscription] = [:]
  /// The next child's index.
  ///
  /// It wraps rather than traps where `Int` is 32 bits, reusing an index only after 2^32
  /// children.
  var nextChild = 0
  /// Children made but not subscribed yet.
  var pendingChildren = 0
  /// Values that found no demand, with the child that sent each.
  var waiting = DeliveryQueue<(child: Int, value: Output)>()
  var demand = Subscribers.Demand.none
  var delivery = SerialDelivery<Event>()
  /// A completion was queued or the downstream cancelled: nothing more is made.
  var isTerminated = false
  var isCancelled = false

  init(maxPublishers: Subscribers.Demand) { self.maxPublishers = maxPublishers }

  // MARK: The upstream

  /// The upstream's subscription arrived: returns what to ask it for, or `nil` when it must be
  /// cancelled.
  mutating func upstreamSubscribed(_ subscription: any Subscription) -> Subscribers.Demand? {
    guard !upstreamSubscribed, !isTerminated else { return nil }
    upstreamSubscribed = true
    upstream = subscription
    return maxPublishers
  }

  /// A new child is about to be subscribed: its index, or `nil` when it is too late.
  mutating func makeChild() -> Int? {
    guard !isTerminated, !upstreamFinished else { return nil }
    pendingChildren += 1
    defer { nextChild &+= 1 }
    return nextChild
  }

  /// The upstream completed: a failure ends everything, `.finished` once nothing is left.
  mutating func upstreamCompleted(
    with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, !upstreamFinished else { return effects }
    upstreamFinished = true
    if let upstream = upstream.take() { effects.released.append(upstream) }
    switch completion {
    case .finished: finishIfDone(into: &effects, from: thread)
    case .failure: terminate(with: completion, into: &effects, from: thread)
    }
    return effects
  }

  // MARK: The children

  mutating func childSubscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, children[index] == nil else { return nil }
    pendingChildren -= 1
    children[index] = subscription
    return demand == .unlimited ? .unlimited : .max(1)
  }

  /// A child's value: what it leads to, and the demand to return to the child.
  mutating func receive(_ value: Output, from index: Int, on thread: ThreadIdentity)
    -> (Effects, Subscribers.Demand)
  {
    var effects = Effects()
    guard !isTerminated, children[index] != nil else { return (effects, .none) }
    if demand == .unlimited {
      effects.submit(.value(value), to: &delivery, from: thread)
      return (effects, .none)
    }
    guard demand > 0 else {
      waiting.append((index, value))
      return (effects, .none)
    }
    demand -= 1
    effects.submit(.value(value), to: &delivery, from: thread)
    return (effects, .max(1))
  }

  mutating func childCompleted(
    at index: Int, with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, let subscription = children.removeValue(forKey: index) else {
      return effects
    }
    switch completion {
    case .finished:
      effects.released.append(subscription)
      finishIfDone(into: &effects, from: thread)
      if !isTerminated, maxPublishers != .unlimited, let upstream {
        effects.requests.append((upstream, .max(1)))
      }
    case .failure:
      terminate(with: completion, into: &effects, from: thread)
    }
    return effects
  }

  // MARK: The downstream

  /// The downstream asked for more: delivers what waits, and passes unlimited demand on.
  ///
  /// Nothing waits while the demand is unlimited, so more of it changes nothing.
  mutating func request(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> Effects {
    var effects = Effects()
    guard !isTerminated, more != .none, demand != .unlimited else {
      assert(
        demand != .unlimited || waiting.isEmpty, "flatMap: values wait despite unlimited demand")
      return effects
    }
    demand += more
    while demand > 0, let (child, value) = waiting.popFirst() {
      if demand != .unlimited {
        demand -= 1
        // One value asked for each one delivered, as Combine does.
        if let subscription = children[child] { effects.requests.append((subscription, .max(1))) }
      }
      effects.submit(.value(value), to: &delivery, from: thread)
    }
    if demand == .unlimited {
      for subscription in children.values { effects.requests.append((subscription, .unlimited)) }
    }
    finishIfDone(into: &effects, from: thread)
    return effects
  }

  /// The downstream cancelled: returns the upstream and children to cancel, and what to
  /// release outside the lock.
  mutating func cancel() -> (cancel: [any Subscription], released: [Any]) {
    guard !isCancelled else { return ([], []) }
    isCancelled = true
    isTerminated = true
    var cancel = Array(children.values)
    children = [:]
    if let upstream = upstream.take() { cancel.append(upstream) }
    return (cancel, [waiting.take(), delivery.removeAll()])
  }

  // MARK: Ending

  mutating func finishIfDone(into effects: inout Effects, from thread: ThreadIdentity) {
    guard upstreamFinished, children.isEmpty, pendingChildren == 0, waiting.isEmpty else {
      return
    }
    terminate(with: .finished, into: &effects, from: thread)
  }

  /// Ends with `completion`: queues it and cancels the upstream and every child.
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects,
    from thread: ThreadIdentity
  ) {
    isTerminated = true
    effects.submit(.completion(completion), to: &delivery, from: thread)
    effects.cancel += children.values
    children = [:]
    effects.released.append(waiting.take())
    if let upstream = upstream.take() { effects.cancel.append(upstream) }
  }
}

/// The rules of `flatMap`, as a value with no locks and no threads: the storage asks it what
/// to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the upstream is asked for `maxPublishers` publishers, and for one more each
/// time a child finishes (when that is bounded). While the downstream's demand is bounded, each
/// child is asked for one value at a time and a value that finds no demand waits, in arrival
/// order, until the downstream asks; unlimited demand passes to every child. It finishes when
/// the upstream and every child finished and nothing waits; a failure of the upstream or of a
/// child fails it and cancels the rest.
@usableFromInline
struct FlatMapStateMachine<Output, Failure: Error>: InnerPublisherStateMachine {

  @usableFromInline let maxPublishers: Subscribers.Demand
  @usableFromInline var upstream: (any Subscription)?
  @usableFromInline var upstreamSubscribed = false
  @usableFromInline var upstreamFinished = false
  @usableFromInline var children: [Int: any Subscription] = [:]
  @usableFromInline var nextChild = 0
  /// Children made but not subscribed yet.
  @usableFromInline var pendingChildren = 0
  /// Values that found no demand, with the child that sent each.
  @usableFromInline var waiting = ZipQueue<(child: Int, value: Output)>()
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var outbox = Outbox<Output, Failure>()
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable init(maxPublishers: Subscribers.Demand) { self.maxPublishers = maxPublishers }

  /// The upstream is asked for `maxPublishers` publishers.
  @inlinable var upstreamDemand: Subscribers.Demand { maxPublishers }

  /// A new child is about to be subscribed: its index, or `nil` when it is too late.
  @inlinable
  mutating func makeChild() -> Int? {
    guard !isTerminated, !upstreamFinished else { return nil }
    pendingChildren += 1
    defer { nextChild += 1 }
    return nextChild
  }

  @inlinable
  mutating func childSubscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, children[index] == nil else { return nil }
    pendingChildren -= 1
    children[index] = subscription
    return demand == .unlimited ? .unlimited : .max(1)
  }

  /// A child's value: the event to deliver now with the token, and the demand to return.
  @inlinable
  mutating func receive(_ value: Output, from index: Int) -> (Event?, Subscribers.Demand) {
    guard !isTerminated, children[index] != nil else { return (nil, .none) }
    if demand == .unlimited { return (outbox.deliverOrQueue(.value(value)), .none) }
    guard demand > 0 else {
      waiting.append((index, value))
      return (nil, .none)
    }
    demand -= 1
    return (outbox.deliverOrQueue(.value(value)), .max(1))
  }

  @inlinable
  mutating func childCompleted(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects
  {
    var effects = Effects()
    guard !isTerminated, let subscription = children.removeValue(forKey: index) else {
      return effects
    }
    switch completion {
    case .finished:
      effects.released.append(subscription)
      finishIfDone(into: &effects)
      if !isTerminated, maxPublishers != .unlimited, let upstream {
        effects.requests.append((upstream, .max(1)))
      }
    case .failure:
      terminate(with: completion, into: &effects)
    }
    return effects
  }

  @inlinable
  mutating func finishIfDone(into effects: inout Effects) {
    guard upstreamFinished, children.isEmpty, pendingChildren == 0, waiting.isEmpty else {
      return
    }
    terminate(with: .finished, into: &effects)
  }

  @inlinable
  mutating func dropChildren(into effects: inout Effects) {
    effects.cancel += children.values
    children = [:]
    var old = ZipQueue<(child: Int, value: Output)>()
    swap(&old, &waiting)
    effects.released.append(old)
  }

  /// The downstream asked for more: delivers what waits, and passes unlimited demand on.
  ///
  /// Nothing waits while the demand is unlimited, so more of it changes nothing.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> Effects {
    var effects = Effects()
    guard !isTerminated, more != .none, demand != .unlimited else {
      assert(
        demand != .unlimited || waiting.isEmpty, "flatMap: values wait despite unlimited demand")
      return effects
    }
    demand += more
    deliverWaiting(into: &effects)
    if demand == .unlimited {
      for subscription in children.values { effects.requests.append((subscription, .unlimited)) }
    }
    finishIfDone(into: &effects)
    return effects
  }

  /// Delivers the values that wait, oldest first, as far as the demand goes.
  @inlinable
  mutating func deliverWaiting(into effects: inout Effects) {
    while demand > 0, let (child, value) = waiting.popFirst() {
      if demand != .unlimited {
        demand -= 1
        // One value asked for each one delivered, as Combine does.
        if let subscription = children[child] { effects.requests.append((subscription, .max(1))) }
      }
      if let now = outbox.deliverOrQueue(.value(value)) { effects.deliver = now }
    }
  }

  @inlinable
  mutating func cancel() -> (cancel: [any Subscription], released: [Any]) {
    guard !isCancelled else { return ([], []) }
    isCancelled = true
    isTerminated = true
    var cancel = Array(children.values)
    children = [:]
    if let upstream = upstream.take() { cancel.append(upstream) }
    var old = ZipQueue<(child: Int, value: Output)>()
    swap(&old, &waiting)
    return (cancel, [old, outbox.removeAll()])
  }
}

/// The subscriptions of an operator's numbered upstreams (`merge`, `zip`, `combineLatest`), as
/// a value its state machine keeps under the operator's lock.
@usableFromInline
struct UpstreamSet {
  /// Each upstream's subscription, until it completes or is cancelled.
  @usableFromInline var subscriptions: [(any Subscription)?]
  /// Whether each upstream ever subscribed, to cancel a second subscription.
  @usableFromInline var subscribed: [Bool]
  /// Whether each upstream completed.
  @usableFromInline var finished: [Bool]
  @usableFromInline var finishedCount = 0

  @inlinable
  init(count: Int) {
    subscriptions = Array(repeating: nil, count: count)
    subscribed = Array(repeating: false, count: count)
    finished = Array(repeating: false, count: count)
  }

  /// How many upstreams there are.
  @inlinable var count: Int { subscriptions.count }

  /// Whether every upstream completed.
  @inlinable var allFinished: Bool { finishedCount == subscriptions.count }

  /// The subscriptions of the upstreams that have not completed.
  @inlinable var live: [any Subscription] { subscriptions.compactMap { $0 } }

  /// Keeps upstream `index`'s first subscription; returns false for any later one, which the
  /// caller cancels.
  @inlinable
  mutating func attach(_ subscription: any Subscription, at index: Int) -> Bool {
    guard !subscribed[index] else { return false }
    subscribed[index] = true
    subscriptions[index] = subscription
    return true
  }

  /// Marks upstream `index` completed; returns false when it already was.
  @inlinable
  mutating func finish(at index: Int) -> Bool {
    guard !finished[index] else { return false }
    finished[index] = true
    finishedCount += 1
    return true
  }

  /// Forgets upstream `index`'s subscription and returns it, to release outside the lock.
  @inlinable
  mutating func remove(at index: Int) -> (any Subscription)? { subscriptions[index].take() }

  /// Forgets every subscription and returns them, to cancel or release outside the lock.
  @inlinable
  mutating func removeAll() -> [(any Subscription)?] {
    defer { subscriptions = Array(repeating: nil, count: subscriptions.count) }
    return subscriptions
  }
}

/// Where a subscriber that takes one subscription for its whole life stands: `Sink`,
/// `Assign` and `WeakAssign` keep it under their lock.
///
/// Two words: the subscription is kept as a class instance (`_subscriptionObject`), so that a
/// sink is a 64-byte heap chunk on Linux rather than a 96-byte one.
@usableFromInline
enum SubscriberStatus {
  case awaiting
  case subscribed(any Subscription & AnyObject)
  case terminated

  /// Keeps the first subscription; returns false for any later one, and for one that
  /// arrives after the end.
  @inlinable
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard case .awaiting = self else { return false }
    self = .subscribed(subscription._subscriptionObject)
    return true
  }

  /// Ends: returns the status it was in, which may hold the last reference to the
  /// subscription, to release outside the lock.
  @inlinable
  mutating func end() -> SubscriberStatus {
    defer { self = .terminated }
    return self
  }

  /// The subscription, while it lasts.
  @inlinable
  var subscription: (any Subscription & AnyObject)? {
    if case .subscribed(let subscription) = self { subscription } else { nil }
  }
}

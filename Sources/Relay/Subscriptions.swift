/// A namespace for subscriptions that anybody can hand out.
public enum Subscriptions {
  /// A subscription that does nothing when asked or cancelled: for a publisher that completes
  /// at once, or a test.
  ///
  /// ```swift
  /// subscriber.receive(subscription: Subscriptions.empty)
  /// subscriber.receive(completion: .finished)
  /// ```
  public static var empty: any Subscription { EmptySubscription.shared }
}

/// How a subscription holds the object it writes to: what `assign(to:on:ownership:)` takes.
///
/// ```swift
/// $title.assign(to: \.title, on: self, ownership: .weak).store(in: &subscriptions)
/// ```
public enum ObjectOwnership: Sendable {
  /// The subscription keeps the object alive until it ends.
  case strong
  /// The subscription does not keep the object alive; once the object is gone, values are
  /// dropped.
  case weak
  /// The subscription does not keep the object alive, and must not outlive it: a value
  /// after the object is gone stops the program.
  case unowned
}

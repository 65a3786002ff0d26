/// Whether `prefix(while:behavior:)` also publishes the first value that fails its predicate.
///
/// ```swift
/// steps.prefix(while: { !$0.isFinal }, behavior: .inclusive)  // the final step too
/// ```
public enum PrefixWhileBehavior: Sendable {
  /// The first value that fails the predicate is published, then the publisher finishes.
  case inclusive
  /// The first value that fails the predicate finishes the publisher unpublished, as
  /// `prefix(while:)` does.
  case exclusive
}

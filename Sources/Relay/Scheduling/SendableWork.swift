/// A non-generic face for an operator's work handed to a `@Sendable` closure (a dispatch
/// block, a task cancellation handler): such a closure may not capture the metatypes of
/// generic parameters that are not known to be sendable, which calling a generic class's
/// method directly would.
@usableFromInline
protocol SendableWork: AnyObject, Sendable {
  /// Does the work.
  func perform()
}

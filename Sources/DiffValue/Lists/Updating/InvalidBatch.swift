/// A batch update that breaks UIKit's rules, caught in a debug build before it reached the
/// view: UIKit would have raised `NSInternalInconsistencyException`.
///
/// In debug builds every batch an updater is about to perform is replayed with `BatchUpdateChecker`
/// first; one that fails is reported to the updater's `onInvalidBatch` and replaced by a reload.
/// Release builds skip the check. A report means the list changed behind the updater's back (items
/// whose `diffIdentifier` or `isContentEqual(to:)` is not stable, or a `SectionedListChange` built
/// with other sections' diff). A `ListChange` whose diff is not of its own lists is diffed again
/// instead.
public struct InvalidBatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// The batch update as it would have reached the view.
  public let update: BatchUpdate
  /// The rule it breaks.
  public let violation: BatchUpdateViolation

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - update: The batch update.
  ///   - violation: The rule it breaks.
  public init(update: BatchUpdate, violation: BatchUpdateViolation) {
    self.update = update
    self.violation = violation
  }

  /// What happened, in one line.
  public var description: String {
    "invalid batch update, reloaded instead: \(violation) (in \(update))"
  }
}

/// A stage of a ``SectionedListDiff`` that breaks a batch-update rule, and which rule.
public struct StageViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// The index of the failing stage in ``SectionedListDiff/stages``.
  public var stage: Int

  /// The rule the stage breaks.
  public var violation: BatchUpdateViolation

  /// Creates a stage violation.
  ///
  /// - Parameters:
  ///   - stage: The index of the failing stage.
  ///   - violation: The rule the stage breaks.
  public init(stage: Int, violation: BatchUpdateViolation) {
    self.stage = stage
    self.violation = violation
  }

  /// The stage number followed by the violation's message.
  public var description: String { "stage \(stage): \(violation)" }
}

/// A stage of a ``SectionedListDiff`` that breaks a batch-update rule, and which rule.
public struct StageViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// The index of the failing stage in ``SectionedListDiff/stages``: the last one when the
  /// data after every stage is not the new sections, 0 when there are no stages.
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

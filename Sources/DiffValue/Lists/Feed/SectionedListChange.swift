/// One published change of a sectioned list: the sections before, after, and the staged diff.
public struct SectionedListChange<Section: DiffableSection> {
  /// The sections as they were published before.
  public let old: [Section]
  /// The sections as they are published now.
  public let new: [Section]
  /// The stages of batch updates between them.
  public let diff: SectionedListDiff<Section>

  /// Creates a change, computing the staged diff.
  ///
  /// - Parameters:
  ///   - old: The sections before.
  ///   - new: The sections after.
  ///   - staging: How to split what UIKit cannot take in one batch.
  /// - Complexity: Expected O(*n* + *m*) over sections and items, as `SectionedListDiff`.
  @inlinable
  public init(
    old: [Section], new: [Section],
    staging: SectionedListDiff<Section>.Staging = .preservingMoves
  ) {
    self.old = old
    self.new = new
    self.diff = SectionedListDiff(old: old, new: new, staging: staging)
  }

  /// Creates a change from a staged diff already computed.
  ///
  /// - Parameters:
  ///   - old: The sections before.
  ///   - new: The sections after.
  ///   - diff: `SectionedListDiff(old: old, new: new)`, with any staging.
  @inlinable
  public init(old: [Section], new: [Section], diff: SectionedListDiff<Section>) {
    self.old = old
    self.new = new
    self.diff = diff
  }
}

extension SectionedListChange: Sendable where Section: Sendable {}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The changes between two sectioned lists, as stages of batch updates that UIKit accepts.
///
/// Sections are matched by identity like the items of a ``ListDiff``, and items are matched
/// across all sections, so an item can move from one section to another. Each stage is one
/// `performBatchUpdates` call, valid under UIKit's rules, with the data the view must show
/// after it: swap in `stage.sections` inside the batch, then apply `stage.update`. The last
/// stage's data is the new list; no stages means nothing changed.
///
///     let diff = SectionedListDiff(old: dataSource.sections, new: newSections)
///     for stage in diff.stages {
///       collectionView.performBatchUpdates {
///         dataSource.sections = stage.sections
///         collectionView.apply(stage.update)  // your mapping of a BatchUpdate
///       }
///     }
///
/// With ``Staging/preservingMoves`` (the default) there are at most three stages, usually one;
/// with ``Staging/singleBatch``, one (none when nothing changed). Which changes need a stage of their own, and why,
/// is explained in <doc:ListsAndBatchUpdates#Stages>.
public struct SectionedListDiff<Section: DiffableSection> {
  /// The batch updates to apply, in order, each with the data to show after it.
  public let stages: [Stage]

  /// The diff of the sections alone, matched by identity and compared by their own content.
  public let sectionDiff: ListDiff

  /// Whether anything changed.
  ///
  /// - Complexity: O(1).
  public var hasChanges: Bool { !stages.isEmpty }

  /// The number of batch-update operations over all stages.
  ///
  /// - Complexity: O(*s*) for *s* stages.
  public var changeCount: Int { stages.reduce(0) { $0 + $1.update.changeCount } }

  /// One `performBatchUpdates` call and the data the view shows after it.
  public struct Stage {
    /// The batch update, in the coordinates of the data before this stage and after it.
    public let update: BatchUpdate

    /// The sections the data source must return from the start of this batch on.
    public let sections: [Section]

    /// Creates a stage.
    ///
    /// - Parameters:
    ///   - update: The batch update.
    ///   - sections: The data after the update.
    @inlinable
    public init(update: BatchUpdate, sections: [Section]) {
      self.update = update
      self.sections = sections
    }
  }

  /// How changes that UIKit cannot animate in one batch are split.
  public enum Staging: Hashable, Sendable {
    /// Keep every move a move; split what UIKit cannot take in one batch into a stage of
    /// section changes, a stage of item changes and a stage of reloads. At most three stages,
    /// usually one.
    case preservingMoves

    /// One stage (none when nothing changed): changed items and sections that move, and moved
    /// sections with item changes, are deleted and inserted instead.
    case singleBatch
  }

  /// Computes the stages that turn the old sections into the new ones.
  ///
  /// Items are paired first within each pair of matched sections, then the rest across all
  /// sections, so that an identifier repeated in several sections keeps its own section's
  /// occurrence where it can. Duplicate identifiers pair in order in each round, as
  /// ``ListDiff/DuplicatePolicy/pairInOrder`` does; sections pair the same way among
  /// sections.
  ///
  /// - Parameters:
  ///   - old: The sections as they were.
  ///   - new: The sections as they are now.
  ///   - staging: How to split what one batch cannot hold; `.preservingMoves` by default.
  /// - Complexity: Expected O(*N* + *M* + *k* log *k*) for *N* and *M* items and sections on
  ///   each side and *k* matched items and sections out of order, plus sorting the operations
  ///   of each stage, and the stages' data: each stage but the last copies the new sections'
  ///   item arrays.
  @inlinable
  public init(old: [Section], new: [Section], staging: Staging = .preservingMoves) {
    (sectionDiff, stages) = Self._compute(old: old, new: new, staging: staging)
  }
}

extension SectionedListDiff: Sendable where Section: Sendable {}
extension SectionedListDiff.Stage: Sendable where Section: Sendable {}
extension SectionedListDiff: Equatable where Section: Equatable {}
extension SectionedListDiff.Stage: Equatable where Section: Equatable {}

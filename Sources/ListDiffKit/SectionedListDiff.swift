#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The changes between two sectioned lists, as stages of batch updates that UIKit accepts.
///
/// Sections are matched by identity like the items of a ``ListDiff``: sections are inserted,
/// deleted, moved (the fewest moves) and reloaded when their own content changed. Items are
/// matched by identity across all sections, so an item can move from one section to another.
///
/// Each stage is one `performBatchUpdates` call, valid under UIKit's rules (see
/// ``BatchUpdateChecker``), with the data the view must show after it: swap in
/// `stage.sections` inside the batch, then apply `stage.update`. The last stage's data is the
/// new list; no stages means nothing changed.
///
///     let diff = SectionedListDiff(old: dataSource.sections, new: newSections)
///     for stage in diff.stages {
///       collectionView.performBatchUpdates {
///         dataSource.sections = stage.sections
///         collectionView.apply(stage.update)  // your mapping of a BatchUpdate
///       }
///     }
///
/// **Stages.** With ``Staging/preservingMoves`` (the default) every move stays a move and
/// there are at most three stages; usually one holds everything: section deletes, inserts,
/// moves and reloads, and item deletes, inserts, moves (also across sections) and reloads.
/// Only combinations that UIKit cannot take in one batch (the rules of ``BatchUpdateChecker``)
/// force another stage:
/// - **item changes in a moved section** (rule 6: `UICollectionView` corrupts its state when
///   items are inserted into, deleted from or moved out of a section that moves in the same
///   batch): the sections move first, in a stage of their own, and all item changes follow
///   in a second stage;
/// - **an item that changed content and whose index path changes**, because it moves or
///   because items before it come and go (rule 3: a reload is a delete and an insert at one
///   index path, so it only works in place, and a moved cell is not fetched again): it moves
///   or shifts still showing its old content, and is reloaded at its new index path in a last
///   stage;
/// - **a section whose own content changed and which moves, shifts, or has items inserted,
///   deleted or moved in it**: reloaded in the last stage, which also refreshes its items
///   (when the item changes already have a stage of their own, after the sections moved, a
///   changed section without item changes is reloaded in that stage instead).
///
/// Changed items and sections that keep their index paths are reloaded in the stage that
/// holds the item changes: the first, unless the sections had to move first.
///
/// With ``Staging/singleBatch`` there is always exactly one stage, as IGListKit does it: a
/// changed item whose index path changes is deleted and inserted, a changed section is
/// reloaded if it keeps its index and deleted and inserted otherwise, and a moved section with
/// item changes is deleted and inserted (its items come and go with it). Animations are
/// coarser: such items and sections cross-fade instead of sliding.
///
/// In either mode, an item whose section is deleted goes with it and an item of an inserted
/// (or replaced) section comes with it; an item that moves out of or into such a section is a
/// delete plus an insert.
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

    /// Always one stage: changed items and sections that do not stay in place, and moved
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
  ///   each side and *k* matched items out of order, plus the stages' data: each stage but the
  ///   last copies the new sections' item arrays.
  @inlinable
  public init(old: [Section], new: [Section], staging: Staging = .preservingMoves) {
    (sectionDiff, stages) = Self._compute(old: old, new: new, staging: staging)
  }
}

extension SectionedListDiff: Sendable where Section: Sendable {}
extension SectionedListDiff.Stage: Sendable where Section: Sendable {}
extension SectionedListDiff: Equatable where Section: Equatable {}
extension SectionedListDiff.Stage: Equatable where Section: Equatable {}

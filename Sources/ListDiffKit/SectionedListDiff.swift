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
/// **Stages.** With ``Staging/preservingMoves`` (the default) there are at most two stages.
/// Everything fits in the first — section deletes, inserts, moves and reloads, and item
/// deletes, inserts, moves (also across sections) and reloads — except two combinations that
/// UIKit forbids in one batch, which force a second stage of reloads:
/// - an item that both moves and changes content: a reload is a delete and an insert at the
///   item's old index path, which conflicts with the move ("attempt to perform a delete and a
///   move from the same index path"), and a moved cell is not fetched again; so it moves in
///   the first stage, still showing its old content, and is reloaded at its new index path in
///   the second;
/// - a section whose own content changed and which also moves, or in which items are
///   inserted, deleted or moved: reloading a section conflicts with moving it and with item
///   operations inside it; so it is reloaded in the second stage (which also refreshes its
///   items). A changed section without either is reloaded in the first stage.
///
/// With ``Staging/singleBatch`` there is always exactly one stage: a moved and updated item
/// is deleted and inserted instead, a changed section is reloaded in place, or deleted and
/// inserted if it also moves. Animations are coarser (items cross-fade instead of sliding).
///
/// In either mode, an item whose section is deleted goes with it and an item of an inserted
/// (or reloaded) section comes with it; an item that moves out of or into such a section is a
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
    /// Keep every move a move; reload moved-and-updated items and changed sections that move
    /// or have item changes in a second stage. At most two stages.
    case preservingMoves

    /// Always one stage: moved-and-updated items are deleted and inserted, changed sections
    /// are reloaded (or deleted and inserted when they also move).
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

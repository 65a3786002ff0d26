#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The changes to hand to one `performBatchUpdates` call of a table or collection view.
///
/// The coordinates follow UIKit's batch-update rules: deletes and reloads (of items and of
/// sections) and the `from` side of moves name positions *before* the update; inserts and
/// the `to` side of moves name positions *after* it; UIKit performs a reload as a delete and
/// an insert at the same position, so only what keeps its position can be reloaded. UIKit
/// processes the operations together, not in the order they are called, so a batch update is
/// a set of operations, not a sequence:
///
///     collectionView.performBatchUpdates {
///       dataSource.sections = newSections  // swap the data first
///       collectionView.deleteSections(IndexSet(update.sectionDeletes))
///       collectionView.insertSections(IndexSet(update.sectionInserts))
///       for move in update.sectionMoves { collectionView.moveSection(move.from, toSection: move.to) }
///       collectionView.reloadSections(IndexSet(update.sectionReloads))
///       collectionView.deleteItems(at: update.deletes)
///       collectionView.insertItems(at: update.inserts)
///       for move in update.moves { collectionView.moveItem(at: move.from, to: move.to) }
///       collectionView.reloadItems(at: update.reloads)
///     }
///
/// Index paths hold two indices, `[section, item]` (`IndexPath(indexes: [section, item])`;
/// UIKit's `section` and `item`/`row` read them back).
///
/// ``BatchUpdateChecker`` replays a batch update with UIKit's rules; the batch updates this
/// package produces always pass it.
public struct BatchUpdate: Hashable, Sendable {
  /// Old indices of the sections to delete.
  public var sectionDeletes: [Int]

  /// New indices of the sections to insert.
  public var sectionInserts: [Int]

  /// Sections that move, each from its old index to its new one.
  public var sectionMoves: [SectionMove]

  /// Indices of the sections to reload, which keep their index: their model and every item
  /// are fetched again.
  public var sectionReloads: [Int]

  /// Old index paths of the items to delete.
  public var deletes: [IndexPath]

  /// New index paths of the items to insert.
  public var inserts: [IndexPath]

  /// Items that move, each from its old index path to its new one.
  public var moves: [Move]

  /// Index paths of the items to reload, which keep their index path.
  public var reloads: [IndexPath]

  /// Creates a batch update from its operations.
  ///
  /// - Parameters:
  ///   - sectionDeletes: Old indices of the sections to delete.
  ///   - sectionInserts: New indices of the sections to insert.
  ///   - sectionMoves: Sections that move, old index to new index.
  ///   - sectionReloads: Old indices of the sections to reload.
  ///   - deletes: Old index paths of the items to delete.
  ///   - inserts: New index paths of the items to insert.
  ///   - moves: Items that move, old index path to new index path.
  ///   - reloads: Old index paths of the items to reload.
  public init(
    sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [SectionMove] = [],
    sectionReloads: [Int] = [], deletes: [IndexPath] = [], inserts: [IndexPath] = [],
    moves: [Move] = [], reloads: [IndexPath] = []
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionMoves = sectionMoves
    self.sectionReloads = sectionReloads
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.reloads = reloads
  }

  /// Whether the batch update does nothing.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { changeCount == 0 }

  /// The number of operations in the batch update, sections and items together.
  ///
  /// - Complexity: O(1).
  public var changeCount: Int {
    sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
      + deletes.count + inserts.count + moves.count + reloads.count
  }
}

extension BatchUpdate {
  /// An item that moves from an old index path to a new one.
  public struct Move: Hashable, Sendable, CustomStringConvertible {
    /// The item's index path before the update.
    public var from: IndexPath

    /// The item's index path after the update.
    public var to: IndexPath

    /// Creates an item move.
    ///
    /// - Parameters:
    ///   - from: The item's index path before the update.
    ///   - to: The item's index path after the update.
    public init(from: IndexPath, to: IndexPath) {
      self.from = from
      self.to = to
    }

    /// A compact form such as `[0, 3]->[1, 0]`.
    public var description: String { "\(from)->\(to)" }
  }

  /// A section that moves from an old index to a new one.
  public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
    /// The section's index before the update.
    public var from: Int

    /// The section's index after the update.
    public var to: Int

    /// Creates a section move.
    ///
    /// - Parameters:
    ///   - from: The section's index before the update.
    ///   - to: The section's index after the update.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// A compact form such as `2->0`.
    public var description: String { "\(from)->\(to)" }
  }
}

/// The index path of an item, `[section, item]`.
@inlinable
internal func _indexPath(_ section: Int, _ item: Int) -> IndexPath {
  IndexPath(indexes: [section, item])
}

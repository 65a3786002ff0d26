#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The first visible item a batch keeps, before and after the batch: what the updaters hand
/// back to the view so that the item stays where it was on screen (`keepsFirstVisibleItemInPlace`)
/// when the batch inserts or deletes items above it.
///
/// It is found from the positions the view reports and the batch alone, so that the same logic
/// serves every view; the view only turns the position back into a content offset.
struct ListScrollAnchor: Equatable {
  /// Where the item was before the batch.
  var before: ListItemPosition
  /// The item's index path after the batch.
  var indexPath: IndexPath

  /// The first of `visible` (top first) that `update` keeps, or `nil` when it keeps none of them.
  ///
  /// An item the batch deletes, or whose section it deletes or reloads, cannot stay: the next
  /// visible one anchors instead.
  ///
  /// - Complexity: O(*v* × *u*) for *v* visible items before the anchor and *u* operations.
  init?(visible: [ListItemPosition], through update: BatchUpdate) {
    for position in visible {
      if let indexPath = update.newIndexPath(forOld: position.indexPath) {
        before = position
        self.indexPath = indexPath
        return
      }
    }
    return nil
  }

  /// Where the item must be after the batch: at its new index path, as far below the top of
  /// the visible area as it was.
  var position: ListItemPosition { ListItemPosition(indexPath: indexPath, offset: before.offset) }

  /// By how many rows the item moved within its section: positive when rows were inserted above
  /// it, negative when rows above it were deleted.
  var rowsMoved: Int { indexPath[1] - before.indexPath[1] }
}

extension BatchUpdate {
  /// Where the item at `old` is after this update, by UIKit's rules: deletes, moves away and
  /// reloads are taken out at their old index paths, then inserts, moves in and reloads are put
  /// in at their new ones (a reload keeps its index path: it is a delete and an insert there).
  ///
  /// - Parameter old: An index path before the update.
  /// - Returns: Its index path after the update, or `nil` when the update deletes the item or
  ///   its section, or reloads its section.
  /// - Complexity: O(*u*) for *u* operations.
  func newIndexPath(forOld old: IndexPath) -> IndexPath? {
    guard old.count == 2 else { return nil }
    let (section, row) = (old[0], old[1])
    if sectionDeletes.contains(section) || sectionReloads.contains(section) { return nil }
    if deletes.contains(old) { return nil }
    if reloads.contains(old) { return old }
    if let move = moves.first(where: { $0.from == old }) { return move.to }
    let newSection = newSectionIndex(forOld: section)
    let leaving = deletes + reloads + moves.map(\.from)
    let removedAbove = leaving.count { $0[0] == section && $0[1] < row }
    let arriving = (inserts + reloads + moves.map(\.to)).filter { $0[0] == newSection }
    return IndexPath(indexes: [
      newSection, Self.shifted(row - removedAbove, by: arriving.map { $0[1] }),
    ])
  }

  /// Where a section that stays is after this update, by the same rules as an item.
  private func newSectionIndex(forOld section: Int) -> Int {
    if let move = sectionMoves.first(where: { $0.from == section }) { return move.to }
    let leaving = sectionDeletes + sectionReloads + sectionMoves.map(\.from)
    let arriving = sectionInserts + sectionReloads + sectionMoves.map(\.to)
    return Self.shifted(section - leaving.count { $0 < section }, by: arriving)
  }

  /// `index` among those that stay, once `arriving` (indices after the update) are put in.
  private static func shifted(_ index: Int, by arriving: [Int]) -> Int {
    var index = index
    for arrival in arriving.sorted() where arrival <= index { index += 1 }
    return index
  }
}

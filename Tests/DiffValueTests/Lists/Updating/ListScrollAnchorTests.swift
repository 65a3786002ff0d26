import Foundation
import ListDiffTestSupport
import TestSupport
import Testing

@testable import DiffValue

/// Which visible item a batch keeps in place, and where UIKit puts it: the platform-independent
/// half of `keepsFirstVisibleItemInPlace`.
@Suite struct ListScrollAnchorTests {
  private func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(indexes: [section, row]) }

  @Test func rowsInsertedAboveAnItemPushItDown() {
    let update = BatchUpdate(inserts: [path(0, 0), path(0, 1), path(0, 5)])
    #expect(update.newIndexPath(forOld: path(0, 3)) == path(0, 6))
    // The insert at 5 is below the first row, once the two above have pushed it to 2.
    #expect(update.newIndexPath(forOld: path(0, 0)) == path(0, 2))
    #expect(update.newIndexPath(forOld: path(0, 7)) == path(0, 10))
  }

  @Test func rowsDeletedAboveAnItemPullItUpAndADeletedItemHasNoPlace() {
    let update = BatchUpdate(deletes: [path(0, 0), path(0, 2)], inserts: [path(0, 0)])
    #expect(update.newIndexPath(forOld: path(0, 2)) == nil)
    #expect(update.newIndexPath(forOld: path(0, 1)) == path(0, 1))
    #expect(update.newIndexPath(forOld: path(0, 4)) == path(0, 3))
  }

  /// A reload is a delete and an insert at one index path: the item stays at it, and the
  /// others move around it (the diff reloads an item that changed where its index is the same).
  @Test func aReloadedItemKeepsItsIndexPathAndTheOthersMoveAroundIt() {
    let update = BatchUpdate(inserts: [path(0, 1)], reloads: [path(0, 2)])
    #expect(update.newIndexPath(forOld: path(0, 2)) == path(0, 2))
    #expect(update.newIndexPath(forOld: path(0, 1)) == path(0, 3))
    #expect(update.newIndexPath(forOld: path(0, 0)) == path(0, 0))
  }

  @Test func movesCountAsADeleteAndAnInsertAndTheMovedItemGoesWhereItsMoveSays() {
    let update = BatchUpdate(moves: [.init(from: path(0, 5), to: path(0, 0))])
    #expect(update.newIndexPath(forOld: path(0, 5)) == path(0, 0))
    #expect(update.newIndexPath(forOld: path(0, 2)) == path(0, 3))
    #expect(update.newIndexPath(forOld: path(0, 6)) == path(0, 6))
  }

  @Test func sectionsInsertedDeletedAndMovedAboveShiftTheItemsSection() {
    let update = BatchUpdate(
      sectionDeletes: [0], sectionInserts: [0, 1], sectionMoves: [.init(from: 3, to: 4)],
      sectionReloads: [2], inserts: [path(3, 0)])
    #expect(update.newIndexPath(forOld: path(0, 1)) == nil)
    #expect(update.newIndexPath(forOld: path(2, 1)) == nil)  // its section reloads
    // Reloaded section 2 keeps its index; 1 and 4 stay, in that order, around it, the two
    // inserted and the one moved to 4.
    #expect(update.newIndexPath(forOld: path(1, 1)) == path(3, 2))
    #expect(update.newIndexPath(forOld: path(3, 1)) == path(4, 1))
    #expect(update.newIndexPath(forOld: path(4, 0)) == path(5, 0))
  }

  /// Against the diff's own index of each item, through the batch update UIKit receives, on
  /// random lists: an item the batch keeps goes where the diff says, and only an item that is
  /// deleted, or updated away from its place (a delete and an insert), has none.
  @Test func itAgreesWithTheDiffOnRandomLists() {
    let seed = UInt64.random(in: 0...UInt64.max)
    for index in 0..<300 {
      var random = SeededRandomNumberGenerator.forCase(index, of: seed)
      let old = (0..<Int.random(in: 0...12, using: &random)).map {
        ListDiffTestItem($0, revision: 0)
      }
      let kept = old.filter { _ in Bool.random(using: &random) }.map {
        ListDiffTestItem($0.id, revision: Int.random(in: 0...1, using: &random))
      }
      let added = (20..<Int.random(in: 20...24, using: &random)).map { ListDiffTestItem($0) }
      let new = (kept + added).shuffled(using: &random)
      let diff = ListDiff(old: old, new: new)
      let update = diff.batchUpdate()
      for oldIndex in old.indices {
        let found = update.newIndexPath(forOld: path(0, oldIndex))
        let expected: IndexPath? = diff.newIndex(for: oldIndex).flatMap { newIndex in
          let replaced = diff.updates.contains(oldIndex) && newIndex != oldIndex
          return replaced ? nil : path(0, newIndex)
        }
        #expect(found == expected, "case \(index) of seed \(seed): \(old) -> \(new)")
      }
    }
  }

  @Test func theAnchorIsTheFirstVisibleItemTheBatchKeeps() {
    let visible = [
      ListItemPosition(indexPath: path(0, 2), offset: -10),
      ListItemPosition(indexPath: path(0, 3), offset: 34),
    ]
    let update = BatchUpdate(deletes: [path(0, 0), path(0, 2)], inserts: [path(0, 0), path(0, 1)])
    let anchor = ListScrollAnchor(visible: visible, through: update)
    #expect(anchor?.before == visible[1])
    #expect(anchor?.position == ListItemPosition(indexPath: path(0, 3), offset: 34))
    #expect(anchor?.rowsMoved == 0)
    let inserted = ListScrollAnchor(visible: visible, through: BatchUpdate(inserts: [path(0, 0)]))
    #expect(inserted?.position == ListItemPosition(indexPath: path(0, 3), offset: -10))
    #expect(inserted?.rowsMoved == 1)
    #expect(ListScrollAnchor(visible: [visible[0]], through: update) == nil)
    #expect(ListScrollAnchor(visible: [], through: update) == nil)
  }
}

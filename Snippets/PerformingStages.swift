// snippet.hide
// ListDiffKit's article "Lists and batch updates" shows this file. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import ListDiffKit
  import UIKit

  typealias Group = ListSection<String, String>

  final class DataSource {
    var sections: [Group] = []
  }

  extension UICollectionView {
    /// Your mapping of a batch update to the collection view's calls.
    func apply(_ update: BatchUpdate) {
      deleteSections(IndexSet(update.sectionDeletes))
      insertSections(IndexSet(update.sectionInserts))
      for move in update.sectionMoves { moveSection(move.from, toSection: move.to) }
      reloadSections(IndexSet(update.sectionReloads))
      deleteItems(at: update.deletes)
      insertItems(at: update.inserts)
      for move in update.moves { moveItem(at: move.from, to: move.to) }
      reloadItems(at: update.reloads)
    }
  }

  @MainActor func show(
    _ newSections: [Group], in collectionView: UICollectionView, dataSource: DataSource
  ) {
    // snippet.show
    let diff = SectionedListDiff(old: dataSource.sections, new: newSections)
    for stage in diff.stages {
      collectionView.performBatchUpdates {
        dataSource.sections = stage.sections
        collectionView.apply(stage.update)  // your mapping of a BatchUpdate
      }
    }
    // snippet.hide
  }
#endif

// snippet.hide
// DiffValue's "Lists and batch updates" shows this file. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit) && !os(tvOS)
  import DiffValue
  import UIKit

  struct Folder: Hashable, Diffable {
    var path: String
  }

  // snippet.show
  @MainActor
  final class FoldersScreen {
    let collectionView: UICollectionView

    // Each folder's list cell gets its indentation, and an outline disclosure whose tap expands
    // or collapses the folder through the updater: no expansion state for the app to keep.
    lazy var updater: ListUpdater<Folder> = ListUpdater(
      view: collectionView, items: [],
      cellRegistration: UICollectionView.CellRegistration<UICollectionViewListCell, Folder> {
        [unowned self] cell, _, folder in
        cell.indentationLevel = updater.level(of: folder)
        cell.accessories = updater.outlineDisclosure(for: folder).map { [$0] } ?? []
      })

    init(collectionView: UICollectionView) {
      self.collectionView = collectionView
    }

    func show(_ roots: [Folder], children: [Folder: [Folder]]) {
      var outline = ListSectionSnapshot<Folder>()
      outline.append(roots)
      for (parent, folders) in children where outline.contains(parent) {
        outline.append(folders, to: parent)
      }
      updater.apply(outline, to: .main)  // what the user expanded stays expanded
    }
  }
// snippet.hide
#endif

#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import DiffValue
  import Testing
  import UIKit

  /// The outline disclosure a list cell gets from the updater: only for an item with children.
  @MainActor
  @Suite struct ListUpdaterOutlineDisclosureTests {
    @Test func onlyAnItemWithChildrenGetsADisclosure() {
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440),
        collectionViewLayout: UICollectionViewFlowLayout())
      let updater = ListUpdater(
        view: collectionView, items: [Int](),
        cellRegistration: UICollectionView.CellRegistration<UICollectionViewListCell, Int> {
          _, _, _ in
        })
      var outline = ListSectionSnapshot<Int>()
      outline.append([1, 2])
      outline.append([10], to: 1)
      updater.apply(outline, to: .main, animatingDifferences: false)
      #expect(updater.outlineDisclosure(for: 1) != nil)
      #expect(updater.outlineDisclosure(for: 2) == nil)
      #expect(updater.outlineDisclosure(for: 10) == nil)
    }
  }
#endif

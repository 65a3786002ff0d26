#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension NSCollectionView: CellProvidingListView {
    /// The cells of a collection view: its items.
    public typealias Cell = NSCollectionViewItem
    /// The headers and footers of a collection view: its supplementary views.
    public typealias SupplementaryView = NSView

    /// Sets the collection view's `dataSource` to a bridge that asks `source`; the updater keeps
    /// it (`dataSource` is weak). The user's drags go through the collection view's delegate,
    /// which calls `source.moveItem(from:to:)`.
    public func useListDataSource(
      _ source: ListDataSource<Cell, SupplementaryView>
    ) -> AnyObject? {
      let bridge = CollectionViewListDataSource(source)
      dataSource = bridge
      return bridge
    }
  }

  /// A collection view's data source that asks an updater's `ListDataSource`.
  @MainActor
  final class CollectionViewListDataSource: NSObject, NSCollectionViewDataSource {
    let source: ListDataSource<NSCollectionViewItem, NSView>

    init(_ source: ListDataSource<NSCollectionViewItem, NSView>) { self.source = source }

    func numberOfSections(in collectionView: NSCollectionView) -> Int { source.numberOfSections }

    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      source.numberOfItems(inSection: section)
    }

    func collectionView(
      _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem {
      guard let item = source.cell(at: indexPath) else {
        preconditionFailure(
          "ListUpdater: the collection view asked for an item at \(indexPath), "
            + "outside what it shows")
      }
      return item
    }

    func collectionView(
      _ collectionView: NSCollectionView,
      viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
      at indexPath: IndexPath
    ) -> NSView {
      guard let view = source.supplementaryView(ofKind: kind, at: indexPath)
      else {
        preconditionFailure(
          "ListUpdater: no supplementary view of kind \(kind) at \(indexPath): give the updater "
            + "a supplementaryViewProvider that returns one for each kind the layout shows")
      }
      return view
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UICollectionView: CellProvidingListView {
    /// The cells of a collection view.
    public typealias Cell = UICollectionViewCell
    /// The headers and footers of a collection view: its supplementary views.
    public typealias SupplementaryView = UICollectionReusableView

    /// Sets the collection view's `dataSource` to a bridge that asks `source`; the updater keeps
    /// it (`dataSource` is weak).
    public func useListDataSource(
      _ source: ListDataSource<Cell, SupplementaryView>
    ) -> AnyObject? {
      let bridge = CollectionViewListDataSource(source)
      dataSource = bridge
      return bridge
    }
  }

  extension ListUpdater {
    /// Creates an updater that serves as a collection view's data source, its cells made from
    /// a cell registration (Apple's `dequeueConfiguredReusableCell(using:for:item:)`).
    ///
    /// - Parameters:
    ///   - view: The collection view; it shows the list in section 0.
    ///   - items: The items the view shows now.
    ///   - reloadThreshold: Above this many operations a change reloads the view.
    ///   - cellRegistration: Configures each cell with its item.
    public convenience init<Cell: UICollectionViewCell>(
      view: UICollectionView, items: [Item], reloadThreshold: Int = 300,
      cellRegistration: UICollectionView.CellRegistration<Cell, Item>
    ) {
      self.init(view: view, items: items, reloadThreshold: reloadThreshold) {
        view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
      }
    }
  }

  extension SectionedListUpdater {
    /// Creates an updater that serves as a collection view's data source, for sections, its
    /// cells made from a cell registration.
    ///
    /// - Parameters:
    ///   - view: The collection view.
    ///   - sections: The sections the view shows now.
    ///   - reloadThreshold: Above this many operations a change reloads the view.
    ///   - cellRegistration: Configures each cell with its item.
    public convenience init<Cell: UICollectionViewCell>(
      view: UICollectionView, sections: [Section], reloadThreshold: Int = 300,
      cellRegistration: UICollectionView.CellRegistration<Cell, Section.Item>
    ) {
      self.init(view: view, sections: sections, reloadThreshold: reloadThreshold) {
        view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
      }
    }
  }

  /// A collection view's data source that asks an updater's `ListDataSource`.
  @MainActor
  final class CollectionViewListDataSource: NSObject, UICollectionViewDataSource {
    let source: ListDataSource<UICollectionViewCell, UICollectionReusableView>

    init(_ source: ListDataSource<UICollectionViewCell, UICollectionReusableView>) {
      self.source = source
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { source.numberOfSections }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      source.numberOfItems(inSection: section)
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      guard let cell = source.cell(at: indexPath) else {
        preconditionFailure(
          "ListUpdater: the collection view asked for a cell at \(indexPath), "
            + "outside what it shows")
      }
      return cell
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      guard let view = source.supplementaryView(ofKind: kind, at: indexPath)
      else {
        preconditionFailure(
          "ListUpdater: no supplementary view of kind \(kind) at \(indexPath): give the updater "
            + "a supplementaryViewProvider that returns one for each kind the layout shows")
      }
      return view
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    {
      source.canMoveItem(at: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      source.moveItem(from: sourceIndexPath, to: destinationIndexPath)
    }
  }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension NSCollectionView: CellProvidingListView {
    /// The cells of a collection view: its items.
    public typealias Cell = NSCollectionViewItem
    /// The headers and footers of a collection view: its supplementary views.
    public typealias SupplementaryView = NSView

    /// Sets the collection view's `dataSource` to a bridge that asks `source`; the updater keeps
    /// it (`dataSource` is weak).
    ///
    /// For the user's drags, see ``reorderListItemsByDragging()``.
    public func useListDataSource(
      _ source: ListDataSource<Cell, SupplementaryView>
    ) -> AnyObject? {
      let bridge = CollectionViewListDataSource(source)
      dataSource = bridge
      return bridge
    }

    /// Lets the user drag items to other places, through the updater that serves as the
    /// collection view's data source, as a table or collection view on UIKit does through its
    /// data source.
    ///
    /// AppKit asks its collection view's *delegate* about drags, so this makes the updater's
    /// bridge the `delegate` too (it answers only the drag-and-drop questions), registers the
    /// collection view for its own drags, and lets them move items within it. The updater's
    /// `reorderingHandlers` then decide which items may move (`canReorderItem`) and hear of
    /// each drop (`willReorder`, `didReorder`), which the updater takes as shown, as on UIKit.
    ///
    /// ```swift
    /// updater.reorderingHandlers.canReorderItem = { _ in true }
    /// updater.reorderingHandlers.didReorder = { [weak self] change in self?.items = change.new }
    /// collectionView.reorderListItemsByDragging()
    /// ```
    ///
    /// A delegate of your own would be replaced: a screen that needs one keeps reordering off.
    ///
    /// - Precondition: An updater created with a cell provider is the collection view's data
    ///   source.
    public func reorderListItemsByDragging() {
      guard let bridge = dataSource as? CollectionViewListDataSource else {
        preconditionFailure(
          "NSCollectionView.reorderListItemsByDragging(): the collection view's data source is "
            + "not an updater's: create the updater with a cell provider first")
      }
      delegate = bridge
      registerForDraggedTypes([CollectionViewListDataSource.draggedItemType])
      setDraggingSourceOperationMask(.move, forLocal: true)
    }
  }

  /// A collection view's data source that asks an updater's `ListDataSource`.
  @MainActor
  final class CollectionViewListDataSource: NSObject, NSCollectionViewDataSource {
    let source: ListDataSource<NSCollectionViewItem, NSView>
    /// The index path of the item the user is dragging, from the drag's start to its end.
    var dragged: IndexPath?

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

  /// The user's drags, which AppKit reports to the collection view's delegate: one item at a
  /// time, within the collection view, taken by the updater's data source.
  extension CollectionViewListDataSource: NSCollectionViewDelegate {
    /// The pasteboard type of a dragged item; nothing outside the collection view reads it.
    static let draggedItemType = NSPasteboard.PasteboardType("org.diffvalue.list-item")

    func collectionView(
      _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
    ) -> (any NSPasteboardWriting)? {
      guard source.canMoveItem(at: indexPath) else { return nil }  // nil: no drag
      let item = NSPasteboardItem()
      _ = item.setString("\(indexPath)", forType: Self.draggedItemType)
      return item
    }

    func collectionView(
      _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
      willBeginAt screenPoint: NSPoint, forItemsAt indexPaths: Set<IndexPath>
    ) {
      dragged = indexPaths.count == 1 ? indexPaths.first : nil
    }

    func collectionView(
      _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
      proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
      dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
    ) -> NSDragOperation {
      guard dragged != nil, draggingInfo.draggingSource as AnyObject? === collectionView else {
        return []
      }
      proposedDropOperation.pointee = .before  // between items, never onto one
      return .move
    }

    func collectionView(
      _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
      indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
    ) -> Bool {
      guard let from = dragged, dropOperation == .before,
        let to = source.moveItem(from: from, droppedBefore: indexPath)
      else { return false }
      dragged = nil
      collectionView.animator().moveItem(at: from, to: to)  // the data already shows it
      return true
    }

    func collectionView(
      _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
      endedAt screenPoint: NSPoint, dragOperation operation: NSDragOperation
    ) {
      dragged = nil
    }
  }
#endif

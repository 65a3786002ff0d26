#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension NSTableView: RowProvidingListView {
    /// The columns of a table view, which its cell provider is given.
    public typealias Column = NSTableColumn
    /// The cell views of a view-based table view: one per row and column.
    public typealias CellView = NSView
    /// The views that hold a row's cell views.
    public typealias RowView = NSTableRowView

    /// Sets the table view's `dataSource` to a bridge that asks `source`, and its `delegate`
    /// too while it has none.
    ///
    /// The updater keeps the bridge (both properties are weak). For the user's drags, see
    /// ``reorderListItemsByDragging()``.
    ///
    /// A view-based table view asks its *delegate* for its cell views and row views
    /// (`tableView(_:viewFor:row:)`, `tableView(_:rowViewForRow:)`), and which rows are group
    /// rows (`tableView(_:isGroupRow:)`: the sections' headers of a `SectionedListUpdater`). A
    /// table view without a delegate gets the bridge, which answers those three from the
    /// updater and nothing else. A delegate of your own stays, set before or after the updater
    /// is made: it answers those three by asking the updater
    /// (``ListUpdater/tableView(_:viewFor:row:)``, ``ListUpdater/tableView(_:rowViewForRow:)``,
    /// and for sections ``SectionedListUpdater/tableView(_:isGroupRow:)``), and everything else
    /// as it likes.
    public func useListRowDataSource(
      _ source: ListRowDataSource<Column, CellView, RowView>
    ) -> AnyObject? {
      let bridge = TableViewListDataSource(source)
      dataSource = bridge
      if delegate == nil { delegate = bridge }
      return bridge
    }

    /// Lets the user drag rows to other places, through the updater that serves as the table
    /// view's data source, as a table view on UIKit does through its data source.
    ///
    /// This registers the table view for its own drags and lets them move rows within it. The
    /// updater's `reorderingHandlers` then decide which items may move (`canReorderItem`) and
    /// hear of each drop (`willReorder`, `didReorder`), which the updater takes as shown, as on
    /// UIKit and in `NSCollectionView`'s ``NSCollectionView/reorderListItemsByDragging()``.
    ///
    /// ```swift
    /// updater.reorderingHandlers.canReorderItem = { _ in true }
    /// updater.reorderingHandlers.didReorder = { [weak self] change in self?.items = change.new }
    /// tableView.reorderListItemsByDragging()
    /// ```
    ///
    /// - Precondition: An updater created with a row-and-column cell provider is the table
    ///   view's data source.
    public func reorderListItemsByDragging() {
      guard dataSource is TableViewListDataSource else {
        preconditionFailure(
          "NSTableView.reorderListItemsByDragging(): the table view's data source is not an "
            + "updater's: create the updater with a cell provider first")
      }
      registerForDraggedTypes([TableViewListDataSource.draggedRowType])
      setDraggingSourceOperationMask(.move, forLocal: true)
    }
  }

  /// A table view's data source, and the delegate's view methods, that ask an updater's
  /// `ListRowDataSource`.
  @MainActor
  final class TableViewListDataSource: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    let source: ListRowDataSource<NSTableColumn, NSView, NSTableRowView>
    /// The row the user is dragging, from the drag's start to its end.
    var dragged: Int?

    init(_ source: ListRowDataSource<NSTableColumn, NSView, NSTableRowView>) {
      self.source = source
    }

    func numberOfRows(in tableView: NSTableView) -> Int { source.numberOfRows }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
      -> NSView?
    {
      // A group row (a section's header) spans the columns: it is asked for with none.
      if source.isGroupRow(row) { return tableColumn == nil ? source.headerView(forRow: row) : nil }
      guard let tableColumn else { return nil }
      return source.cellView(for: tableColumn, row: row)
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      source.isGroupRow(row)
    }

    func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      source.rowView(forRow: row)  // nil: the table view makes its own
    }
  }

  /// The user's drags, which AppKit reports to the table view's data source: one row at a time,
  /// within the table view, taken by the updater.
  extension TableViewListDataSource {
    /// The pasteboard type of a dragged row; nothing outside the table view reads it.
    static let draggedRowType = NSPasteboard.PasteboardType("org.diffvalue.list-row")

    func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
      -> (any NSPasteboardWriting)?
    {
      guard source.canMoveRow(row) else { return nil }  // nil: no drag
      let item = NSPasteboardItem()
      _ = item.setString("\(row)", forType: Self.draggedRowType)
      return item
    }

    func tableView(
      _ tableView: NSTableView, draggingSession session: NSDraggingSession,
      willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet
    ) {
      dragged = rowIndexes.count == 1 ? rowIndexes.first : nil
    }

    func tableView(
      _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
      proposedDropOperation dropOperation: NSTableView.DropOperation
    ) -> NSDragOperation {
      guard dragged != nil, info.draggingSource as AnyObject? === tableView else { return [] }
      if dropOperation == .on {
        tableView.setDropRow(row, dropOperation: .above)  // between rows, never onto one
      }
      return .move
    }

    func tableView(
      _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
      dropOperation: NSTableView.DropOperation
    ) -> Bool {
      guard let from = dragged, dropOperation == .above,
        let to = source.moveRow(from, droppedAbove: row)
      else { return false }
      dragged = nil
      tableView.moveRow(at: from, to: to)  // the data already shows it; the row keeps its views
      return true
    }

    func tableView(
      _ tableView: NSTableView, draggingSession session: NSDraggingSession,
      endedAt screenPoint: NSPoint, operation: NSDragOperation
    ) {
      dragged = nil
    }
  }
#endif

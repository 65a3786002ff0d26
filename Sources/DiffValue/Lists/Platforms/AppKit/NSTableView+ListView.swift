#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A thin mapping of `ListView` onto NSTableView, which has one section of rows: a flat list
  // is its rows, a sectioned list (an updater's row data source with sections) shows each
  // section as a group row for its header followed by its items. The row arithmetic is
  // `ListGroupRows` and `RowChangesInSequence`, tested on every platform; which item to keep in
  // place, and where it goes, is the updaters' (`ListScrollAnchor`), as for UIKit's views.

  extension NSTableView: ListView {
    /// Runs the update between `beginUpdates` and `endUpdates`, swapping the data first.
    ///
    /// The rows change in this order: removals, moves (a moved row keeps its view), then
    /// insertions. NSTableView applies them at once, so `completion` runs before this returns.
    /// An `NSOutlineView` whose data source is an outline updater's changes its items parent by
    /// parent instead, and expands and collapses them. Section operations need an updater's
    /// sectioned row data source, which says where each section's rows are.
    public func performListUpdate(
      _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
      completion: @escaping (Bool) -> Void
    ) {
      if let outlineView = self as? NSOutlineView,
        let bridge = outlineView.dataSource as? OutlineViewListDataSource
      {
        bridge.performUpdate(in: outlineView, animation: animation, updatingData: updatingData)
        completion(true)
        return
      }
      let source = (dataSource as? TableViewListDataSource)?.source
      guard let before = source?.groupRows else {
        precondition(
          update.sectionDeletes.isEmpty && update.sectionInserts.isEmpty
            && update.sectionMoves.isEmpty && update.sectionReloads.isEmpty,
          "NSTableView shows sections only through an updater's sectioned row data source: "
            + "create the SectionedListUpdater with a cell provider")
        let rows = RowChangesInSequence(update, oldCount: numberOfRows)
        beginUpdates()
        updatingData()
        perform(rows, animation: animation)
        endUpdates()
        completion(true)
        return
      }
      beginUpdates()
      updatingData()
      let after = source?.groupRows ?? before
      let rows = RowChangesInSequence(before.rowUpdate(update, to: after), oldCount: before.count)
      perform(rows, animation: animation)
      endUpdates()
      completion(true)
    }

    /// Removes, moves and inserts rows, inside the caller's `beginUpdates` and `endUpdates`.
    private func perform(_ rows: RowChangesInSequence, animation: ListAnimation) {
      let animated = animation.isAnimated
      removeRows(
        at: IndexSet(rows.removed),
        withAnimation: animated ? animation.deleteRows.table(removing: true) : [])
      for move in rows.moves { moveRow(at: move.from, to: move.to) }
      insertRows(
        at: IndexSet(rows.inserted),
        withAnimation: animated ? animation.insertRows.table(removing: false) : [])
    }

    /// Swaps the data, then reloads (and, in an outline view, expands what the outline
    /// expands).
    public func reloadList(updatingData: () -> Void) {
      if let outlineView = self as? NSOutlineView,
        let bridge = outlineView.dataSource as? OutlineViewListDataSource
      {
        return bridge.reload(outlineView, updatingData: updatingData)
      }
      updatingData()
      reloadData()
    }

    /// The row's views on screen, one per column, if they are all `ListBindable`; they are
    /// re-bound together.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      guard let row = row(for: indexPath), row < numberOfRows else { return nil }
      let views = (0..<numberOfColumns).map {
        view(atColumn: $0, row: row, makeIfNecessary: false)
      }
      guard let bindable = bindableViews(among: views) else { return nil }
      return bindable.count == 1 ? bindable[0] : ListBindableGroup(bindable)
    }

    /// The view of a section's header row on screen, if it is `ListBindable`.
    public func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? {
      guard let rows = (dataSource as? TableViewListDataSource)?.source.groupRows,
        (0..<rows.sectionCount).contains(section)
      else { return nil }
      let row = rows.headerRow(ofSection: section)
      return bindableViews(among: [view(atColumn: 0, row: row, makeIfNecessary: false)])
    }

    /// The row of an index path: its row in a sectioned list's rows, `indexPath.item` in a flat
    /// list's.
    func row(for indexPath: IndexPath) -> Int? {
      guard indexPath.count == 2 else { return nil }
      if let rows = (dataSource as? TableViewListDataSource)?.source.groupRows {
        return rows.row(for: indexPath)
      }
      return indexPath[1] >= 0 ? indexPath[1] : nil
    }

    /// Whether the table view is in a window.
    public var isInWindow: Bool { window != nil }

    /// The visible rows that show items, top first, each with how far its top is below the top
    /// of the visible area (its scroll view's clip view).
    ///
    /// None outside a scroll view. A sectioned list's header rows are left out.
    public var visibleItemPositions: [ListItemPosition] {
      guard let clipView = enclosingScrollView?.contentView else { return [] }
      let visible = rows(in: visibleRect)
      guard visible.location != NSNotFound, visible.length > 0 else { return [] }
      let shown = visible.location..<(visible.location + visible.length)
      let items =
        (dataSource as? TableViewListDataSource)?.source.groupRows?.itemRows(in: shown)
        ?? shown.map { (row: $0, indexPath: IndexPath(indexes: [0, $0])) }
      let top = clipView.bounds.minY
      return items.map { item in
        let rowTop = clipView.convert(rect(ofRow: item.row).origin, from: self).y
        return ListItemPosition(indexPath: item.indexPath, offset: Double(rowTop - top))
      }
    }

    /// Scrolls the enclosing scroll view, without animation, so that the row of the item at
    /// `position.indexPath` is `position.offset` points below the top of the visible area, as
    /// far as the clip view lets it.
    public func scroll(to position: ListItemPosition) {
      guard let scrollView = enclosingScrollView, let row = row(for: position.indexPath),
        row < numberOfRows
      else { return }
      scrollView.layoutSubtreeIfNeeded()
      let clipView = scrollView.contentView
      var bounds = clipView.bounds
      bounds.origin.y =
        clipView.convert(rect(ofRow: row).origin, from: self).y - CGFloat(position.offset)
      clipView.scroll(to: clipView.constrainBoundsRect(bounds).origin)
      scrollView.reflectScrolledClipView(clipView)
    }
  }

  extension ListRowAnimation {
    /// The nearest animation options of NSTableView, for rows being removed or inserted.
    func table(removing: Bool) -> NSTableView.AnimationOptions {
      switch self {
      case .automatic, .fade: .effectFade
      case .right: .slideRight
      case .left: .slideLeft
      case .top: removing ? .slideUp : .slideDown
      case .bottom: removing ? .slideDown : .slideUp
      case .middle: .effectGap
      case .none: []
      }
    }
  }
#endif

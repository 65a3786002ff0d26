#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A thin mapping of `ListView` onto NSTableView, which has one section: section operations
  // and other sections cannot occur for a `ListUpdater` of a flat list. The row arithmetic is
  // `RowChangesInSequence`, tested on every platform.

  extension NSTableView: ListView {
    /// Runs the update between `beginUpdates` and `endUpdates`, swapping the data first.
    ///
    /// The rows change in this order: removals, moves (a moved row keeps its view), then
    /// insertions. NSTableView applies them at once, so `completion` runs before this returns.
    public func performListUpdate(
      _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
      completion: @escaping (Bool) -> Void
    ) {
      precondition(
        update.sectionDeletes.isEmpty && update.sectionInserts.isEmpty
          && update.sectionMoves.isEmpty && update.sectionReloads.isEmpty,
        "NSTableView shows one section: use ListUpdater, not SectionedListUpdater")
      let rows = RowChangesInSequence(update, oldCount: numberOfRows)
      let animated = animation.isAnimated
      beginUpdates()
      updatingData()
      removeRows(
        at: IndexSet(rows.removed),
        withAnimation: animated ? animation.deleteRows.table(removing: true) : [])
      for move in rows.moves { moveRow(at: move.from, to: move.to) }
      insertRows(
        at: IndexSet(rows.inserted),
        withAnimation: animated ? animation.insertRows.table(removing: false) : [])
      endUpdates()
      completion(true)
    }

    /// Swaps the data, then reloads.
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
    }

    /// The row's views on screen, one per column, if they are all `ListBindable`; they are
    /// re-bound together.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      let row = indexPath[1]
      guard row >= 0, row < numberOfRows else { return nil }
      let views = (0..<numberOfColumns).map {
        view(atColumn: $0, row: row, makeIfNecessary: false)
      }
      guard let bindable = bindableViews(among: views) else { return nil }
      return bindable.count == 1 ? bindable[0] : ListBindableGroup(bindable)
    }

    /// Whether the table view is in a window.
    public var isInWindow: Bool { window != nil }
  }

  extension ListRowAnimation {
    /// The nearest animation options of NSTableView, for rows being removed or inserted.
    fileprivate func table(removing: Bool) -> NSTableView.AnimationOptions {
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

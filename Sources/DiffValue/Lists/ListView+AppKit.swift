#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A thin mapping of `ListView` onto NSTableView, which has one section: section operations
  // and other sections cannot occur for a `ListUpdater` of a flat list. NSTableView applies
  // each call to the rows as they are at that point rather than UIKit's old-to-new batch, so
  // a move becomes a removal at its old row and an insertion at its new one: all removals in
  // one call (old rows), then all insertions (new rows), then the in-place reloads.

  extension NSTableView: ListView {
    /// Runs the update between `beginUpdates` and `endUpdates`, swapping the data first.
    public func performListUpdate(
      _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void
    ) {
      precondition(
        update.sectionDeletes.isEmpty && update.sectionInserts.isEmpty
          && update.sectionMoves.isEmpty && update.sectionReloads.isEmpty,
        "NSTableView shows one section: use ListUpdater, not SectionedListUpdater")
      beginUpdates()
      updatingData()
      removeRows(
        at: IndexSet(update.deletes.map { $0[1] } + update.moves.map { $0.from[1] }),
        withAnimation: .effectFade)
      insertRows(
        at: IndexSet(update.inserts.map { $0[1] } + update.moves.map { $0.to[1] }),
        withAnimation: .effectFade)
      endUpdates()
      reloadData(
        forRowIndexes: IndexSet(update.reloads.map { $0[1] }),
        columnIndexes: IndexSet(integersIn: 0..<numberOfColumns))
      completion(true)
    }

    /// Swaps the data, then reloads.
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
    }

    /// The row's view in the first column, if it is visible and `ListBindable`.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      guard numberOfColumns > 0 else { return nil }
      return view(atColumn: 0, row: indexPath[1], makeIfNecessary: false) as? any ListBindable
    }
  }
#endif

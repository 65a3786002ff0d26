#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A thin mapping of `ListView` onto NSTableView, which has one section: section operations
  // and other sections cannot occur for a `ListUpdater` of a flat list. The row arithmetic is
  // `rowChangesInSequence(for:)`, tested on every platform.

  extension NSTableView: ListView {
    /// Runs the update between `beginUpdates` and `endUpdates`, swapping the data first.
    public func performListUpdate(
      _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void
    ) {
      precondition(
        update.sectionDeletes.isEmpty && update.sectionInserts.isEmpty
          && update.sectionMoves.isEmpty && update.sectionReloads.isEmpty,
        "NSTableView shows one section: use ListUpdater, not SectionedListUpdater")
      let rows = rowChangesInSequence(for: update)
      beginUpdates()
      updatingData()
      removeRows(at: IndexSet(rows.removed), withAnimation: .effectFade)
      insertRows(at: IndexSet(rows.inserted), withAnimation: .effectFade)
      endUpdates()
      completion(true)
    }

    /// Swaps the data, then reloads.
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
    }

    /// Always `nil`: NSTableView has no move that keeps a row's view in one batch, so a
    /// changed row is replaced rather than re-bound.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? { nil }
  }
#endif

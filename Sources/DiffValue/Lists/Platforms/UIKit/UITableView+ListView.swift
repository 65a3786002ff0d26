#if canImport(UIKit) && !os(watchOS)
  import UIKit

  // A thin mapping of `ListView` onto UITableView; the logic lives in the updaters.

  extension UITableView: ListView {
    /// Runs the update in `performBatchUpdates`, swapping the data first, with the animation's
    /// row animations; without animation when `animation.isAnimated` is `false`.
    public func performListUpdate(
      _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
      completion: @escaping (Bool) -> Void
    ) {
      performListUpdate(
        update, reconfiguring: [], animation: animation, updatingData: updatingData,
        completion: completion)
    }

    /// Runs the update in `performBatchUpdates` as the other form does, and reconfigures the
    /// rows at `reconfiguring` in the same batch with `reconfigureRows(at:)`.
    public func performListUpdate(
      _ update: BatchUpdate, reconfiguring: [IndexPath], animation: ListAnimation,
      updatingData: () -> Void, completion: @escaping (Bool) -> Void
    ) {
      withoutActuallyEscaping(updatingData) { updatingData in
        UIView.run(animated: animation.isAnimated) {
          self.performBatchUpdates(
            {
              updatingData()
              self.apply(update, animation)
              if !reconfiguring.isEmpty { self.reconfigureRows(at: reconfiguring) }
            }, completion: completion)
        }
      }
    }

    /// `true`: `reconfigureRows(at:)` exists from iOS 15 and tvOS 15, below the package's floor.
    public var canReconfigureItems: Bool { true }

    /// The operations of `update`, each kind with its animation.
    private func apply(_ update: BatchUpdate, _ animation: ListAnimation) {
      if !update.sectionDeletes.isEmpty {
        deleteSections(IndexSet(update.sectionDeletes), with: animation.deleteSections.table)
      }
      if !update.sectionInserts.isEmpty {
        insertSections(IndexSet(update.sectionInserts), with: animation.insertSections.table)
      }
      for move in update.sectionMoves { moveSection(move.from, toSection: move.to) }
      if !update.sectionReloads.isEmpty {
        reloadSections(IndexSet(update.sectionReloads), with: animation.reloadSections.table)
      }
      if !update.deletes.isEmpty {
        deleteRows(at: update.deletes, with: animation.deleteRows.table)
      }
      if !update.inserts.isEmpty {
        insertRows(at: update.inserts, with: animation.insertRows.table)
      }
      for move in update.moves { moveRow(at: move.from, to: move.to) }
      if !update.reloads.isEmpty {
        reloadRows(at: update.reloads, with: animation.reloadRows.table)
      }
    }

    /// Swaps the data, reloads, and lays out at once, so that a batch right after it starts
    /// from the reloaded counts.
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
      layoutIfNeeded()
    }

    /// The visible cell at the index path, if it is `ListBindable`.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      cellForRow(at: indexPath) as? any ListBindable
    }

    /// The section's header and footer views on screen, if they are all `ListBindable`.
    ///
    /// Headers given as plain views rather than `UITableViewHeaderFooterView`s are not found,
    /// so their section is reloaded.
    public func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? {
      bindableViews(among: [headerView(forSection: section), footerView(forSection: section)])
    }

    /// Whether the table view is in a window.
    public var isInWindow: Bool { window != nil }

    /// The visible rows, top first, each with how far its top is below the content offset.
    public var visibleItemPositions: [ListItemPosition] {
      (indexPathsForVisibleRows ?? []).map { itemPosition($0, frame: rectForRow(at: $0)) }
    }

    /// Lays the batch out, then sets the content offset so that the row at
    /// `position.indexPath` is `position.offset` points below it, within the content.
    public func scroll(to position: ListItemPosition) {
      layoutIfNeeded()
      let indexPath = position.indexPath
      guard indexPath.count == 2, indexPath[0] < numberOfSections,
        indexPath[1] < numberOfRows(inSection: indexPath[0])
      else { return }
      placeContent(atTop: rectForRow(at: indexPath).minY, offset: position.offset)
    }
  }

  extension ListRowAnimation {
    /// The same animation in UIKit's terms.
    fileprivate var table: UITableView.RowAnimation {
      switch self {
      case .automatic: .automatic
      case .fade: .fade
      case .right: .right
      case .left: .left
      case .top: .top
      case .bottom: .bottom
      case .middle: .middle
      case .none: .none
      }
    }
  }
#endif

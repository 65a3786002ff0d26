#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A view that shows a list in sections and animates batch updates: a table or collection
/// view, or a simulation of one in tests.
///
/// `UITableView`, `UICollectionView` and `NSTableView` conform on their platforms; the
/// conformances only map these calls onto theirs, so that `ListUpdater`'s logic is the same,
/// and tested, everywhere.
@MainActor
public protocol ListView: AnyObject {
  /// Performs one batch update: inside the batch, `updatingData` swaps the data source to the
  /// data after the update, then the update's operations are applied.
  ///
  /// - Parameters:
  ///   - update: The operations, valid under UIKit's rules.
  ///   - updatingData: Swaps the data source; call it first, inside the batch.
  ///   - completion: Called once the batch is done (after its animations); `true` when they
  ///     finished.
  func performListUpdate(
    _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void)

  /// Swaps the data source with `updatingData`, then reloads everything without animation.
  ///
  /// - Parameter updatingData: Swaps the data source.
  func reloadList(updatingData: () -> Void)

  /// The cell on screen at `indexPath` if it can be re-bound in place; `nil` when it is not
  /// visible or does not conform to `ListBindable`.
  ///
  /// - Parameter indexPath: An index path of the data before the next update.
  /// - Returns: The visible bindable cell.
  func bindableCell(at indexPath: IndexPath) -> (any ListBindable)?
}

/// A cell that can show a new model in place, without being reloaded.
///
/// When an item keeps its identity and only its content changes, `ListUpdater` hands the new
/// model to the visible cell instead of reloading it, so it does not flicker, as IGListKit's
/// `ListBindable` cells do.
@MainActor
public protocol ListBindable: AnyObject {
  /// Shows `viewModel`, the item's new value.
  ///
  /// - Parameter viewModel: The item (for a sectioned list, the section's item) to show.
  func bindViewModel(_ viewModel: Any)
}

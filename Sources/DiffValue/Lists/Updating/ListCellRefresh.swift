/// How a cell that is not `ListBindable` shows its item's new content.
///
/// A `ListBindable` cell on screen is always re-bound in place. Any other cell is reconfigured
/// by default where the view can (`UITableView.reconfigureRows(at:)` and
/// `UICollectionView.reconfigureItems(at:)`, iOS 15 and tvOS 15 on): the view asks the data
/// source for the cell again and gets the same cell back, which keeps its state, prefetched
/// cells included. Where the view cannot (AppKit), or when a change asks for `.reload`, the cell
/// is reloaded: replaced by a new one.
///
/// ```swift
/// updater.apply(change, changedCells: .reload)  // new cells: another cell type, say
/// ```
public enum ListCellRefresh: Hashable, Sendable {
  /// The same cell shows the new content: `reconfigureRows(at:)`, or a reload where the view
  /// has no such call.
  case reconfigure
  /// A new cell replaces the old one: `reloadRows(at:with:)`.
  case reload
}

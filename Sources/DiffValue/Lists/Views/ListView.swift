#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A view that shows a list in sections and animates batch updates: a table or collection
/// view, or a simulation of one in tests.
///
/// `UITableView`, `UICollectionView`, `NSTableView` and `NSCollectionView` conform on their
/// platforms; the conformances only map these calls onto theirs, so that the updaters' logic is
/// the same, and tested, everywhere. `SimulatedListView` in `DiffValueTesting` conforms with
/// UIKit's rules for tests.
///
/// A view of your own implements `performListUpdate(_:animation:updatingData:completion:)`,
/// `reloadList(updatingData:)` and `bindableCell(at:)`; the other requirements have defaults.
/// (A view written for an earlier version that implements
/// `performListUpdate(_:updatingData:completion:)` instead keeps working, without animation
/// control. Implement one of the two: each one's default calls the other.)
@MainActor
public protocol ListView: AnyObject {
  /// Performs one batch update: inside the batch, `updatingData` swaps the data source to the
  /// data after the update, then the update's operations are applied.
  ///
  /// - Parameters:
  ///   - update: The operations, valid under UIKit's rules.
  ///   - animation: Whether to animate, and how each kind of change animates.
  ///   - updatingData: Swaps the data source; call it first, inside the batch.
  ///   - completion: Called on the main thread once the batch is done (after its
  ///     animations); `true` when they finished.
  func performListUpdate(
    _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
    completion: @escaping (Bool) -> Void)

  /// Performs one batch update that also reconfigures cells: each cell at `reconfiguring`
  /// stays and shows its item's new content (`reconfigureRows(at:)`).
  ///
  /// The updaters call it only when `canReconfigureItems` is `true`, and never with an index path
  /// the update deletes, reloads or moves. The default adds `reconfiguring` to the update's
  /// reloads.
  ///
  /// - Parameters:
  ///   - update: The operations, valid under UIKit's rules.
  ///   - reconfiguring: Index paths before the update, of items that keep them.
  ///   - animation: Whether to animate, and how each kind of change animates.
  ///   - updatingData: Swaps the data source; call it first, inside the batch.
  ///   - completion: Called on the main thread once the batch is done; `true` when its
  ///     animations finished.
  func performListUpdate(
    _ update: BatchUpdate, reconfiguring: [IndexPath], animation: ListAnimation,
    updatingData: () -> Void, completion: @escaping (Bool) -> Void)

  /// Whether the view can reconfigure cells in place: `UITableView` and `UICollectionView` can
  /// (iOS 15 and tvOS 15 on); the default is `false`, and changed cells are reloaded.
  var canReconfigureItems: Bool { get }

  /// Performs one batch update with the default animations.
  ///
  /// - Parameters:
  ///   - update: The operations, valid under UIKit's rules.
  ///   - updatingData: Swaps the data source; call it first, inside the batch.
  ///   - completion: Called once the batch is done; `true` when its animations finished.
  func performListUpdate(
    _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void)

  /// Swaps the data source with `updatingData`, then reloads everything without animation.
  ///
  /// - Parameter updatingData: Swaps the data source.
  func reloadList(updatingData: () -> Void)

  /// The cell on screen at `indexPath` if it can be re-bound in place; `nil` when it is not
  /// on screen or does not conform to `ListBindable`.
  ///
  /// - Parameter indexPath: An index path of the data before the next update.
  /// - Returns: The visible bindable cell.
  func bindableCell(at indexPath: IndexPath) -> (any ListBindable)?

  /// The header and footer of a section on screen, if they can all be re-bound in place;
  /// `nil` when none is found or one of them does not conform to `ListBindable`.
  ///
  /// The default returns `nil`: a section whose own content changed is reloaded whole.
  ///
  /// - Parameter section: A section index of the data before the next update.
  /// - Returns: The views to re-bind with the section's new value.
  func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]?

  /// Whether the view is in a window. Off-window, the updaters' batches do not animate, or the
  /// view reloads, as their `offWindowUpdates` says.
  ///
  /// The default is `true`.
  var isInWindow: Bool { get }

  /// The items on screen, top first, each with how far its top is below the top of the visible
  /// area: where the updaters find the first visible item to keep in place
  /// (`keepsFirstVisibleItemInPlace`).
  ///
  /// The default is empty: the view keeps no item in place.
  var visibleItemPositions: [ListItemPosition] { get }

  /// Scrolls without animation so that the item at `position.indexPath` (an index path of the
  /// data after the batch just started) is `position.offset` points below the top of the
  /// visible area, as far as the content's bounds allow.
  ///
  /// The updaters call it right after they started a batch, when `keepsFirstVisibleItemInPlace`
  /// is on. The default does nothing.
  ///
  /// - Parameter position: Where the item must be.
  func scroll(to position: ListItemPosition)
}

extension ListView {
  /// Calls `performListUpdate(_:updatingData:completion:)`, ignoring `animation`: the form a
  /// view written for an earlier version implements.
  public func performListUpdate(
    _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    performListUpdate(update, updatingData: updatingData, completion: completion)
  }

  /// Calls `performListUpdate(_:animation:updatingData:completion:)` with the default
  /// animations.
  public func performListUpdate(
    _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void
  ) {
    performListUpdate(
      update, animation: .automatic, updatingData: updatingData, completion: completion)
  }

  /// Performs the update with `reconfiguring` added to its reloads: the form of a view that
  /// cannot reconfigure cells.
  public func performListUpdate(
    _ update: BatchUpdate, reconfiguring: [IndexPath], animation: ListAnimation,
    updatingData: () -> Void, completion: @escaping (Bool) -> Void
  ) {
    var update = update
    if !reconfiguring.isEmpty {
      update.reloads = (update.reloads + reconfiguring).sorted()
    }
    performListUpdate(
      update, animation: animation, updatingData: updatingData, completion: completion)
  }

  /// `false`: changed cells that are not `ListBindable` are reloaded.
  public var canReconfigureItems: Bool { false }

  /// `nil`: without a way to find headers and footers, a changed section is reloaded.
  public func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? { nil }

  /// `true`.
  public var isInWindow: Bool { true }

  /// None: the view keeps no item in place.
  public var visibleItemPositions: [ListItemPosition] { [] }

  /// Does nothing.
  public func scroll(to position: ListItemPosition) {}
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where your view's delegate reports the cells it displays and the items it prefetches, so that
/// an updater's `displayHandlers` hear of them with the items themselves.
///
/// The updater makes it (`cellDisplay`); your delegate stays yours and passes each cell on:
///
/// ```swift
/// func tableView(
///   _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
/// ) {
///   updater.cellDisplay.willDisplay(cell, at: indexPath)
/// }
///
/// func tableView(
///   _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
///   forRowAt indexPath: IndexPath
/// ) {
///   updater.cellDisplay.didEndDisplaying(cell, at: indexPath)
/// }
/// ```
///
/// It remembers which item each cell showed, by the cell's identity: a view reports a cell's
/// end of display with the index path the cell had before the batch that deleted or moved its
/// item, where the updater's items may hold another item by then. Everything runs on the main
/// thread, and each handler at once, inside the call that reports it. Once the updater is
/// gone, nothing is reported.
@MainActor
public final class ListCellDisplay<Item: Diffable> {
  /// What it reads of its updater, which it holds weakly.
  struct Updater {
    /// The item at an index path of what the view shows.
    var item: (IndexPath) -> Item?
    /// The first index path of an identifier in what the view shows.
    var indexPath: (Item.DiffIdentifier) -> IndexPath?
    /// The handlers to call.
    var handlers: () -> ListDisplayHandlers<Item>?
  }

  private let updater: Updater
  /// The item each cell displayed showed when it appeared, by the cell's identity.
  private var shownByCell: [ObjectIdentifier: Item] = [:]
  /// The prefetching data source a platform made for it, kept alive: a view holds its own
  /// weakly.
  var prefetchingBridge: AnyObject?

  init(_ updater: Updater) { self.updater = updater }

  /// The items whose cells the view displays, in the order of what it shows, as it shows them
  /// now: those between the `willDisplay(_:at:)` and `didEndDisplaying(_:at:)` of their cells.
  ///
  /// An item deleted while its cell animates away is not among them; an identifier shown by
  /// two cells is there once.
  ///
  /// - Complexity: O(*v* log *v*) for *v* cells displayed; the first lookup after a change
  ///   builds a table of what the view shows, in O(*n*).
  public var visibleItems: [Item] {
    var seen = Set<Item.DiffIdentifier>()
    var found: [(indexPath: IndexPath, item: Item)] = []
    for item in shownByCell.values where seen.insert(item.diffIdentifier).inserted {
      guard let indexPath = updater.indexPath(item.diffIdentifier),
        let current = updater.item(indexPath)
      else { continue }
      found.append((indexPath, current))
    }
    return found.sorted { $0.indexPath < $1.indexPath }.map(\.item)
  }

  /// Takes a cell the view is about to display, and calls the `willDisplay` handler with its
  /// item: call it from your delegate's `willDisplay` method.
  ///
  /// - Parameters:
  ///   - cell: The cell the view passed; only its identity is kept.
  ///   - indexPath: Its index path, of what the view shows; outside it, nothing happens.
  public func willDisplay(_ cell: AnyObject, at indexPath: IndexPath) {
    guard let item = updater.item(indexPath) else { return }
    shownByCell[ObjectIdentifier(cell)] = item
    updater.handlers()?.willDisplay?(item, indexPath)
  }

  /// Takes a cell the view no longer displays, and calls the `didEndDisplaying` handler with
  /// the item it showed: call it from your delegate's `didEndDisplaying` method.
  ///
  /// The item is in the version the view shows now when it still shows its identifier.
  ///
  /// - Parameters:
  ///   - cell: The cell, as `willDisplay(_:at:)` had it; for another cell, nothing happens.
  ///   - indexPath: The index path the view passed, handed on unchanged.
  public func didEndDisplaying(_ cell: AnyObject, at indexPath: IndexPath) {
    guard let shown = shownByCell.removeValue(forKey: ObjectIdentifier(cell)) else { return }
    let item = updater.indexPath(shown.diffIdentifier).flatMap(updater.item) ?? shown
    updater.handlers()?.didEndDisplaying?(item, indexPath)
  }

  /// Calls the `prefetch` handler with the items at `indexPaths`: call it from your
  /// prefetching data source's `prefetchRowsAt` or `prefetchItemsAt` method.
  ///
  /// - Parameter indexPaths: Index paths of what the view shows; the others are left out,
  ///   and when none is left the handler is not called.
  public func prefetchItems(at indexPaths: [IndexPath]) {
    let found = items(at: indexPaths)
    guard !found.items.isEmpty else { return }
    updater.handlers()?.prefetch?(found.items, found.indexPaths)
  }

  /// Calls the `cancelPrefetching` handler with the items at `indexPaths`: call it from your
  /// prefetching data source's `cancelPrefetchingForRowsAt` or `cancelPrefetchingForItemsAt`
  /// method.
  ///
  /// - Parameter indexPaths: Index paths of what the view shows; the others are left out,
  ///   and when none is left the handler is not called.
  public func cancelPrefetchingItems(at indexPaths: [IndexPath]) {
    let found = items(at: indexPaths)
    guard !found.items.isEmpty else { return }
    updater.handlers()?.cancelPrefetching?(found.items, found.indexPaths)
  }

  /// The items at `indexPaths`, with their index paths, those outside what is shown left out.
  private func items(at indexPaths: [IndexPath]) -> (items: [Item], indexPaths: [IndexPath]) {
    var found: (items: [Item], indexPaths: [IndexPath]) = ([], [])
    for indexPath in indexPaths {
      guard let item = updater.item(indexPath) else { continue }
      found.items.append(item)
      found.indexPaths.append(indexPath)
    }
    return found
  }
}

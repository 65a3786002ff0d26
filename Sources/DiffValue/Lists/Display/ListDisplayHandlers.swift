#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an updater calls when a cell appears or disappears, and when the view asks to prefetch
/// items: each with the items themselves, as IGListKit's display delegate and Epoxy's
/// callbacks give them.
///
/// Your view's delegate stays yours: it passes the cells on to the updater's `cellDisplay`,
/// and so does a prefetching data source of yours.
///
/// ```swift
/// updater.displayHandlers.willDisplay = { contact, _ in avatars.load(contact.avatar) }
/// updater.displayHandlers.didEndDisplaying = { contact, _ in avatars.cancel(contact.avatar) }
/// ```
///
/// Every handler runs on the main thread, at once, inside the call that reports it.
public struct ListDisplayHandlers<Item> {
  /// Called when a cell is about to appear, with its item and index path.
  public var willDisplay: ((Item, IndexPath) -> Void)?
  /// Called when a cell has disappeared, with the item it showed and the index path the view
  /// reports.
  ///
  /// The item is the one the cell showed, in the version the updater shows now when the list
  /// still has its identifier: after a batch that deleted or moved it, the view reports the
  /// index path the cell had before, where the list may now hold another item.
  public var didEndDisplaying: ((Item, IndexPath) -> Void)?
  /// Called when the view asks to prefetch items, with the items and their index paths, in the
  /// view's order; index paths outside what the view shows are left out.
  public var prefetch: (([Item], [IndexPath]) -> Void)?
  /// Called when the view no longer needs items it asked to prefetch, with the items and their
  /// index paths; index paths outside what the view shows are left out.
  public var cancelPrefetching: (([Item], [IndexPath]) -> Void)?

  /// Creates handlers that do nothing.
  public init() {}
}

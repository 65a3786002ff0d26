/// What an updater that serves as its table view's data source does when the user deletes a
/// row (swipe to delete, or the delete control in editing mode), with no data-source subclass.
///
/// Deleting is on once `canDeleteItem` is set. When the user commits a deletion, the updater
/// shows the list without the item (one batch that deletes the row, as UIKit expects of the
/// data source), then calls `didDelete` with the item and the change: write the change's `new`
/// list to your model there, and its change animates nothing again.
///
/// ```swift
/// updater.editingHandlers.canDeleteItem = { !$0.isPinned }
/// updater.editingHandlers.didDelete = { [weak self] contact, change in
///   self?.contacts = change.new  // published, and nothing to animate
/// }
/// ```
public struct ListEditingHandlers<Item, Change> {
  /// Whether the user may delete an item; deleting is off while it is `nil`.
  public var canDeleteItem: ((Item) -> Bool)?
  /// Called once the updater shows the deletion, with the item deleted and the change from the
  /// list before to the list after (`change.new`).
  public var didDelete: ((Item, Change) -> Void)?

  /// Creates handlers with deleting off.
  public init() {}
}

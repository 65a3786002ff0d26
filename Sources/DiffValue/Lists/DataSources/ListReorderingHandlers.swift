/// What an updater that serves as its view's data source does when the user drags an item to
/// another place, as Apple's `reorderingHandlers` of a diffable data source.
///
/// Reordering is on once `canReorderItem` is set. When the user drops an item, the updater
/// takes the new order as what the view shows (nothing animates again), then calls
/// `didReorder` with the change: write it to your model there.
///
/// ```swift
/// updater.reorderingHandlers.canReorderItem = { _ in true }
/// updater.reorderingHandlers.didReorder = { [weak self] change in
///   self?.contacts = change.new  // published, and nothing to animate
/// }
/// ```
public struct ListReorderingHandlers<Item, Change> {
  /// Whether the user may move an item; reordering is off while it is `nil`.
  public var canReorderItem: ((Item) -> Bool)?
  /// Called with the change before the updater takes it as shown.
  public var willReorder: ((Change) -> Void)?
  /// Called with the change once the updater shows it: the items before, after, and their diff.
  public var didReorder: ((Change) -> Void)?

  /// Creates handlers with reordering off.
  public init() {}
}

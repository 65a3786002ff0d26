#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps a list view in step with a list: each change becomes an animated batch update that
/// UIKit accepts, with the data swapped inside the batch.
///
/// Make the view's data source read `items`, then bind the updater to a `@Diff` array:
///
/// ```swift
/// @Diff var contacts: [Contact] = []
/// lazy var updater = ListUpdater(view: tableView, items: contacts)
///
/// updater.bind(to: $contacts).store(in: &subscriptions)
/// contacts.append(newContact)   // animates one insert; on the main thread, `items` at once
/// ```
///
/// Visible `ListBindable` cells are re-bound in place, even when their items move; changes
/// that arrive while a batch animates are shown together, in one batch, when it completes; a
/// change larger than `reloadThreshold` operations or one `shouldReload` picks reloads the view
/// instead; while the view is not in a window, batches do not animate (`offWindowUpdates`).
/// Everything happens on the main thread. The updater holds the view, and once it is released
/// no batch starts.
/// <doc:ListsAndBatchUpdates> tells the whole story.
@MainActor
public final class ListUpdater<Item: Diffable> {
  /// The items the view's data source must show.
  public var items: [Item] { queue.shown }

  /// Above this many operations a change reloads the view instead of animating.
  public var reloadThreshold: Int {
    didSet {
      precondition(reloadThreshold >= 0, "ListUpdater: reloadThreshold must not be negative")
    }
  }

  /// How animated batches animate; a change applied with `animated: false` does not.
  public var animation = ListAnimation.automatic

  /// What a change does while the view is not in a window: by default a batch update without
  /// animation; `.reload` reloads the view instead, as IGListKit did before its version 5.
  public var offWindowUpdates = ListOffWindowUpdates.batch

  /// Whether a batch keeps the first visible item where it is on screen, as a chat or a feed
  /// needs when older or newer items arrive above what the user reads (Carbon's
  /// `keepsContentOffset`, anchored on an item rather than on a content offset).
  ///
  /// When `true`, the updater asks the view for its visible items before each batch, takes the
  /// first one the batch keeps, and once the batch has started scrolls the view, without
  /// animation, so that this item is as far below the top of the visible area as it was: the
  /// items inserted or deleted above it move the content above the screen, not what the user
  /// sees. `UITableView`, `UICollectionView` and `NSTableView` in a scroll view do it
  /// (`SimulatedListView` too); `NSCollectionView` and views of your own keep their content
  /// offset unless they implement `scroll(to:)`. A change shown as a reload keeps the content
  /// offset. `false` by default.
  public var keepsFirstVisibleItemInPlace = false

  /// Whether to reload instead of animating a change, besides `reloadThreshold`.
  ///
  /// Like DifferenceKit's `interrupt`, it is asked on the main thread at most once per transition
  /// (not for a change with nothing to do, one over the threshold, or one that reloads
  /// off-window), with the change from what the view shows to the list it must show.
  public var shouldReload: ((ListChange<Item>) -> Bool)?

  /// Called in debug builds with a batch update UIKit would reject, before the view receives it.
  ///
  /// The updater reloads instead. When `nil`, the report is printed.
  public var onInvalidBatch: ((InvalidBatch) -> Void)?

  /// What the updater calls when cells appear and disappear and when the view prefetches, each
  /// with its items, as your delegate reports them to `cellDisplay`.
  public var displayHandlers = ListDisplayHandlers<Item>()
  /// Where your view's delegate reports the cells it displays and the items it prefetches.
  public private(set) lazy var cellDisplay = ListCellDisplay<Item>(
    .init(
      item: { [weak self] in self?.item(at: $0) },
      indexPath: { [weak self] in self?.indexPath(forIdentifier: $0) },
      handlers: { [weak self] in self?.displayHandlers }))
  /// The items whose cells the view displays, in its order, as `cellDisplay` heard of them.
  public var visibleItems: [Item] { cellDisplay.visibleItems }

  /// Called on the main thread with `true` when the view comes to show no item, and with
  /// `false` when it shows items again: show an empty view, or a content-unavailable
  /// configuration, while it is empty.
  ///
  /// Setting it calls it at once with whether the view shows no item now, so that the empty
  /// view is right from the start. After a change it is called once the view has taken the
  /// change (inside the batch's animation, as its rows go or come, or after a reload).
  ///
  /// ```swift
  /// updater.onEmptyChange = { [weak self] isEmpty in
  ///   self?.contentUnavailableConfiguration =
  ///     isEmpty ? UIContentUnavailableConfiguration.empty() : nil
  /// }
  /// ```
  public var onEmptyChange: ((Bool) -> Void)? {
    didSet { onEmptyChange?(items.isEmpty) }
  }

  var queue: ListUpdateQueue<ListUpdater>!
  /// The data source made from a cell provider, and what its view needs kept alive.
  var dataSource: (source: AnyObject, bridge: AnyObject?)?

  /// What the updater does when the user moves an item in the view it serves as data source.
  public var reorderingHandlers = ListReorderingHandlers<Item, ListChange<Item>>()
  /// What the updater does when the user deletes an item in the table view it serves as data
  /// source.
  public var editingHandlers = ListEditingHandlers<Item, ListChange<Item>>()
  /// What the updater does when an item of an outline is expanded or collapsed through it.
  public var sectionSnapshotHandlers = ListSectionSnapshotHandlers<Item>()
  /// The outline last applied, which holds while the list to show is the one it submitted.
  var outlineState: ListOutlineState<Item>?
  /// The index paths of the identifiers shown, for the lookups.
  var lookupTable = ListLookupTable<Item.DiffIdentifier>()
  /// Counts the changes of what the view shows.
  var shownRevision: Int { queue.shownRevision }

  /// Creates an updater for a view that shows `items` now.
  ///
  /// - Parameters:
  ///   - view: The list view; it shows the list in section 0. The updater holds it.
  ///   - items: The items the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  public init(view: any ListView, items: [Item], reloadThreshold: Int = 300) {
    precondition(reloadThreshold >= 0, "ListUpdater: reloadThreshold must not be negative")
    self.reloadThreshold = reloadThreshold
    queue = ListUpdateQueue(view: view, shown: items, planner: self)
  }

  /// Whether a change is being applied; changes applied meanwhile are shown after it, together.
  public var isUpdating: Bool { queue.isBusy }

  /// Shows a change: one batch update, or a reload.
  ///
  /// When no batch is running (and this is not called from inside a completion, where the change
  /// starts once the completion returns), the batch starts at once and `items` is `change.new` when
  /// this returns; otherwise the change waits for the batch in flight, and the view then goes from
  /// what it shows straight to the latest list applied.
  ///
  /// - Parameters:
  ///   - change: A change to a new list. Its diff is used when its `old` list is what the view
  ///     shows; otherwise the updater diffs what the view shows against `change.new`.
  ///   - animated: Whether the batch animates; `false` applies it at once. Changes shown
  ///     together animate only if all of them asked to.
  ///   - changedCells: How cells that are not `ListBindable` show their item's new content:
  ///     reconfigured (the default, where the view can) or reloaded. Changes shown together
  ///     reload if one of them asked to.
  ///   - completion: Called on the main thread once the view shows `change.new`, or a later
  ///     list applied meanwhile.
  /// - Complexity: O(*n* + *m*) to build the batch from the diff; O(*n* + *m*) more to check a
  ///   diff given with `ListChange(old:new:diff:)`, and to diff on the main thread when the
  ///   change does not start from what the view shows or its diff is not of its lists.
  public func apply(
    _ change: ListChange<Item>, animated: Bool = true, changedCells: ListCellRefresh = .reconfigure,
    completion: (() -> Void)? = nil
  ) {
    queue.submit(
      change.new, change: change,
      options: ListSubmission(animated: animated, changedCells: changedCells),
      completion: completion)
  }

  /// Shows `items`, diffing them against what the view shows.
  ///
  /// - Parameters:
  ///   - items: The list to show.
  ///   - animated: Whether the batch animates.
  ///   - changedCells: How cells that are not `ListBindable` show their item's new content:
  ///     reconfigured (the default, where the view can) or reloaded.
  ///   - completion: Called on the main thread once the view shows `items` or a later list.
  /// - Complexity: Expected O(*n* + *m*) on the main thread, for the diff.
  public func show(
    _ items: [Item], animated: Bool = true, changedCells: ListCellRefresh = .reconfigure,
    completion: (() -> Void)? = nil
  ) {
    queue.submit(
      items, change: nil, options: ListSubmission(animated: animated, changedCells: changedCells),
      completion: completion)
  }

  /// Takes `items` as what the view already shows, after a change the user made in the view
  /// itself: a row dragged to another place, a row swiped away and deleted by your data source.
  ///
  /// Call it from the data source callback, before writing the model: when the model's change
  /// then arrives, the view already shows it and nothing is animated again (IGListKit's
  /// `moveObject` path). A batch in flight completes; the changes after it are diffed from
  /// `items`.
  ///
  /// ```swift
  /// override func tableView(
  ///   _ tableView: UITableView, moveRowAt from: IndexPath, to: IndexPath
  /// ) {
  ///   var contacts = self.contacts
  ///   contacts.insert(contacts.remove(at: from.row), at: to.row)
  ///   updater.applyAlreadyShown(contacts)
  ///   self.contacts = contacts   // published, and nothing to animate
  /// }
  /// ```
  ///
  /// - Parameter items: The items the view shows now.
  public func applyAlreadyShown(_ items: [Item]) {
    queue.takeAsShown(items)
  }

  /// Shows every change of a `@Diff` array.
  ///
  /// A change written on the main thread while no batch runs is applied before the write
  /// returns, so the data source is right at once. A change written on another thread is
  /// diffed off the main thread (on the writing thread, or on the relay's drainer when writes
  /// overlap) and applied on the main queue; so is one written on the main thread while
  /// changes from other threads wait, so that they keep their order. Cancelling drops the
  /// changes not yet applied.
  ///
  /// - Parameters:
  ///   - publisher: `$items` of a `@Diff` array property.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread each time the view has shown the changes
  ///     handed to it, after their batch completes.
  /// - Returns: The subscription; cancel it to stop following the property.
  public func bind(
    to publisher: DiffPublisher<[Item]>, animated: Bool = true,
    completion: (() -> Void)? = nil
  ) -> AnyCancellable where Item: Equatable {
    let binding = ListBinding<ListChange<Item>> { [weak self] changes in
      guard let self, let last = changes.last else { return }
      queue.submit(
        last.new, change: last, options: ListSubmission(animated: animated),
        completion: completion)
    }
    return binding.subscribe(to: publisher.listChanges)
  }
}

extension ListUpdater: ListTransitionPlanner {
  typealias ItemIdentifier = Item.DiffIdentifier
  /// A flat list has no sections to refresh: a snapshot's reloaded sections reload their items.
  typealias SectionIdentifier = Never

  func batches(
    from shown: [Item], to target: [Item], reusing change: ListChange<Item>?,
    refreshing refreshes: ListRefreshes<Item.DiffIdentifier, Never>, in view: any ListView
  ) -> [ListBatch<[Item]>]? {
    let diff =
      if let change, sameItems(change.old, shown),
        change.diffIsComputed || change.diff.describes(from: shown, to: target)
      {
        change.diff
      } else {
        ListDiff(old: shown, new: target)
      }
    guard diff.hasChanges || !refreshes.isEmpty else { return [ListBatch(swappingTo: target)] }
    if diff.changeCount > reloadThreshold { return nil }
    if let shouldReload, shouldReload(ListChange(old: shown, new: target, diff: diff)) {
      return nil
    }
    var batch = ListBatch(diff, data: target)
    if !refreshes.isEmpty { batch.refresh(refreshes.items, of: shown, diff: diff) }
    return [batch]
  }

  func item(at indexPath: IndexPath, in data: [Item]) -> Any { data[indexPath[1]] }

  func violation(
    of update: BatchUpdate, from shown: [Item], to data: [Item],
    refreshed: [(from: IndexPath, to: IndexPath)],
    sectionRebinds: [ListBatch<[Item]>.SectionRebind]
  ) -> BatchUpdateViolation? {
    var before = shown
    for cell in refreshed { before[cell.from[1]] = data[cell.to[1]] }
    return batchViolation(
      update, old: [ListSection(0, items: before)], new: [ListSection(0, items: data)])
  }

  func data(
    _ data: [Item], keepingOldItems kept: [ListBatch<[Item]>.ChangedItem], of shown: [Item]
  ) -> [Item] {
    var data = data
    for item in kept { data[item.to[1]] = shown[item.from[1]] }
    return data
  }

  func report(_ invalidBatch: InvalidBatch) {
    if let onInvalidBatch {
      onInvalidBatch(invalidBatch)
    } else {
      print("ListUpdater: \(invalidBatch)")
    }
  }

  func isEmpty(_ data: [Item]) -> Bool { data.isEmpty }

  func shownEmptinessDidChange(isEmpty: Bool) { onEmptyChange?(isEmpty) }
}

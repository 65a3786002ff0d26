#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ListUpdater {
  /// Creates an updater that also serves as the view's data source: its cells come from
  /// `cellProvider`, its headers and footers from `supplementaryViewProvider`, and nobody
  /// writes a data-source method (Apple's `UITableViewDiffableDataSource(tableView:cellProvider:)`).
  ///
  /// ```swift
  /// lazy var updater = ListUpdater(view: tableView, items: contacts) { tableView, indexPath, contact in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
  ///   cell.textLabel?.text = contact.name
  ///   return cell
  /// }
  /// ```
  ///
  /// A `ListBindable` cell is still re-bound in place; any other cell is reconfigured, which
  /// calls `cellProvider` again for the same cell, or reloaded.
  ///
  /// - Parameters:
  ///   - view: The list view; it shows the list in section 0. The updater holds it, and becomes
  ///     its data source.
  ///   - items: The items the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  ///   - supplementaryViewProvider: Makes section 0's header and footer: a table view's
  ///     titles, a collection view's supplementary views (`kind` is
  ///     `ListSupplementaryKind.header`, `.footer`, or one of the layout's). Called on the main
  ///     thread when the view asks.
  ///   - cellProvider: Makes the cell for an item at an index path. Called on the main thread
  ///     when the view asks, inside batches included.
  public convenience init<View: CellProvidingListView>(
    view: View, items: [Item], reloadThreshold: Int = 300,
    supplementaryViewProvider: (
      @MainActor (View, _ kind: String, IndexPath) -> View.SupplementaryView?
    )? = nil,
    cellProvider: @escaping @MainActor (View, IndexPath, Item) -> View.Cell
  ) {
    self.init(view: view, items: items, reloadThreshold: reloadThreshold)
    let source = ListDataSource<View.Cell, View.SupplementaryView>(
      ListDataSource.Answers(
        numberOfSections: { 1 },
        numberOfItems: { [weak self] section in section == 0 ? self?.items.count ?? 0 : 0 },
        cell: { [weak self, weak view] indexPath in
          guard let view, let item = self?.item(at: indexPath) else { return nil }
          return cellProvider(view, indexPath, item)
        },
        item: { [weak self] indexPath in self?.item(at: indexPath) },
        section: { _ in nil },
        supplementaryView: supplementaryViewProvider.map { provider in
          { [weak view] kind, indexPath in view.flatMap { provider($0, kind, indexPath) } }
        },
        canMoveItem: { [weak self] indexPath in self?.canMoveItem(at: indexPath) ?? false },
        moveItem: { [weak self] from, to in self?.moveItem(from: from, to: to) },
        canDeleteItem: { [weak self] indexPath in self?.canDeleteItem(at: indexPath) },
        deleteItem: { [weak self] indexPath in self?.deleteItem(at: indexPath) }))
    dataSource = (source, view.useListDataSource(source))
  }

  /// Creates an updater that also serves as the data source of a view of rows and columns: each
  /// row's cell views come from `cellProvider`, one per column, its row view from
  /// `rowViewProvider` (Apple's `NSTableViewDiffableDataSource(tableView:cellProvider:)` and its
  /// `rowViewProvider`).
  ///
  /// ```swift
  /// lazy var updater = ListUpdater(view: tableView, items: contacts) {
  ///   tableView, column, row, contact in
  ///   let view = tableView.makeView(withIdentifier: column.identifier, owner: nil) as? ContactView
  ///     ?? ContactView()
  ///   view.bindViewModel(contact)
  ///   return view
  /// }
  /// ```
  ///
  /// A `ListBindable` cell view is still re-bound in place; any other row is reloaded when its
  /// item changes, which calls `cellProvider` again.
  ///
  /// - Parameters:
  ///   - view: The list view; it shows the list as its rows. The updater holds it, and becomes
  ///     its data source.
  ///   - items: The items the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  ///   - rowViewProvider: Makes the view that holds a row's cell views; without it (or when it
  ///     returns `nil`) the view makes its own. Called on the main thread when the view asks.
  ///   - cellProvider: Makes the cell view for an item in a column at a row. Called on the main
  ///     thread when the view asks, inside batches included.
  public convenience init<View: RowProvidingListView>(
    view: View, items: [Item], reloadThreshold: Int = 300,
    rowViewProvider: (@MainActor (View, _ row: Int, Item) -> View.RowView?)? = nil,
    cellProvider: @escaping @MainActor (View, View.Column, _ row: Int, Item) -> View.CellView
  ) {
    self.init(view: view, items: items, reloadThreshold: reloadThreshold)
    let source = ListRowDataSource<View.Column, View.CellView, View.RowView>(
      ListRowDataSource.Answers(
        numberOfRows: { [weak self] in self?.items.count ?? 0 },
        item: { [weak self] row in self?.item(at: IndexPath(indexes: [0, row])) },
        cellView: { [weak self, weak view] column, row in
          guard let view, let item = self?.item(at: IndexPath(indexes: [0, row])) else {
            return nil
          }
          return cellProvider(view, column, row, item)
        },
        rowView: rowViewProvider.map { provider in
          { [weak self, weak view] row in
            guard let view, let item = self?.item(at: IndexPath(indexes: [0, row])) else {
              return nil
            }
            return provider(view, row, item)
          }
        },
        canMoveRow: { [weak self] row in
          self?.canMoveItem(at: IndexPath(indexes: [0, row])) ?? false
        },
        moveRow: { [weak self] from, to in
          self?.moveItem(from: IndexPath(indexes: [0, from]), to: IndexPath(indexes: [0, to]))
          return true
        }))
    dataSource = (source, view.useListRowDataSource(source))
  }

  /// Whether the user may move the item at an index path.
  private func canMoveItem(at indexPath: IndexPath) -> Bool {
    guard let canReorderItem = reorderingHandlers.canReorderItem, let item = item(at: indexPath)
    else { return false }
    return canReorderItem(item)
  }

  /// Whether the user may delete the item at an index path; `nil` while deleting is off.
  private func canDeleteItem(at indexPath: IndexPath) -> Bool? {
    guard let canDeleteItem = editingHandlers.canDeleteItem else { return nil }
    guard let item = item(at: indexPath) else { return false }
    return canDeleteItem(item)
  }

  /// Shows the items without the one the user deleted, and reports it to the editing handlers.
  ///
  /// - Complexity: O(*n*), and a diff.
  private func deleteItem(at indexPath: IndexPath) {
    guard canDeleteItem(at: indexPath) == true, let item = item(at: indexPath) else { return }
    var new = items
    new.remove(at: indexPath[1])
    let change = ListChange(old: items, new: new)
    apply(change)
    editingHandlers.didDelete?(item, change)
  }

  /// Takes the user's move as shown and reports it to the reordering handlers.
  ///
  /// - Parameters:
  ///   - from: The item's index path before the move.
  ///   - to: Its index path after it.
  /// - Complexity: O(*n*), and a diff of the two orders.
  func moveItem(from: IndexPath, to: IndexPath) {
    let old = items
    guard from.count == 2, to.count == 2, from[0] == 0, to[0] == 0,
      old.indices.contains(from[1]), old.indices.contains(to[1])
    else { return }  // not a move within what is shown: nothing to take
    var new = old
    new.insert(new.remove(at: from[1]), at: to[1])
    let change = ListChange(old: old, new: new)
    reorderingHandlers.willReorder?(change)
    applyAlreadyShown(new)
    reorderingHandlers.didReorder?(change)
  }
}

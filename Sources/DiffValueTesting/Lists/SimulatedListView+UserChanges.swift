import DiffValue

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SimulatedListView {
  /// Moves a row as the user does by dragging it: the view shows the move at once, before
  /// any data source changes, keeping the row's cell.
  ///
  /// - Parameters:
  ///   - from: The row's index path.
  ///   - to: Its index path after the move; a position the row cannot take there is recorded
  ///     in ``problems`` and nothing moves.
  public func simulateUserMove(from: IndexPath, to: IndexPath) {
    guard contains(from), to.count == 2, shown.indices.contains(to[0]),
      // The row leaves its section before it lands: one place fewer there.
      (0...shown[to[0]].items.count - (to[0] == from[0] ? 1 : 0)).contains(to[1])
    else {
      return problems.append("the user cannot move \(from) to \(to)")
    }
    if let listDataSource, !listDataSource.canMoveItem(at: from) {
      return problems.append("the data source does not let the user move \(from)")
    }
    moveShownItem(from: from, to: to)
    listDataSource?.moveItem(from: from, to: to)  // as UIKit calls moveRowAt
  }

  /// Drops an item before another as the user does on AppKit's `NSCollectionView`, whose
  /// updater is its data source: the data source takes the drop first (the collection view
  /// moves nothing by itself), then the view shows the move it returns, keeping the cell.
  ///
  /// - Parameters:
  ///   - from: The dragged item's index path.
  ///   - proposed: The index path it is dropped before, counted before the move (the item
  ///     count of a section drops it at the end).
  public func simulateUserDrop(from: IndexPath, before proposed: IndexPath) {
    guard let listDataSource else {
      return problems.append("a drop needs an updater serving as the data source")
    }
    guard contains(from), from[1] < shown[from[0]].items.count else {
      return problems.append("the user cannot drag \(from)")
    }
    guard listDataSource.canMoveItem(at: from) else {
      return problems.append("the data source does not let the user drag \(from)")
    }
    // As the delegate's acceptDrop: the data first, then the view's moveItem(at:to:).
    guard let to = listDataSource.moveItem(from: from, droppedBefore: proposed) else { return }
    moveShownItem(from: from, to: to)
  }

  /// Drops a row above another as the user does on AppKit's `NSTableView`, whose updater is its
  /// data source: the data source takes the drop first (the table view moves nothing by itself),
  /// then the view shows the move it returns, keeping the row's cell.
  ///
  /// - Parameters:
  ///   - row: The dragged row.
  ///   - proposedRow: The row it is dropped above, counted before the move (the row count drops
  ///     it at the end).
  public func simulateUserDrop(fromRow row: Int, aboveRow proposedRow: Int) {
    guard let listRowDataSource else {
      return problems.append("a row drop needs an updater serving as the row data source")
    }
    // A sectioned list's rows are its headers and items: the row's index path.
    let rows = listRowDataSource.groupRows
    let from: IndexPath
    if let rows {
      guard case .item(let indexPath) = rows.content(ofRow: row), contains(indexPath) else {
        return problems.append("the user cannot drag row \(row)")
      }
      from = indexPath
    } else {
      from = IndexPath(indexes: [0, row])
    }
    guard contains(from) else { return problems.append("the user cannot drag row \(row)") }
    guard listRowDataSource.canMoveRow(row) else {
      return problems.append("the data source does not let the user drag row \(row)")
    }
    // As the data source's acceptDrop: the data first, then the view's moveRow(at:to:).
    guard let to = listRowDataSource.moveRow(row, droppedAbove: proposedRow) else { return }
    guard rows != nil else { return moveShownItem(from: from, to: IndexPath(indexes: [0, to])) }
    guard case .item(let destination) = listRowDataSource.groupRows?.content(ofRow: to) else {
      return problems.append("row \(to), where the data source moved row \(row), is no item")
    }
    moveShownItem(from: from, to: destination)
  }

  /// Moves an item and its cell in what the view shows.
  private func moveShownItem(from: IndexPath, to: IndexPath) {
    let item = shown[from[0]].items.remove(at: from[1])
    let cell = cellIdentities[from[0]].remove(at: from[1])
    shown[to[0]].items.insert(item, at: to[1])
    cellIdentities[to[0]].insert(cell, at: to[1])
    cellPositions = nil
  }

  /// Removes a row as a swipe-to-delete does once the data source deletes it: the view shows
  /// the deletion at once.
  ///
  /// - Parameter indexPath: The row's index path.
  public func simulateUserDelete(at indexPath: IndexPath) {
    guard contains(indexPath) else {
      return problems.append("the user cannot delete \(indexPath)")
    }
    shown[indexPath[0]].items.remove(at: indexPath[1])
    cellIdentities[indexPath[0]].remove(at: indexPath[1])
    cellPositions = nil
  }

  /// Deletes a row as the user does with swipe to delete, on a view whose updater is its data
  /// source: the view asks whether the row is editable, then commits the deletion to the data
  /// source, whose batch removes the row.
  ///
  /// - Parameter indexPath: The row's index path; a row the data source does not let the user
  ///   delete is recorded in ``problems`` and stays.
  public func simulateSwipeToDelete(at indexPath: IndexPath) {
    guard contains(indexPath), let listDataSource, canEditRow(at: indexPath, isEditing: false)
    else {
      return problems.append("the user cannot swipe \(indexPath) away")
    }
    listDataSource.deleteItem(at: indexPath)  // as UIKit calls commit editingStyle: .delete
  }

  /// Whether the data source lets the row at an index path be edited, as a table view asks it
  /// (`canEditRowAt`); `true` without an updater as data source, UIKit's default.
  ///
  /// - Parameters:
  ///   - indexPath: The row's index path.
  ///   - isEditing: Whether the view is in editing mode.
  /// - Returns: Whether the row is editable.
  public func canEditRow(at indexPath: IndexPath, isEditing: Bool) -> Bool {
    listDataSource?.canEditItem(at: indexPath, isEditing: isEditing) ?? true
  }

  /// The titles of the section index the data source gives, as a table view shows them.
  public var sectionIndexTitles: [String]? { listDataSource?.sectionIndexTitles }

  /// The section the view goes to when the user taps a section index title.
  ///
  /// - Parameter index: The title's index in `sectionIndexTitles`.
  /// - Returns: The section's index, or `nil` without an updater as data source.
  public func section(forSectionIndexTitleAt index: Int) -> Int? {
    listDataSource?.section(forSectionIndexTitleAt: index)
  }
}

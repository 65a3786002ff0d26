#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SectionedListUpdater {
  /// Creates an updater that also serves as the data source of a view of rows and columns, for
  /// sections: each section shows as its header, a group row made by
  /// `sectionHeaderViewProvider`, followed by its items, whose cell views come from
  /// `cellProvider` (Apple's `NSTableViewDiffableDataSource` with its
  /// `sectionHeaderViewProvider`).
  ///
  /// ```swift
  /// lazy var updater = SectionedListUpdater(
  ///   view: tableView, sections: groups,
  ///   sectionHeaderViewProvider: { tableView, row, group in HeaderView(title: group.model.name) },
  ///   cellProvider: { tableView, column, row, contact in ContactView(contact) })
  /// ```
  ///
  /// Rows count headers and items together: `indexPath(for:)` and `item(at:)` speak in index
  /// paths, as for any sectioned view. NSTableView shows each header as a group row (its
  /// delegate's `tableView(_:isGroupRow:)`: the updater's bridge answers it, or a delegate of
  /// yours asks the updater), and every change of sections and items as one batch of row
  /// removals, moves and insertions.
  ///
  /// - Parameters:
  ///   - view: The list view; it shows the sections as its rows. The updater holds it, and
  ///     becomes its data source.
  ///   - sections: The sections the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  ///   - rowViewProvider: Makes the view that holds an item's row; without it (or when it
  ///     returns `nil`), and for the headers, the view makes its own.
  ///   - sectionHeaderViewProvider: Makes the view of a section's header, given its row and
  ///     the section. Called on the main thread when the view asks.
  ///   - cellProvider: Makes the cell view for an item in a column at a row. Called on the main
  ///     thread when the view asks, inside batches included.
  public convenience init<View: RowProvidingListView>(
    view: View, sections: [Section], reloadThreshold: Int = 300,
    rowViewProvider: (@MainActor (View, _ row: Int, Section.Item) -> View.RowView?)? = nil,
    sectionHeaderViewProvider: @escaping @MainActor (View, _ row: Int, Section) -> View.CellView?,
    cellProvider:
      @escaping @MainActor (View, View.Column, _ row: Int, Section.Item) ->
      View.CellView
  ) {
    self.init(view: view, sections: sections, reloadThreshold: reloadThreshold)
    let rows = GroupRowsCache()
    let groupRows = { [weak self] () -> ListGroupRows in
      guard let self else { return ListGroupRows(itemCounts: []) }
      return rows.rows(for: self)
    }
    let item = { [weak self] (row: Int) -> Section.Item? in
      guard case .item(let indexPath) = groupRows().content(ofRow: row) else { return nil }
      return self?.item(at: indexPath)
    }
    let source = ListRowDataSource<View.Column, View.CellView, View.RowView>(
      ListRowDataSource.Answers(
        numberOfRows: { groupRows().count },
        item: { item($0) },
        cellView: { [weak view] column, row in
          guard let view, let item = item(row) else { return nil }
          return cellProvider(view, column, row, item)
        },
        rowView: rowViewProvider.map { provider in
          { [weak view] row in
            guard let view, let item = item(row) else { return nil }
            return provider(view, row, item)
          }
        },
        canMoveRow: { [weak self] row in
          guard case .item(let indexPath) = groupRows().content(ofRow: row) else { return false }
          return self?.canMoveItem(at: indexPath) ?? false
        },
        moveRow: { [weak self] from, to in self?.moveRow(from, to: to, in: groupRows()) ?? false },
        groupRows: groupRows,
        section: { [weak self] index in
          guard let sections = self?.sections, sections.indices.contains(index) else {
            return nil
          }
          return sections[index]
        },
        headerView: { [weak self, weak view] row in
          guard let view, let sections = self?.sections,
            case .header(let section) = groupRows().content(ofRow: row),
            sections.indices.contains(section)
          else { return nil }
          return sectionHeaderViewProvider(view, row, sections[section])
        }))
    dataSource = (source, view.useListRowDataSource(source))
  }

  /// Takes the user's move of a row to another, counted with the row taken out, as shown.
  ///
  /// - Returns: `false` when the row holds no item, or the destination is above every section.
  private func moveRow(_ from: Int, to destination: Int, in rows: ListGroupRows) -> Bool {
    guard case .item(let source) = rows.content(ofRow: from), destination > 0 else { return false }
    // The rows without the dragged one; the item goes right after the row above `destination`.
    var counts = (0..<rows.sectionCount).map { rows.itemCount(inSection: $0) }
    counts[source[0]] -= 1
    let target: IndexPath
    switch ListGroupRows(itemCounts: counts).content(ofRow: destination - 1) {
    case .header(let section): target = IndexPath(indexes: [section, 0])
    case .item(let above): target = IndexPath(indexes: [above[0], above[1] + 1])
    case nil: return false
    }
    moveItem(from: source, to: target)
    return true
  }
}

/// The rows of an updater's sections, made again only when what the view shows changed.
@MainActor
private final class GroupRowsCache {
  private var cached: (revision: Int, rows: ListGroupRows)?

  func rows<Section>(for updater: SectionedListUpdater<Section>) -> ListGroupRows {
    if let cached, cached.revision == updater.shownRevision { return cached.rows }
    let rows = ListGroupRows(itemCounts: updater.sections.map(\.items.count))
    cached = (updater.shownRevision, rows)
    return rows
  }
}

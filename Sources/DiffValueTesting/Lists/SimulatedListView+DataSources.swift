import DiffValue

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SimulatedListView: CellProvidingListView {
  /// The cells a cell provider makes: `SimulatedCell`s, from `dequeueCell(for:)`.
  public typealias Cell = SimulatedCell
  /// The headers and footers a supplementary-view provider makes: `SimulatedCell`s too.
  public typealias SupplementaryView = SimulatedCell

  /// Takes `source` as the data source: the view's data is then what it answers (each
  /// section's value from `source.section(at:)` when it is a `ListSection` of this view's
  /// types or a `Model`, the first section's model for a flat list), and its cells come from
  /// the cell provider.
  public func useListDataSource(_ source: ListDataSource<SimulatedCell, SimulatedCell>)
    -> AnyObject?
  {
    listDataSource = source
    let flatModel = shown.first?.model
    dataSource = { [unowned source] in
      (0..<source.numberOfSections).compactMap { index -> ListSection<Model, Item>? in
        let value = source.section(at: index)
        guard
          let model = (value as? ListSection<Model, Item>)?.model ?? value as? Model ?? flatModel
        else { return nil }
        let items = (0..<source.numberOfItems(inSection: index)).compactMap {
          source.item(at: IndexPath(indexes: [index, $0])) as? Item
        }
        return ListSection(model, items: items)
      }
    }
    return nil
  }

  /// The cell shown at an index path, made by the cell provider the first time it is asked for,
  /// as a table view makes a cell when it comes on screen.
  ///
  /// - Parameter indexPath: An index path of what the view shows.
  /// - Returns: The cell, or `nil` outside what is shown or without a cell provider.
  public func cell(at indexPath: IndexPath) -> SimulatedCell? {
    guard contains(indexPath), let listDataSource else { return nil }
    if let cell = providedCells[cellIdentities[indexPath[0]][indexPath[1]]] { return cell }
    return listDataSource.cell(at: indexPath)
  }

  /// The header or footer of a section, from the supplementary-view provider.
  ///
  /// - Parameters:
  ///   - kind: `ListSupplementaryKind.header` or `.footer`.
  ///   - section: A section shown.
  /// - Returns: What the provider returns, or `nil`.
  public func supplementaryView(ofKind kind: String, inSection section: Int) -> SimulatedCell? {
    guard shown.indices.contains(section) else { return nil }
    return listDataSource?.supplementaryView(
      ofKind: kind, at: IndexPath(indexes: [section, 0]))
  }

  /// The cell for a cell provider to configure: the one shown at the index path if there is one
  /// (a reconfigure), a new one otherwise.
  ///
  /// - Parameter indexPath: The index path the cell provider was given.
  /// - Returns: The cell.
  public func dequeueCell(for indexPath: IndexPath) -> SimulatedCell {
    let identity = contains(indexPath) ? cellIdentities[indexPath[0]][indexPath[1]] : nil
    let cell = identity.flatMap { providedCells[$0] } ?? SimulatedCell()
    if let identity { providedCells[identity] = cell }
    cell.configurationCount += 1
    return cell
  }

  /// A new header or footer for a supplementary-view provider to configure.
  public func dequeueSupplementaryView() -> SimulatedCell { SimulatedCell() }
}

extension SimulatedListView: RowProvidingListView {
  /// The columns of a simulated view of rows: their indexes.
  public typealias Column = Int
  /// The cell views a row-and-column cell provider makes: `SimulatedCell`s, from
  /// `dequeueCellView()`.
  public typealias CellView = SimulatedCell
  /// The row views a row-view provider makes: `SimulatedCell`s too.
  public typealias RowView = SimulatedCell

  /// Takes `source` as the data source, as an `NSTableView` would: the view's data is then one
  /// section of its rows (named as the first section shown now), or, for a sectioned list, its
  /// sections (each section's value from `source`, as for ``useListDataSource(_:)``), and its
  /// cell views come from the cell provider.
  public func useListRowDataSource(
    _ source: ListRowDataSource<Int, SimulatedCell, SimulatedCell>
  ) -> AnyObject? {
    listRowDataSource = source
    let flatModel = shown.first?.model
    dataSource = { [unowned source] in
      if let rows = source.groupRows {
        return (0..<rows.sectionCount).compactMap { index -> ListSection<Model, Item>? in
          let value = source.section(at: index)
          guard let model = (value as? ListSection<Model, Item>)?.model ?? value as? Model
          else { return nil }
          let items = (0..<rows.itemCount(inSection: index)).compactMap {
            source.item(atRow: rows.headerRow(ofSection: index) + 1 + $0) as? Item
          }
          return ListSection(model, items: items)
        }
      }
      guard let flatModel else { return [] }
      let items = (0..<source.numberOfRows).compactMap { source.item(atRow: $0) as? Item }
      return [ListSection(flatModel, items: items)]
    }
    return nil
  }

  /// The cell view of a row in a column, made by the cell provider, as a table view asks for it
  /// when the row comes on screen.
  ///
  /// - Parameters:
  ///   - column: A column index.
  ///   - row: A row of what the view shows.
  /// - Returns: The cell view, or `nil` outside what is shown or without a cell provider.
  public func cellView(forColumn column: Int, row: Int) -> SimulatedCell? {
    guard let source = listRowDataSource else { return nil }
    if source.groupRows == nil {
      guard contains(IndexPath(indexes: [0, row])) else { return nil }
    }
    return source.cellView(for: column, row: row)
  }

  /// The view of a section's header at its row, from the section-header provider, as a table
  /// view asks for a group row's view.
  ///
  /// - Parameter row: A row of what the view shows.
  /// - Returns: The view, or `nil` for a row that is not a section's header.
  public func headerView(forRow row: Int) -> SimulatedCell? {
    listRowDataSource?.headerView(forRow: row)
  }

  /// The row view of a row, from the row-view provider.
  ///
  /// - Parameter row: A row of what the view shows.
  /// - Returns: What the provider returns, or `nil`.
  public func rowView(forRow row: Int) -> SimulatedCell? {
    guard let source = listRowDataSource else { return nil }
    if source.groupRows == nil {
      guard contains(IndexPath(indexes: [0, row])) else { return nil }
    }
    return source.rowView(forRow: row)
  }

  /// A new cell view for a row-and-column cell provider (or a row view for a row-view provider)
  /// to configure.
  public func dequeueCellView() -> SimulatedCell {
    let cell = SimulatedCell()
    cell.configurationCount += 1
    return cell
  }
}

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UITableView: CellProvidingListView {
    /// The cells of a table view.
    public typealias Cell = UITableViewCell
    /// The supplementary "views" of a table view's data source: a section's header and footer
    /// titles (`tableView(_:titleForHeaderInSection:)`); header and footer views come from the
    /// table view's delegate.
    public typealias SupplementaryView = String

    /// Sets the table view's `dataSource` to a bridge that asks `source`; the updater keeps it
    /// (`dataSource` is weak).
    public func useListDataSource(
      _ source: ListDataSource<Cell, SupplementaryView>
    ) -> AnyObject? {
      let bridge = TableViewListDataSource(source)
      dataSource = bridge
      return bridge
    }
  }

  /// A table view's data source that asks an updater's `ListDataSource`.
  @MainActor
  final class TableViewListDataSource: NSObject, UITableViewDataSource {
    let source: ListDataSource<UITableViewCell, String>

    init(_ source: ListDataSource<UITableViewCell, String>) { self.source = source }

    func numberOfSections(in tableView: UITableView) -> Int { source.numberOfSections }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      source.numberOfItems(inSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      guard let cell = source.cell(at: indexPath) else {
        preconditionFailure(
          "ListUpdater: the table view asked for a cell at \(indexPath), "
            + "outside what it shows")
      }
      return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      source.supplementaryView(
        ofKind: ListSupplementaryKind.header, at: IndexPath(row: 0, section: section))
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      source.supplementaryView(
        ofKind: ListSupplementaryKind.footer, at: IndexPath(row: 0, section: section))
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      source.canMoveItem(at: indexPath)
    }

    func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      source.moveItem(from: sourceIndexPath, to: destinationIndexPath)
    }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      source.canEditItem(at: indexPath, isEditing: tableView.isEditing)
    }

    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      if editingStyle == .delete { source.deleteItem(at: indexPath) }
    }

    #if !os(tvOS)
      func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        source.sectionIndexTitles
      }

      func tableView(
        _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
      ) -> Int {
        source.section(forSectionIndexTitleAt: index)
      }
    #endif
  }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  @testable import DiffValue
  import ListScenarios

  /// A table view's cell view that shows its item's text.
  final class ScenarioCellView: NSView, ShowsText { var shownText = "" }

  /// A collection view item that shows its item's text, its view made in code.
  final class ScenarioCollectionItem: NSCollectionViewItem, ShowsText {
    var shownText = ""

    override func loadView() { view = NSView() }
  }

  extension RealListScenarioHost {
    /// A window of the scenarios' size, showing a view.
    static func scenarioWindow(showing view: NSView) -> NSWindow {
      let window = NSWindow(
        contentRect: scenarioFrame, styleMask: [.titled], backing: .buffered, defer: false)
      window.contentView = view
      return window
    }

    /// An `NSTableView` of one column in a window, whose updater's cell views are
    /// `ScenarioCellView`s; it shows flat lists.
    ///
    /// The user's move: the updater's bridge takes the drop (as its `acceptDrop` does once
    /// AppKit has validated it), then the table view moves the row.
    static func tableView(for scenario: ListScenario) -> RealListScenarioHost {
      let tableView = NSTableView()
      tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("item")))
      let window = scenarioWindow(showing: tableView)
      let updater = ListScenarioUpdater.make(view: tableView, scenario: scenario) {
        showing($3, in: ScenarioCellView())
      }
      let view = RealListView(
        window: window, layout: { tableView.layoutSubtreeIfNeeded() },
        counts: { [tableView.numberOfRows] },
        text: { indexPath in
          let cellView = tableView.view(atColumn: 0, row: indexPath[1], makeIfNecessary: true)
          return (cellView as? any ShowsText)?.shownText
        },
        moveAsTheUser: { from, to in
          let bridge = tableView.dataSource as? TableViewListDataSource
          let proposed = dropPosition(from: from, to: to)[1]
          guard let row = bridge?.source.moveRow(from[1], droppedAbove: proposed) else { return }
          tableView.moveRow(at: from[1], to: row)
        },
        leaveWindow: { tableView.removeFromSuperview() })
      return RealListScenarioHost(view, updater: updater)
    }

    /// An `NSCollectionView` with a flow layout in a window, whose updater's items are
    /// `ScenarioCollectionItem`s.
    ///
    /// The user's move: as for a table view, through the collection view's bridge.
    static func collectionView(for scenario: ListScenario) -> RealListScenarioHost {
      let identifier = NSUserInterfaceItemIdentifier("item")
      let collectionView = NSCollectionView()
      collectionView.collectionViewLayout = NSCollectionViewFlowLayout()
      collectionView.register(ScenarioCollectionItem.self, forItemWithIdentifier: identifier)
      let updater = ListScenarioUpdater.make(view: collectionView, scenario: scenario) {
        showing($2, in: $0.makeItem(withIdentifier: identifier, for: $1))
      }
      return RealListScenarioHost(
        RealListView(
          window: scenarioWindow(showing: collectionView),
          layout: { collectionView.layoutSubtreeIfNeeded() },
          counts: {
            let sections = 0..<collectionView.numberOfSections
            return sections.map { collectionView.numberOfItems(inSection: $0) }
          },
          text: { (collectionView.item(at: $0) as? any ShowsText)?.shownText },
          moveAsTheUser: { from, to in
            let bridge = collectionView.dataSource as? CollectionViewListDataSource
            let proposed = dropPosition(from: from, to: to)
            guard let destination = bridge?.source.moveItem(from: from, droppedBefore: proposed)
            else { return }
            collectionView.moveItem(at: from, to: destination)
          },
          leaveWindow: { collectionView.removeFromSuperview() }),
        updater: updater)
    }
  }
#endif

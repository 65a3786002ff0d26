#if canImport(UIKit) && !os(watchOS)
  @testable import DiffValue
  import ListScenarios
  import UIKit

  /// Cells that show their item's text.
  final class ScenarioTableCell: UITableViewCell, ShowsText { var shownText = "" }
  final class ScenarioCollectionCell: UICollectionViewCell, ShowsText { var shownText = "" }

  extension RealListScenarioHost {
    /// A window of the scenarios' size, showing a view.
    static func scenarioWindow(showing view: UIView) -> UIWindow {
      let window = UIWindow(frame: scenarioFrame)
      window.addSubview(view)
      window.isHidden = false
      return window
    }

    /// A `UITableView` in a window, whose updater's cells are `ScenarioTableCell`s.
    ///
    /// The user's move: the data source (the updater's bridge) hears of it as UIKit tells it,
    /// and the table view moves the row, without animation, as a drag leaves it.
    static func tableView(for scenario: ListScenario) -> RealListScenarioHost {
      let tableView = UITableView(frame: scenarioFrame, style: .plain)
      tableView.register(ScenarioTableCell.self, forCellReuseIdentifier: "item")
      let updater = ListScenarioUpdater.make(view: tableView, scenario: scenario) {
        showing($2, in: $0.dequeueReusableCell(withIdentifier: "item", for: $1))
      }
      let view = RealListView(
        window: scenarioWindow(showing: tableView), layout: { tableView.layoutIfNeeded() },
        counts: { (0..<tableView.numberOfSections).map { tableView.numberOfRows(inSection: $0) } },
        text: { (tableView.cellForRow(at: $0) as? any ShowsText)?.shownText },
        moveAsTheUser: { from, to in
          (tableView.dataSource as? TableViewListDataSource)?
            .tableView(tableView, moveRowAt: from, to: to)
          UIView.performWithoutAnimation { tableView.moveRow(at: from, to: to) }
        },
        leaveWindow: { tableView.removeFromSuperview() })
      return RealListScenarioHost(view, updater: updater)
    }

    /// A `UICollectionView` with a flow layout in a window, whose updater's cells are
    /// `ScenarioCollectionCell`s.
    ///
    /// The user's move: as for a table view, through the collection view's data source.
    static func collectionView(for scenario: ListScenario) -> RealListScenarioHost {
      let collectionView = UICollectionView(
        frame: scenarioFrame, collectionViewLayout: UICollectionViewFlowLayout())
      collectionView.register(ScenarioCollectionCell.self, forCellWithReuseIdentifier: "item")
      return RealListScenarioHost(
        RealListView(
          window: scenarioWindow(showing: collectionView),
          layout: { collectionView.layoutIfNeeded() },
          counts: {
            (0..<collectionView.numberOfSections).map {
              collectionView.numberOfItems(inSection: $0)
            }
          },
          text: { (collectionView.cellForItem(at: $0) as? any ShowsText)?.shownText },
          moveAsTheUser: { from, to in
            let bridge = collectionView.dataSource as? CollectionViewListDataSource
            bridge?.collectionView(collectionView, moveItemAt: from, to: to)
            UIView.performWithoutAnimation { collectionView.moveItem(at: from, to: to) }
          },
          leaveWindow: { collectionView.removeFromSuperview() }),
        updater: .make(view: collectionView, scenario: scenario) {
          showing($2, in: $0.dequeueReusableCell(withReuseIdentifier: "item", for: $1))
        })
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
  import DiffValue
  import Foundation
  import ListScenarios

  /// The real list views the list scenarios are replayed on: UIKit's table and collection views
  /// on iOS, AppKit's on macOS.
  enum RealListViewKind: String, CaseIterable, Sendable, CustomStringConvertible {
    #if canImport(UIKit) && !os(watchOS)
      case tableView = "UITableView"
      case collectionView = "UICollectionView with a flow layout"
    #else
      case tableView = "NSTableView"
      case collectionView = "NSCollectionView with a flow layout"
    #endif

    var description: String { rawValue }

    /// Each view with each scenario it can show.
    static var allScenarios: [(RealListViewKind, ListScenario)] {
      allCases.flatMap { kind in kind.corpus.map { (kind, $0) } }
    }

    /// The scenarios the view can show: a table view of AppKit shows one section.
    var corpus: [ListScenario] {
      #if canImport(UIKit) && !os(watchOS)
        ListScenario.corpus
      #else
        self == .tableView ? ListScenario.flatCorpus : ListScenario.corpus
      #endif
    }

    /// Whether the view reconfigures changed cells in place (UIKit's views) or has them
    /// reloaded (AppKit's).
    var reconfiguresCells: Bool {
      #if canImport(UIKit) && !os(watchOS)
        true
      #else
        false
      #endif
    }

    /// Makes the view, in a window, with the updater the scenario needs as its data source.
    @MainActor
    func makeHost(for scenario: ListScenario) -> RealListScenarioHost {
      switch self {
      case .tableView: .tableView(for: scenario)
      case .collectionView: .collectionView(for: scenario)
      }
    }
  }

  /// What a scenario needs of a real list view, besides the updater: each view's own calls.
  @MainActor
  struct RealListView {
    /// The window the view is in, kept as long as the view.
    var window: AnyObject
    /// Lays the view out, so that it shows its cells.
    var layout: () -> Void
    /// The number of items the view shows in each section.
    var counts: () -> [Int]
    /// The text of the view's cell at an index path, if the view has the cell.
    var text: (IndexPath) -> String?
    /// Moves an item as the user does: the data source (the updater's bridge) takes the move,
    /// and the view shows it.
    var moveAsTheUser: (_ from: IndexPath, _ to: IndexPath) -> Void
    /// Takes the view out of its window, as a screen that goes away does.
    var leaveWindow: () -> Void
  }

  /// A real list view in a window, whose data source is a scenario's updater.
  @MainActor
  final class RealListScenarioHost: ListScenarioHost {
    let view: RealListView
    private(set) var updater: ListScenarioUpdater?

    init(_ view: RealListView, updater: ListScenarioUpdater) {
      self.view = view
      self.updater = updater
      view.layout()
    }

    /// Waits until the updater, if it lives, has no batch running, or for the animations of a
    /// released one to end.
    func finishAnimations() async throws {
      if let updater {
        try await waitUntil("the updater to finish its batches") { !updater.isUpdating }
      } else {
        try await letTheRunLoopTurn()
      }
      view.layout()
    }

    func moveAsTheUser(from: IndexPath, to: IndexPath) { view.moveAsTheUser(from, to) }

    func releaseUpdater() {
      updater = nil
      view.leaveWindow()
    }

    func shownTexts() -> [[String]] {
      view.layout()
      return view.counts().enumerated().map { section, count in
        (0..<count).map { item in view.text(IndexPath(indexes: [section, item])) ?? "<no cell>" }
      }
    }
  }

  /// A cell that shows its item's text, as its label would: the cell provider sets it.
  @MainActor
  protocol ShowsText: AnyObject {
    var shownText: String { get set }
  }

  /// The cell, showing the item's text: what the scenarios' cell providers make.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - cell: A cell the view dequeued, which `ShowsText`.
  /// - Returns: The cell.
  @MainActor
  func showing<Cell: AnyObject>(_ item: ListScenario.Item, in cell: Cell) -> Cell {
    (cell as? any ShowsText)?.shownText = item.description
    return cell
  }

  /// The window size of the real views: every cell of a scenario is on screen (a real view makes
  /// cells only for what it shows).
  let scenarioFrame = CGRect(x: 0, y: 0, width: 320, height: 2_000)

  /// Where an item dragged from one index path to another is dropped, as AppKit reports a drop:
  /// before the item it lands in front of, counted before the move.
  ///
  /// - Parameters:
  ///   - from: The item's index path.
  ///   - to: Its index path after the move.
  /// - Returns: The index path it is dropped before.
  func dropPosition(from: IndexPath, to: IndexPath) -> IndexPath {
    to[0] == from[0] && to[1] > from[1] ? IndexPath(indexes: [to[0], to[1] + 1]) : to
  }
#endif

import DiffValue
import Foundation

/// A list view a scenario is replayed on, in a window where the view has one, with the updater
/// that serves as its data source.
///
/// `SimulatedListScenarioHost` is one; the Apple tests have one for each of UIKit's and AppKit's
/// table and collection views.
@MainActor
public protocol ListScenarioHost: AnyObject {
  /// The updater, until the scenario releases it: the host holds it here alone.
  var updater: ListScenarioUpdater? { get }

  /// Waits until no batch runs any more: every change applied is shown, every completion run.
  ///
  /// - Throws: When the view is still busy after a while (a real view's animation that never
  ///   ends).
  func finishAnimations() async throws

  /// Moves an item as the user does by dragging it: the view shows the move, and tells its data
  /// source, the updater.
  ///
  /// - Parameters:
  ///   - from: The item's index path.
  ///   - to: Its index path after the move.
  func moveAsTheUser(from: IndexPath, to: IndexPath)

  /// Lets the updater go, as a screen that goes away does (a real view leaves its window).
  func releaseUpdater()

  /// What the view shows: the text of each cell, section by section, as the view's own cells
  /// show it (`"<no cell>"` where the view has none).
  func shownTexts() -> [[String]]
}

/// The updater a scenario drives: a flat list's or a sectioned one's.
@MainActor
public enum ListScenarioUpdater {
  /// A flat list's updater: its items are the scenario's one section's.
  case flat(ListUpdater<ListScenario.Item>)
  /// A sectioned list's updater.
  case sectioned(SectionedListUpdater<ListScenario.Section>)

  /// Makes the updater a scenario needs, serving as the view's data source with a cell provider,
  /// and letting the user move every item.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - scenario: The scenario: a flat or a sectioned list, and what it shows first.
  ///   - cellProvider: Makes the cell showing an item.
  /// - Returns: The updater.
  public static func make<View: CellProvidingListView>(
    view: View, scenario: ListScenario,
    cellProvider: @escaping @MainActor (View, IndexPath, ListScenario.Item) -> View.Cell
  ) -> ListScenarioUpdater {
    if scenario.isSectioned {
      let updater = SectionedListUpdater(
        view: view, sections: scenario.initial, cellProvider: cellProvider)
      updater.reorderingHandlers.canReorderItem = { _ in true }
      return .sectioned(updater)
    }
    let updater = ListUpdater(
      view: view, items: scenario.initial[0].items, cellProvider: cellProvider)
    updater.reorderingHandlers.canReorderItem = { _ in true }
    return .flat(updater)
  }

  /// Makes the updater of a flat scenario for a view of rows and columns (NSTableView), serving
  /// as its data source with a cell provider, and letting the user move every item.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - scenario: A flat scenario.
  ///   - cellProvider: Makes the cell view showing an item in a column.
  /// - Returns: The updater.
  /// - Precondition: The scenario is flat.
  public static func make<View: RowProvidingListView>(
    view: View, scenario: ListScenario,
    cellProvider: @escaping @MainActor (View, View.Column, Int, ListScenario.Item) -> View.CellView
  ) -> ListScenarioUpdater {
    precondition(!scenario.isSectioned, "a view of rows shows a flat list")
    let updater = ListUpdater(
      view: view, items: scenario.initial[0].items, cellProvider: cellProvider)
    updater.reorderingHandlers.canReorderItem = { _ in true }
    return .flat(updater)
  }

  /// The updater itself, to watch it go away.
  public var object: AnyObject {
    switch self {
    case .flat(let updater): updater
    case .sectioned(let updater): updater
    }
  }

  /// Whether a change is being applied.
  public var isUpdating: Bool {
    switch self {
    case .flat(let updater): updater.isUpdating
    case .sectioned(let updater): updater.isUpdating
    }
  }

  /// The sections the view's data source shows (a flat list's one section).
  public var sections: [ListScenario.Section] {
    switch self {
    case .flat(let updater): ListScenario.list(updater.items)
    case .sectioned(let updater): updater.sections
    }
  }

  /// Applies the change from `old` to `new`.
  func apply(
    from old: [ListScenario.Section], to new: [ListScenario.Section], animated: Bool,
    changedCells: ListCellRefresh, completion: @escaping () -> Void
  ) {
    switch self {
    case .flat(let updater):
      updater.apply(
        ListChange(old: old[0].items, new: new[0].items), animated: animated,
        changedCells: changedCells, completion: completion)
    case .sectioned(let updater):
      updater.apply(
        SectionedListChange(old: old, new: new), animated: animated, changedCells: changedCells,
        completion: completion)
    }
  }
}

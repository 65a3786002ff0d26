import DiffValue
import DiffValueTesting
import Foundation

/// A `SimulatedListView` a scenario is replayed on: it applies batches with UIKit's rules and
/// records every rule broken in `view.problems`; its animations end when the scenario waits.
@MainActor
public final class SimulatedListScenarioHost: ListScenarioHost {
  /// The view.
  public let view: SimulatedListView<String, ListScenario.Item>
  /// The updater, until the scenario releases it.
  public private(set) var updater: ListScenarioUpdater?

  /// Makes the view, showing what the scenario shows first, and its updater.
  ///
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - reconfiguresCells: Whether the view reconfigures changed cells in place, as UIKit's
  ///     views do (`true`), or has them reloaded, as AppKit's (`false`).
  public init(for scenario: ListScenario, reconfiguresCells: Bool = true) {
    view = SimulatedListView(showing: scenario.initial) { [] }
    view.completesImmediately = false
    view.canReconfigureItems = reconfiguresCells
    updater = .make(view: view, scenario: scenario) { view, indexPath, item in
      let cell = view.dequeueCell(for: indexPath)
      cell.text = item.description
      return cell
    }
  }

  /// Ends the running animations, and those of the batches they start.
  public func finishAnimations() async throws { view.finishAnimations() }

  /// Moves the row in the view, which tells the updater as UIKit's `moveRowAt` does.
  public func moveAsTheUser(from: IndexPath, to: IndexPath) {
    view.simulateUserMove(from: from, to: to)
  }

  /// Lets the updater go.
  public func releaseUpdater() { updater = nil }

  /// The texts of the cells the cell provider made for what the view shows.
  public func shownTexts() -> [[String]] {
    view.shown.indices.map { section in
      view.shown[section].items.indices.map { item in
        view.cell(at: IndexPath(indexes: [section, item]))?.text ?? "<no cell>"
      }
    }
  }
}

import DiffValue
import Foundation

/// What a replayed scenario showed: what the view showed each time the animations had ended,
/// and which changes' completions ran.
public struct ListScenarioOutcome: Equatable, Sendable, CustomStringConvertible {
  /// After each `finishAnimations` while the updater lived: the texts of the cells, section by
  /// section.
  public var shown: [[[String]]] = []
  /// The steps (their indices) whose change's completion ran, in the order they ran.
  public var completions: [Int] = []
  /// Whether the updater was still alive after the scenario released it.
  public var updaterOutlivedItsRelease = false

  /// Creates an empty outcome.
  public init() {}

  /// A readable form.
  public var description: String {
    "shown \(shown), completions \(completions)"
      + (updaterOutlivedItsRelease ? ", the updater outlived its release" : "")
  }
}

extension ListScenario {
  /// Replays the scenario on a host and tells what it showed.
  ///
  /// - Parameter host: The view and its updater, made for this scenario.
  /// - Returns: What the view showed after each wait, and the completions that ran.
  /// - Throws: What the host's waits throw.
  @MainActor
  public func replay(on host: some ListScenarioHost) async throws -> ListScenarioOutcome {
    let log = CompletionLog()
    var outcome = ListScenarioOutcome()
    var current = initial
    weak var released: AnyObject?
    for (index, step) in steps.enumerated() {
      switch step {
      case .apply(let new, let animated, let changedCells):
        host.updater?.apply(
          from: current, to: new, animated: animated, changedCells: changedCells
        ) { log.completed.append(index) }
        current = new
      case .applyReleasingWhenShown(let new):
        released = host.updater?.object
        host.updater?.apply(from: current, to: new, animated: true, changedCells: .reconfigure) {
          [weak host] in
          log.completed.append(index)
          host?.releaseUpdater()
        }
        current = new
      case .finishAnimations:
        try await host.finishAnimations()
        if host.updater != nil { outcome.shown.append(host.shownTexts()) }
      case .userMove(let from, let to):
        precondition(host.updater?.isUpdating == false, "\(name): a user move while updating")
        host.moveAsTheUser(from: from, to: to)
        current = host.updater?.sections ?? current
      case .release:
        released = host.updater?.object
        host.releaseUpdater()
      }
    }
    outcome.completions = log.completed
    outcome.updaterOutlivedItsRelease = released != nil
    return outcome
  }

  /// What a replay must show: after each wait while the updater lives, the texts of the latest
  /// sections applied (or moved by the user); the completions of the changes applied before
  /// each wait, in order, up to the release (a change still waiting, or animating, when the
  /// updater goes away never completes).
  public var expectedOutcome: ListScenarioOutcome {
    var outcome = ListScenarioOutcome()
    var current = initial
    var waiting: [Int] = []
    var releasingStep: Int?
    var isReleased = false
    for (index, step) in steps.enumerated() where !isReleased {
      switch step {
      case .apply(let new, _, _):
        waiting.append(index)
        current = new
      case .applyReleasingWhenShown(let new):
        waiting.append(index)
        releasingStep = index
        current = new
      case .finishAnimations:
        for completed in waiting where !isReleased {
          outcome.completions.append(completed)
          isReleased = completed == releasingStep
        }
        waiting = []
        if !isReleased { outcome.shown.append(Self.texts(of: current)) }
      case .userMove(let from, let to):
        let item = current[from[0]].items.remove(at: from[1])
        current[to[0]].items.insert(item, at: to[1])
      case .release:
        isReleased = true
      }
    }
    return outcome
  }

  /// The texts of the cells showing these sections.
  ///
  /// - Parameter sections: Sections.
  /// - Returns: Each item's description, section by section.
  public static func texts(of sections: [Section]) -> [[String]] {
    sections.map { $0.items.map(\.description) }
  }
}

/// The steps whose completion ran, in order.
@MainActor
private final class CompletionLog {
  var completed: [Int] = []
}

import DiffValue
import DiffValueTesting
import ListScenarios
import Testing

/// The list scenarios (Tests/ListScenarios), replayed on `SimulatedListView`.
///
/// The view breaks none of UIKit's rules, and shows what the scenario expects. On a Mac,
/// DiffValueAppleTests replays them on real table and collection views, which must show the
/// same.
@MainActor
@Suite struct ListScenarioTests {
  @Test(arguments: ListScenario.corpus)
  func replaysOnTheSimulatedView(_ scenario: ListScenario) async throws {
    for reconfiguresCells in [true, false] {
      let host = SimulatedListScenarioHost(for: scenario, reconfiguresCells: reconfiguresCells)
      let outcome = try await scenario.replay(on: host)
      #expect(host.view.problems == [], "reconfiguring: \(reconfiguresCells)")
      #expect(outcome == scenario.expectedOutcome, "reconfiguring: \(reconfiguresCells)")
    }
  }

  /// The expected outcome is not the outcome of any run: a scenario whose view ended elsewhere
  /// would fail.
  @Test func anOutcomeOtherThanTheScenariosIsNotExpected() async throws {
    let scenario = ListScenario(
      "one change", items: [ListScenario.Item(1)],
      steps: [.apply(ListScenario.list([ListScenario.Item(2)])), .finishAnimations])
    var outcome = try await scenario.replay(
      on: SimulatedListScenarioHost(for: scenario, reconfiguresCells: true))
    #expect(outcome == scenario.expectedOutcome)
    outcome.shown = [[["1"]]]
    #expect(outcome != scenario.expectedOutcome)
  }

  /// A scenario's expectations follow the steps: a release drops the changes still waiting.
  @Test func aReleaseDropsTheCompletionsStillWaiting() {
    let scenario = ListScenario(
      "released", items: [],
      steps: [
        .apply(ListScenario.list([ListScenario.Item(1)])), .finishAnimations,
        .apply(ListScenario.list([])), .release, .finishAnimations,
      ])
    #expect(scenario.expectedOutcome.completions == [0])
    #expect(scenario.expectedOutcome.shown == [[["1"]]])
  }
}

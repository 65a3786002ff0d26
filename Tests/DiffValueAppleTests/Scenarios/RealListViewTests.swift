#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
  import DiffValue
  import ListScenarios
  import Testing

  /// The list scenarios, replayed on real table and collection views (UIKit's on iOS, AppKit's
  /// on macOS) as on `SimulatedListView`.
  ///
  /// Each view is in a window, with the updater as its data source. It accepts every batch: one
  /// it rejected would raise `NSInternalInconsistencyException`, which ends the test process,
  /// failing the run at that scenario. And after every wait it shows what the simulated view
  /// shows, cell by cell, with the same completions run.
  @MainActor
  @Suite(.serialized) struct RealListViewTests {
    @Test(arguments: RealListViewKind.allScenarios)
    func showsWhatTheSimulatedViewShows(_ kind: RealListViewKind, _ scenario: ListScenario)
      async throws
    {
      let simulated = SimulatedListScenarioHost(
        for: scenario, reconfiguresCells: kind.reconfiguresCells)
      let expected = try await scenario.replay(on: simulated)
      #expect(simulated.view.problems == [])
      #expect(expected == scenario.expectedOutcome)
      let outcome = try await scenario.replay(on: kind.makeHost(for: scenario))
      #expect(outcome == expected)
    }
  }
#endif

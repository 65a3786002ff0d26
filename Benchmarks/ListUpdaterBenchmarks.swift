// The list updater's own cost beyond the diff: each change applied to a `SimulatedListView`
// (which checks every batch with UIKit's rules, as tests run it) and to a view that does
// nothing (the updater alone), next to the bare `ListDiff` of the same lists, in the same run.
// The changes carry their diff, computed beforehand, as `bind(to:)` hands them over.

import DiffValue
import DiffValueTesting

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs the updater's benchmarks and prints one table row per scenario and size.
@MainActor
func runListUpdaterBenchmarks() {
  print("== ListUpdater ==")
  print("| change | bare ListDiff | updater alone | updater + SimulatedListView |")
  print("|---|---|---|---|")
  for count in [10_000, 100_000] {
    let old = (0..<count).map { UpdaterBenchmarkItem(id: $0, revision: 0) }
    var contentOnly = old
    for index in stride(from: 0, to: count, by: 100) { contentOnly[index].revision = 1 }
    var withMoves = contentOnly
    withMoves[0..<(count / 100)].reverse()  // 1 % of the items move, 1 % change
    let label = count.formatted()
    measureUpdater(
      "\(label) rows, 1 % of the items changed in place", old: old, steps: [contentOnly])
    measureUpdater("\(label) rows, 1 % changed, 1 % moved", old: old, steps: [withMoves])
    var steps: [[UpdaterBenchmarkItem]] = []
    var current = old
    for step in 0..<50 {
      current.remove(at: step * 7)
      current.insert(UpdaterBenchmarkItem(id: count + step, revision: 0), at: step * 13)
      current[step * 11].revision += 1
      steps.append(current)
    }
    measureUpdater("\(label) rows, a catch-up of 50 queued changes", old: old, steps: steps)
  }
}

/// Runs the snapshot benchmarks: building a snapshot, and applying one with churn at random
/// places (the diffable data source's published scenario: 10,000 items, 20 % and 50 % churn).
@MainActor
func runListSnapshotBenchmarks() {
  print("== ListSnapshot ==")
  print("| snapshot | bare ListDiff | updater alone | updater + SimulatedListView |")
  print("|---|---|---|---|")
  for count in [10_000, 50_000] {
    let items = (0..<count).map { UpdaterBenchmarkItem(id: $0, revision: 0) }
    let build = medianTime(runs: 21) {
      var snapshot = ListSnapshot<Int, UpdaterBenchmarkItem>()
      snapshot.appendSections([0])
      snapshot.appendItems(items)
      blackHole(snapshot)
    } setUp: {
    }
    print(
      "| build one of \(count.formatted()) items (appendSections, appendItems) | | "
        + String(format: "%.1f µs", build * 1e6) + " | |")
  }
  for churn in [20, 50] {
    let old = (0..<10_000).map { UpdaterBenchmarkItem(id: $0, revision: 0) }
    var new = old
    var random: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    let replaced = old.count * churn / 200  // half the churn deleted, half inserted
    for _ in 0..<replaced { new.remove(at: next(new.count)) }
    for index in 0..<replaced {
      new.insert(UpdaterBenchmarkItem(id: old.count + index, revision: 0), at: next(new.count + 1))
    }
    var snapshot = ListSnapshot<Int, UpdaterBenchmarkItem>()
    snapshot.appendSections([0])
    snapshot.appendItems(new)
    let bare = medianTime(runs: 21) {
      blackHole(ListDiff(old: old, new: new))
    } setUp: {
    }
    var updater: ListUpdater<UpdaterBenchmarkItem>!
    var view: DoingNothingListView!
    let alone = medianTime(runs: 21) {
      updater.apply(snapshot)
      precondition(updater.items.count == new.count)
    } setUp: {
      view = DoingNothingListView()
      updater = ListUpdater(view: view, items: old, reloadThreshold: .max)
    }
    var simulated: SimulatedListView<String, UpdaterBenchmarkItem>!
    let checked = medianTime(runs: 21) {
      updater.apply(snapshot)
      simulated.finishAnimations()
      precondition(simulated.shownItems.count == new.count)
    } setUp: {
      simulated = SimulatedListView(showingItems: old) { updater.items }
      simulated.completesImmediately = false
      updater = ListUpdater(view: simulated, items: old, reloadThreshold: .max)
    }
    print(
      "| apply 10,000 items, \(churn) % churn (\(churn / 2) % deleted, \(churn / 2) % inserted) "
        + "| \(milliseconds(bare)) | \(milliseconds(alone)) | \(milliseconds(checked)) |")
  }
}

/// Expands a node of 1,000 children in an outline of ten roots, then collapses it: one batch
/// each (1,000 rows inserted, then deleted), through the updater alone and with the checking view.
@MainActor
func runListOutlineBenchmarks() {
  var outline = ListSectionSnapshot<UpdaterBenchmarkItem>()
  let roots = (0..<10).map { UpdaterBenchmarkItem(id: -1 - $0, revision: 0) }
  outline.append(roots)
  outline.append((0..<1_000).map { UpdaterBenchmarkItem(id: $0, revision: 0) }, to: roots[4])
  var updater: ListUpdater<UpdaterBenchmarkItem>!
  var view: DoingNothingListView!
  let alone = medianTime(runs: 21) {
    updater.expand([roots[4]])
    precondition(updater.items.count == 1_010)
    updater.collapse([roots[4]])
    precondition(updater.items.count == 10)
  } setUp: {
    view = DoingNothingListView()
    updater = ListUpdater(view: view, items: [], reloadThreshold: .max)
    updater.apply(outline)
    view.finish()  // later batches complete at once
  }
  var simulated: SimulatedListView<String, UpdaterBenchmarkItem>!
  let checked = medianTime(runs: 21) {
    updater.expand([roots[4]])
    simulated.finishAnimations()
    updater.collapse([roots[4]])
    simulated.finishAnimations()
    precondition(simulated.shownItems.count == 10)
  } setUp: {
    simulated = SimulatedListView(showingItems: []) { updater.items }
    simulated.completesImmediately = false
    updater = ListUpdater(view: simulated, items: [], reloadThreshold: .max)
    updater.apply(outline)
    simulated.finishAnimations()
  }
  print(
    "| expand a node of 1,000 children, then collapse it (ten roots) | | \(milliseconds(alone)) "
      + "| \(milliseconds(checked)) |")
}

/// Measures applying `steps` in order, the first while no batch runs and the others while its
/// animation runs, so that they are shown together when it ends.
@MainActor
private func measureUpdater(
  _ name: String, old: [UpdaterBenchmarkItem], steps: [[UpdaterBenchmarkItem]]
) {
  var changes: [ListChange<UpdaterBenchmarkItem>] = []
  var previous = old
  for step in steps {
    changes.append(ListChange(old: previous, new: step))
    previous = step
  }
  let runs = old.count > 10_000 ? 5 : 21
  // What the updater diffs itself: from the first change's list to the last, when they coalesce.
  let bare = medianTime(runs: runs) {
    blackHole(ListDiff(old: old, new: steps[0]))
    if steps.count > 1 { blackHole(ListDiff(old: steps[0], new: steps[steps.count - 1])) }
  } setUp: {
  }
  var updater: ListUpdater<UpdaterBenchmarkItem>!
  var view: DoingNothingListView!
  let alone = medianTime(runs: runs) {
    apply(changes, to: updater, finish: { view.finish() })
  } setUp: {
    view = DoingNothingListView()
    updater = ListUpdater(view: view, items: old, reloadThreshold: .max)
  }
  var simulated: SimulatedListView<String, UpdaterBenchmarkItem>!
  let checked = medianTime(runs: runs) {
    apply(changes, to: updater, finish: { simulated.finishAnimations() })
  } setUp: {
    simulated = SimulatedListView(showingItems: old) { updater.items }
    simulated.completesImmediately = false
    updater = ListUpdater(view: simulated, items: old, reloadThreshold: .max)
  }
  print("| \(name) | \(milliseconds(bare)) | \(milliseconds(alone)) | \(milliseconds(checked)) |")
}

/// Applies the changes, then ends the animation so that those waiting are shown.
@MainActor
private func apply(
  _ changes: [ListChange<UpdaterBenchmarkItem>], to updater: ListUpdater<UpdaterBenchmarkItem>,
  finish: () -> Void
) {
  for change in changes { updater.apply(change, animated: true) {} }
  finish()
  precondition(updater.items.count == changes[changes.count - 1].new.count)
}

/// The median time of `body` in seconds, each run after an untimed `setUp`.
@MainActor
private func medianTime(runs: Int, _ body: () -> Void, setUp: () -> Void) -> Double {
  var times: [Double] = []
  for _ in 0..<runs {
    setUp()
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    times.append(
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  return times.sorted()[runs / 2]
}

private func milliseconds(_ seconds: Double) -> String {
  String(format: "%.2f ms", seconds * 1_000)
}

/// The item the updater benchmarks show: an integer identity and a revision as content.
private struct UpdaterBenchmarkItem: Identifiable, Hashable, Diffable {
  var id: Int
  var revision: Int
}

/// A list view that does nothing but swap the data and hold the first batch's completion, as
/// an animation would, until `finish()`: the updater's own work, and nothing else.
@MainActor
private final class DoingNothingListView: ListView {
  private var isAnimating = false
  private var completion: ((Bool) -> Void)?

  func performListUpdate(
    _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    updatingData()
    blackHole(update)
    if isAnimating {
      completion(true)
    } else {
      isAnimating = true  // the first batch animates while the other changes arrive
      self.completion = completion
    }
  }

  /// Ends the first batch's animation; later batches complete at once.
  func finish() {
    let completion = self.completion
    self.completion = nil
    completion?(true)
  }

  func reloadList(updatingData: () -> Void) { updatingData() }
  func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? { nil }
}

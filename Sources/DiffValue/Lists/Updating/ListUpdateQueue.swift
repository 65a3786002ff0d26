#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a list updater tells its queue: how to go from one list to another, and what it
/// shows.
@MainActor
protocol ListTransitionPlanner: AnyObject {
  /// The data a view shows: items, or sections.
  associatedtype Data
  /// A published change of `Data`, carrying a diff computed already.
  associatedtype Change
  /// What identifies an item shown.
  associatedtype ItemIdentifier: Hashable
  /// What identifies a section shown.
  associatedtype SectionIdentifier: Hashable

  /// The animation of an animated batch.
  var animation: ListAnimation { get }
  /// What a change does while the view is not in a window.
  var offWindowUpdates: ListOffWindowUpdates { get }
  /// Whether a batch scrolls the view so that the first visible item it keeps stays in place.
  var keepsFirstVisibleItemInPlace: Bool { get }

  /// Plans the batches from `shown` to `target`, or returns `nil` to reload instead.
  ///
  /// - Parameters:
  ///   - shown: What the view shows.
  ///   - target: What it must show.
  ///   - change: The published change to `target`, whose diff serves if it starts from
  ///     `shown`.
  ///   - refreshes: The items and sections to show again though unchanged, when in both.
  ///   - view: The view, to find headers and footers that can be re-bound.
  /// - Returns: The batches in order; the last one's data is `target`.
  func batches(
    from shown: Data, to target: Data, reusing change: Change?,
    refreshing refreshes: ListRefreshes<ItemIdentifier, SectionIdentifier>, in view: any ListView
  ) -> [ListBatch<Data>]?

  /// The item at an index path of `data`, to re-bind a cell with.
  func item(at indexPath: IndexPath, in data: Data) -> Any

  /// The rule UIKit would raise an exception for if `update` were applied to `shown` with
  /// `data` swapped in, once the cells `refreshed` (re-bound or reconfigured, from an index path
  /// of `shown` to one of `data`) show their new items and the headers of `sectionRebinds` their
  /// new sections; `nil` when the batch is valid.
  func violation(
    of update: BatchUpdate, from shown: Data, to data: Data,
    refreshed: [(from: IndexPath, to: IndexPath)],
    sectionRebinds: [ListBatch<Data>.SectionRebind]
  ) -> BatchUpdateViolation?

  /// `data` with the items at `kept`'s `to` index paths replaced by those `shown` has at their
  /// `from` index paths: what the view shows while their cells move with their old content.
  func data(_ data: Data, keepingOldItems kept: [ListBatch<Data>.ChangedItem], of shown: Data)
    -> Data

  /// Reports a batch that failed the check, before it would have reached the view.
  func report(_ invalidBatch: InvalidBatch)

  /// Whether `data` holds no item.
  func isEmpty(_ data: Data) -> Bool
  /// Tells that what the view shows became empty, or stopped being empty.
  func shownEmptinessDidChange(isEmpty: Bool)
}

/// Applies list changes to a `ListView`: one transition at a time, each as its batches in
/// order, or as a reload; a change that arrives while a batch is in flight waits, and when the
/// batch completes the view goes straight from what it shows to the latest list (coalescing, as
/// IGListKit's updater does).
///
/// The planner (the updater) is held weakly: once it is gone, nothing more happens, the view
/// is never called again, and the completions still waiting are dropped.
@MainActor
final class ListUpdateQueue<Planner: ListTransitionPlanner> {
  typealias Data = Planner.Data
  typealias Refreshes = ListRefreshes<Planner.ItemIdentifier, Planner.SectionIdentifier>

  /// A transition under way: to `target`, with the batches left (`nil` until planned); or the
  /// changes that arrived during one, merged (the latest target, every completion), waiting.
  private struct Transition {
    var target: Data
    var change: Planner.Change?
    var options: ListSubmission
    var refreshes: Refreshes
    var completions: [() -> Void]
    var batches: [ListBatch<Data>]? = nil
    /// The number of the batch the view is animating, if any.
    var awaitedBatch: Int? = nil
  }

  let view: any ListView
  private weak var planner: Planner?
  /// What the view shows; the data source reads it.
  private(set) var shown: Data {
    didSet { shownRevision &+= 1 }
  }
  /// Counts the changes of `shown`, so that a lookup table built from it knows when it is stale.
  private(set) var shownRevision = 0
  private var transition: Transition?
  private var waiting: Transition?
  private var isAdvancing = false
  private var batchCount = 0
  /// Whether what the view shows was empty when the planner last heard of it.
  private var shownWasEmpty: Bool

  init(view: any ListView, shown: Data, planner: Planner) {
    self.view = view
    self.shown = shown
    self.planner = planner
    shownWasEmpty = planner.isEmpty(shown)
  }

  /// Whether a transition is under way.
  var isBusy: Bool { transition != nil }

  /// What the view will show once the changes submitted are shown: the latest target.
  var latest: Data { waiting?.target ?? transition?.target ?? shown }

  /// Shows `target`: at once when nothing is under way, otherwise after the batch in flight.
  ///
  /// `refreshes` are shown again with it, merged with those of the changes shown together.
  func submit(
    _ target: Data, change: Planner.Change?, options: ListSubmission,
    refreshes: Refreshes = Refreshes(), completion: (() -> Void)?
  ) {
    let submitted = Transition(
      target: target, change: change, options: options, refreshes: refreshes,
      completions: completion.map { [$0] } ?? [])
    guard transition != nil else {
      transition = submitted
      return advance()
    }
    wait(submitted, keepingTarget: false)
  }

  /// Shows `refreshes` again with the latest target: at once when nothing is under way,
  /// otherwise with the changes waiting, whose target and diff it keeps.
  func refresh(_ refreshes: Refreshes, options: ListSubmission, completion: (() -> Void)?) {
    guard let transition else {
      return submit(
        shown, change: nil, options: options, refreshes: refreshes, completion: completion)
    }
    wait(
      Transition(
        target: transition.target, change: nil, options: options, refreshes: refreshes,
        completions: completion.map { [$0] } ?? []),
      keepingTarget: true)
  }

  /// Merges a change into the one waiting for the transition under way: the latest target and
  /// its diff (those waiting when `keepingTarget`), every option, refresh and completion.
  private func wait(_ submitted: Transition, keepingTarget: Bool) {
    guard var merged = waiting else {
      waiting = submitted
      return
    }
    if !keepingTarget {
      merged.target = submitted.target
      merged.change = submitted.change
    }
    merged.options.merge(submitted.options)
    merged.refreshes.merge(submitted.refreshes)
    merged.completions += submitted.completions
    waiting = merged
  }

  /// Takes `data` as what the view shows: a change the user made in the view itself.
  func takeAsShown(_ data: Data) {
    shown = data
    tellEmptinessChange()
    // Batches planned from what was shown before no longer apply: plan again from here.
    if let transition, waiting == nil {
      waiting = Transition(
        target: transition.target, change: nil, options: transition.options,
        refreshes: transition.refreshes, completions: [])
    }
  }

  /// Runs the transitions until one waits for the view, or none is left.
  ///
  /// Reentrant calls (a completion, a data source or a cell that applies a change) leave the work
  /// to the loop.
  private func advance() {
    guard !isAdvancing else { return }
    isAdvancing = true
    defer { isAdvancing = false }
    while var current = transition, current.awaitedBatch == nil {
      guard let planner else {
        transition = nil
        waiting = nil
        return
      }
      if current.batches?.isEmpty == true {
        finish(current)
        continue
      }
      if let next = waiting {
        // Straight from what is shown to the latest target; the batches left are dropped,
        // and their completions wait for the new ones. Their refreshes are shown again then
        // (those already shown too: twice is harmless, never is not).
        waiting = nil
        var options = current.options
        options.merge(next.options)
        options.isAnimated = next.options.isAnimated
        var refreshes = current.refreshes
        refreshes.merge(next.refreshes)
        transition = Transition(
          target: next.target, change: next.change, options: options, refreshes: refreshes,
          completions: current.completions + next.completions)
        continue
      }
      guard var batches = current.batches else {
        if viewTakesBatches(planner), !current.options.reloadsData,
          let planned = planner.batches(
            from: shown, to: current.target, reusing: current.change,
            refreshing: current.refreshes, in: view)
        {
          current.batches = planned
          current.change = nil
          transition = current
        } else {
          reload(to: current.target)
        }
        continue
      }
      let batch = batches.removeFirst()
      current.batches = batches
      transition = current
      if !perform(batch, of: current, planner: planner) { reload(to: current.target) }
    }
  }

  /// Performs one batch; returns `false` when it must be replaced by a reload.
  private func perform(
    _ planned: ListBatch<Data>, of current: Transition, planner: Planner
  ) -> Bool {
    guard viewTakesBatches(planner) else { return false }
    var batch = planned
    let resolution = batch.resolved(
      bindableCell: view.bindableCell(at:),
      reconfiguring: view.canReconfigureItems && !current.options.reloadsChangedCells)
    let (update, rebinds, reconfigures) =
      (resolution.update, resolution.rebinds, resolution.reconfigures)
    if !resolution.reconfiguresAfter.isEmpty {
      // Their cells move with the old content, then are reconfigured where they went.
      let later = resolution.reconfiguresAfter
      batch.data = planner.data(planned.data, keepingOldItems: later, of: shown)
      let followUp = ListBatch(
        stage: BatchUpdate(reloads: later.map(\.to).sorted()), data: planned.data)
      transition?.batches?.insert(followUp, at: 0)
    }
    let values = rebinds.map { planner.item(at: $0.to, in: batch.data) }
    let data = batch.data
    let swap = {
      self.shown = data
      for (rebind, value) in zip(rebinds, values) { rebind.cell.bindViewModel(value) }
      for rebind in batch.sectionRebinds {
        for view in rebind.views { view.bindViewModel(rebind.value) }
      }
    }
    if update.isEmpty && rebinds.isEmpty && reconfigures.isEmpty && batch.sectionRebinds.isEmpty {
      swap()  // nothing on screen changes: only the data
      tellEmptinessChange()
      return true
    }
    // Re-binding happens inside a batch even when nothing moves (an empty one): a table view
    // measures its rows again in a batch, so a self-sizing cell's height follows its new
    // content; outside one it would keep its old height (IGListKit's binding controller does
    // the same).
    #if DEBUG
      let refreshed = rebinds.map { (from: $0.from, to: $0.to) } + reconfigures.map { ($0, $0) }
      if let violation = planner.violation(
        of: update, from: shown, to: data, refreshed: refreshed,
        sectionRebinds: batch.sectionRebinds)
      {
        planner.report(InvalidBatch(update: update, violation: violation))
        return false
      }
    #endif
    batchCount &+= 1
    let number = batchCount
    transition?.awaitedBatch = number
    // Found before the batch, from what the view shows; handed back once it has started.
    let anchor =
      planner.keepsFirstVisibleItemInPlace
      ? ListScrollAnchor(visible: view.visibleItemPositions, through: update) : nil
    view.performListUpdate(
      update, reconfiguring: reconfigures,
      animation: current.options.isAnimated && view.isInWindow ? planner.animation : .none,
      updatingData: swap,
      completion: { [weak self] _ in self?.batchDidComplete(number) })
    if let anchor { view.scroll(to: anchor.position) }
    tellEmptinessChange()
    return true
  }

  /// Tells the planner when what the view shows became empty or stopped being empty, once the
  /// view has taken it (the data is swapped inside the batch, which runs before this).
  private func tellEmptinessChange() {
    guard let planner else { return }
    let isEmpty = planner.isEmpty(shown)
    guard isEmpty != shownWasEmpty else { return }
    shownWasEmpty = isEmpty
    planner.shownEmptinessDidChange(isEmpty: isEmpty)
  }

  /// Whether the view takes changes as batches now.
  ///
  /// In a window it does; off-window too, unless the planner reloads there. Off-window
  /// batches do not animate: nobody would see them.
  private func viewTakesBatches(_ planner: Planner) -> Bool {
    view.isInWindow || planner.offWindowUpdates == .batch
  }

  private func batchDidComplete(_ number: Int) {
    guard transition?.awaitedBatch == number else { return }
    transition?.awaitedBatch = nil
    advance()
  }

  /// Swaps in `target` and reloads, ending the transition's batches.
  private func reload(to target: Data) {
    view.reloadList { self.shown = target }
    transition?.batches = []
    tellEmptinessChange()
  }

  /// Ends the transition and calls its completions: the view shows its target.
  ///
  /// The changes waiting, and those a completion applies, start once they have all run.
  private func finish(_ finished: Transition) {
    transition = waiting
    waiting = nil
    for completion in finished.completions { completion() }
  }
}

/// How one submitted change is shown; changes shown together merge theirs.
struct ListSubmission {
  /// Whether the batches animate: changes shown together animate only if all of them asked to.
  var isAnimated: Bool
  /// Whether to reload the view instead of diffing (`applyUsingReloadData`): one asked is enough.
  var reloadsData = false
  /// Whether plain cells whose item changed are reloaded rather than reconfigured.
  var reloadsChangedCells = false

  /// Takes in a change shown together with this one.
  mutating func merge(_ later: ListSubmission) {
    isAnimated = isAnimated && later.isAnimated
    reloadsData = reloadsData || later.reloadsData
    reloadsChangedCells = reloadsChangedCells || later.reloadsChangedCells
  }
}

extension ListSubmission {
  /// The options of a change applied with these arguments.
  init(animated: Bool, changedCells: ListCellRefresh = .reconfigure, reloadsData: Bool = false) {
    self.init(
      isAnimated: animated, reloadsData: reloadsData,
      reloadsChangedCells: changedCells == .reload)
  }
}

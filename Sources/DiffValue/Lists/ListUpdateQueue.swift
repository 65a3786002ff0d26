#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Applies list changes to a `ListView` one at a time: each as its batches in order, or as a
/// full reload when it is large; a change that arrives while a batch is in flight waits for it.
@MainActor
final class ListUpdateQueue {
  /// One batch: the operations, how to swap the data in, and the new model at an index path.
  struct Batch {
    var update: BatchUpdate
    var swapData: () -> Void
    var model: (IndexPath) -> Any
  }

  /// One change to apply.
  struct Job {
    var batches: [Batch]
    var changeCount: Int
    /// Swaps in the data after the whole change, for a reload or a change with no batch.
    var swapToNew: () -> Void
    /// Whether the change starts from the data the view shows; checked when the job starts.
    var startsFromShownData: () -> Bool
    var completion: (() -> Void)?
  }

  let view: any ListView
  let reloadThreshold: Int
  private var waiting: [Job] = []
  private var isApplying = false

  init(view: any ListView, reloadThreshold: Int) {
    precondition(reloadThreshold >= 0, "ListUpdater: reloadThreshold must not be negative")
    self.view = view
    self.reloadThreshold = reloadThreshold
  }

  /// Whether a change is being applied or waits.
  var isBusy: Bool { isApplying }

  func enqueue(_ job: Job) {
    waiting.append(job)
    if !isApplying { startNext() }
  }

  private func startNext() {
    guard !waiting.isEmpty else {
      isApplying = false
      return
    }
    isApplying = true
    let job = waiting.removeFirst()
    if job.changeCount > reloadThreshold || !job.startsFromShownData() {
      // Too large to animate, or built on other data than shown (a write that slipped in
      // before the updater was bound): batches would break UIKit's counts, a reload cannot.
      view.reloadList(updatingData: job.swapToNew)
      finish(job)
    } else if job.batches.isEmpty {
      job.swapToNew()  // nothing to animate, but the models may differ beyond their identity
      finish(job)
    } else {
      run(job, from: 0)
    }
  }

  private func run(_ job: Job, from index: Int) {
    guard index < job.batches.count else { return finish(job) }
    let batch = job.batches[index]
    var update = batch.update
    // An item reloaded whose visible cell can show the new model is re-bound instead: no
    // flicker. UIKit reloads only in place (the same index path before and after), and a
    // reload is a delete plus an insert, which pins the item there whatever shifts around
    // it; dropping the reload would let the kept cell drift with its neighbours. So the
    // reload becomes a move to the same index path: it pins the item too, and keeps its cell.
    var rebinding: [(cell: any ListBindable, at: IndexPath)] = []
    update.reloads.removeAll { indexPath in
      guard let cell = view.bindableCell(at: indexPath) else { return false }
      rebinding.append((cell, indexPath))
      return true
    }
    update.moves += rebinding.map { BatchUpdate.Move(from: $0.at, to: $0.at) }
    view.performListUpdate(
      update,
      updatingData: {
        batch.swapData()
        for (cell, indexPath) in rebinding { cell.bindViewModel(batch.model(indexPath)) }
      },
      completion: { [weak self] _ in self?.run(job, from: index + 1) })
  }

  private func finish(_ job: Job) {
    job.completion?()
    startNext()
  }
}

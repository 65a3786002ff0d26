#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One batch update an updater plans: its operations, the items whose content changed (how
/// each is shown is decided when the batch starts, from the cells on screen then), and the data
/// the view shows after it.
struct ListBatch<Data> {
  /// An item whose content changed, between its index paths before and after the batch.
  struct ChangedItem: Equatable {
    /// The item's index path before the batch.
    var from: IndexPath
    /// The item's index path after the batch.
    var to: IndexPath
    /// Whether `update` moves the item from `from` to `to`.
    var isMoved: Bool
    /// Whether its cell must be replaced by a new one (`reloadItems`), even a bindable one.
    var isReloaded = false
  }

  /// A section header or footer to show the section's new value in place.
  struct SectionRebind {
    /// The section's index before the batch.
    var section: Int
    /// The views on screen that show it.
    var views: [any ListBindable]
    /// The section's new value.
    var value: Any
  }

  /// The operations, without those of `changedItems`.
  var update: BatchUpdate
  /// The items whose content changed.
  var changedItems: [ChangedItem] = []
  /// The data source's data from this batch on.
  var data: Data
  /// Headers and footers re-bound in this batch.
  var sectionRebinds: [SectionRebind] = []

  /// A visible cell re-bound with its item's new value.
  struct CellRebind {
    /// The cell.
    var cell: any ListBindable
    /// Its index path before the batch.
    var from: IndexPath
    /// Its index path after the batch, where the new value is in `data`.
    var to: IndexPath
  }

  /// How the changed items of a batch are shown, decided from the cells on screen.
  struct Resolution {
    /// The operations to perform.
    var update: BatchUpdate
    /// The visible bindable cells to re-bind.
    var rebinds: [CellRebind] = []
    /// The items whose cells are reconfigured in place, at index paths before the batch.
    var reconfigures: [IndexPath] = []
    /// The items that shift or move: their cells go along, showing the old content, and are
    /// reconfigured in a batch right after this one.
    var reconfiguresAfter: [ChangedItem] = []
  }

  /// Decides how each changed item is shown: a visible `ListBindable` cell is re-bound with the
  /// new value and keeps its place in the update (kept, or moved), as IGListKit's binding
  /// section controller does.
  ///
  /// An item marked `isReloaded` gets a new cell, as below without `reconfiguring`. Any other
  /// cell, when `reconfiguring`, stays too: it is reconfigured in place, or, when the
  /// item shifts or moves, reconfigured at its new place in a batch right after. Otherwise it is
  /// reloaded if the item keeps its index path and is not moved (UIKit reloads only in place), and
  /// deleted and inserted otherwise, so that it shows the new content at once.
  ///
  /// - Parameters:
  ///   - bindableCell: The view's visible bindable cell at an index path before the batch.
  ///   - reconfiguring: Whether plain cells are reconfigured rather than reloaded.
  /// - Returns: The update to perform and the cells to re-bind or reconfigure.
  /// - Complexity: O(*c* log *c*) for *c* operations.
  func resolved(
    bindableCell: (IndexPath) -> (any ListBindable)?, reconfiguring: Bool = false
  ) -> Resolution {
    var resolution = Resolution(update: update)
    var replacedMoves = Set<IndexPath>()
    var isAltered = false
    for item in changedItems {
      let inPlace = !item.isMoved && item.from == item.to
      if !item.isReloaded, let cell = bindableCell(item.from) {
        resolution.rebinds.append(CellRebind(cell: cell, from: item.from, to: item.to))
      } else if reconfiguring && !item.isReloaded {
        if inPlace {
          resolution.reconfigures.append(item.from)
        } else {
          resolution.reconfiguresAfter.append(item)
        }
      } else if inPlace {
        resolution.update.reloads.append(item.from)
        isAltered = true
      } else {
        isAltered = true
        resolution.update.deletes.append(item.from)
        resolution.update.inserts.append(item.to)
        if item.isMoved { replacedMoves.insert(item.from) }
      }
    }
    if !replacedMoves.isEmpty {
      resolution.update.moves.removeAll { replacedMoves.contains($0.from) }
    }
    if isAltered {
      resolution.update.deletes.sort()
      resolution.update.inserts.sort()
      resolution.update.reloads.sort()
    }
    return resolution
  }
}

extension ListBatch {
  /// The batch of a flat list's diff, in section 0: every move stays a move, and each item
  /// whose content changed is listed with where it goes.
  ///
  /// - Parameters:
  ///   - diff: The diff from what the view shows to `data`.
  ///   - data: The new items.
  /// - Complexity: O(*c*) for *c* changes.
  init(_ diff: ListDiff, data: Data) {
    func path(_ index: Int) -> IndexPath { IndexPath(indexes: [0, index]) }
    var isMoved = Set<Int>()
    var moves: [BatchUpdate.Move] = []
    moves.reserveCapacity(diff.moves.count)
    for move in diff.moves {
      isMoved.insert(move.from)
      moves.append(BatchUpdate.Move(from: path(move.from), to: path(move.to)))
    }
    update = BatchUpdate(
      deletes: diff.deletes.map(path), inserts: diff.inserts.map(path), moves: moves)
    changedItems = diff.updates.compactMap { old in
      diff.newIndex(for: old).map {
        ChangedItem(from: path(old), to: path($0), isMoved: isMoved.contains(old))
      }
    }
    self.data = data
  }

  /// The batch of one stage of a sectioned diff: its reloads, all in place, are the changed
  /// items.
  ///
  /// - Parameters:
  ///   - stage: The stage's update.
  ///   - data: The stage's data.
  init(stage: BatchUpdate, data: Data) {
    update = stage
    update.reloads = []
    changedItems = stage.reloads.map { ChangedItem(from: $0, to: $0, isMoved: false) }
    self.data = data
  }

  /// A batch with no operations: it only swaps the data (and re-binds).
  ///
  /// - Parameter data: The new data.
  init(swappingTo data: Data) {
    update = BatchUpdate()
    self.data = data
  }
}

extension ListBatch {
  /// Lists the items of `refreshes` that the diff keeps as changed items, whatever their
  /// content, those to reload marked so: a flat list's refresh on demand.
  ///
  /// - Parameters:
  ///   - refreshes: How to show each item again, by identifier.
  ///   - shown: What the view shows.
  ///   - diff: The diff from `shown`, which made this batch.
  /// - Complexity: O(*n*) for *n* items shown.
  mutating func refresh<Item: Diffable>(
    _ refreshes: [Item.DiffIdentifier: ListCellRefresh], of shown: [Item], diff: ListDiff
  ) {
    func path(_ index: Int) -> IndexPath { IndexPath(indexes: [0, index]) }
    var changed: [Int: Int] = [:]
    for (position, item) in changedItems.enumerated() { changed[item.from[1]] = position }
    let moved = Set(diff.moves.lazy.map(\.from))
    for (old, item) in shown.enumerated() {
      guard let refresh = refreshes[item.diffIdentifier], let new = diff.newIndex(for: old)
      else { continue }
      if let position = changed[old] {
        if refresh == .reload { changedItems[position].isReloaded = true }
      } else {
        changedItems.append(
          ChangedItem(
            from: path(old), to: path(new), isMoved: moved.contains(old),
            isReloaded: refresh == .reload))
      }
    }
  }
}

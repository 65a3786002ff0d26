#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A change of outline as the calls a view of parents and children that applies them one after
/// the other (NSOutlineView) needs, each naming children by their index in their parent.
///
/// NSOutlineView knows the children of the items it shows expanded, and nothing under the
/// others, which it asks for when they expand. So the calls are: the items that stay but no
/// longer show their children collapse; then, in each parent whose children the view shows
/// before and after, the children that go are removed (numbered before the change), the ones
/// that stay are moved into their new order (each numbered as the children are when it is
/// made), and the new ones are inserted (numbered after the change); an item that changes
/// parent is removed from one and inserted in the other. Then the items that stay and whose
/// content changed are reloaded, and the items that show their children after the change but
/// did not before expand, parents first: the view asks for their children then.
struct OutlineChangesInSequence: Equatable {
  /// One call.
  enum Step: Equatable {
    /// `collapseItem(_:collapseChildren: true)`.
    case collapse(ListOutlineKey)
    /// `removeItems(at:inParent:)`, indexes before the change, ascending.
    case remove([Int], parent: ListOutlineKey?)
    /// `moveItem(at:inParent:to:inParent:)` within one parent.
    case move(from: Int, to: Int, parent: ListOutlineKey?)
    /// `insertItems(at:inParent:)`, indexes after the change, ascending.
    case insert([Int], parent: ListOutlineKey?)
    /// `reloadItem(_:)`.
    case reload(ListOutlineKey)
    /// `expandItem(_:)`.
    case expand(ListOutlineKey)
  }

  /// The collapses, removals, moves and insertions, for one `beginUpdates`/`endUpdates`.
  var updates: [Step] = []
  /// The reloads and expansions that follow, in order.
  var afterwards: [Step] = []

  /// The calls that turn the view of `old` into the view of `new`.
  ///
  /// - Complexity: O(*n* · *d*) for *n* items *d* deep, and a diff of the children of each
  ///   parent shown in both.
  init(from old: ListOutlineTree, to new: ListOutlineTree) {
    var staying: [ListOutlineKey: Bool] = [:]
    /// Whether an item keeps its parent, and its parents theirs: the view keeps its row.
    func stays(_ key: ListOutlineKey) -> Bool {
      if let known = staying[key] { return known }
      guard let oldParent = old.parents[key], let newParent = new.parents[key],
        oldParent == newParent
      else {
        staying[key] = false
        return false
      }
      let result = oldParent.map(stays) ?? true
      staying[key] = result
      return result
    }
    /// Whether the view shows the children of an item before and after: they change in place.
    func keepsChildren(_ parent: ListOutlineKey?) -> Bool {
      guard let parent else { return true }
      return stays(parent) && old.showsChildren(of: parent) && new.showsChildren(of: parent)
    }
    var removes: [Step] = []
    var moves: [Step] = []
    var inserts: [Step] = []
    // Parents first, through the items whose children the view shows before the change.
    var parents: [ListOutlineKey?] = [nil]
    while let parent = parents.popLast() {
      if let parent, !keepsChildren(parent) {
        if stays(parent) && new.contains(parent) { updates.append(.collapse(parent)) }
        continue
      }
      let before = old.children[parent] ?? []
      let after = new.children[parent] ?? []
      let rows = RowChangesInSequence(
        ListDiff(old: before, new: after).batchUpdate(), oldCount: before.count)
      if !rows.removed.isEmpty { removes.append(.remove(rows.removed, parent: parent)) }
      moves += rows.moves.map { .move(from: $0.from, to: $0.to, parent: parent) }
      if !rows.inserted.isEmpty { inserts.append(.insert(rows.inserted, parent: parent)) }
      parents += before.reversed().filter { old.showsChildren(of: $0) }.map { $0 }
    }
    updates += removes + moves + inserts
    afterwards = new.shownKeys.filter { new.changed.contains($0) && stays($0) && old.isShown($0) }
      .map { .reload($0) }
    afterwards += new.shownKeys.filter {
      new.showsChildren(of: $0) && !(stays($0) && old.showsChildren(of: $0))
    }.map { .expand($0) }
  }
}

import ListDiffTestSupport
import TestSupport
import Testing

@testable import DiffValue

/// NSOutlineView applies collapses, removals, moves and insertions to the children of the
/// items it shows expanded, each to the children as they are at that call, then reloads and
/// expansions; it asks for an item's children when the item expands.
@MainActor
@Suite struct OutlineChangesInSequenceTests {
  /// What an outline view holds: the children it knows of each item it shows expanded (and of
  /// the root), as NSOutlineView's rules make of the calls.
  struct ModelView {
    var known: [ListOutlineKey?: [ListOutlineKey]] = [:]
    var problems: [String] = []
    /// The items inserted that the view showed before, under the same parents.
    var reinserted: [ListOutlineKey] = []

    init(showing tree: ListOutlineTree) {
      func load(_ parent: ListOutlineKey?) {
        known[parent] = tree.children[parent] ?? []
        for key in known[parent]! where tree.showsChildren(of: key) { load(key) }
      }
      load(nil)
    }

    /// Whether the view shows an item: it is among the children of a parent it shows expanded.
    func shows(_ key: ListOutlineKey) -> Bool { known.values.contains { $0.contains(key) } }

    mutating func forget(_ key: ListOutlineKey) {
      for child in known.removeValue(forKey: key) ?? [] { forget(child) }
    }

    mutating func apply(_ step: OutlineChangesInSequence.Step, new: ListOutlineTree) {
      switch step {
      case .collapse(let key):
        guard shows(key), known[key] != nil else { return problems.append("collapse \(key)") }
        forget(key)
      case .remove(let indexes, let parent):
        guard var children = known[parent], indexes.allSatisfy(children.indices.contains) else {
          return problems.append("remove \(indexes) in \(String(describing: parent))")
        }
        for index in indexes.reversed() { forget(children.remove(at: index)) }
        known[parent] = children
      case .move(let from, let to, let parent):
        guard var children = known[parent], children.indices.contains(from),
          children.indices.contains(to)
        else { return problems.append("move \(from) to \(to)") }
        children.insert(children.remove(at: from), at: to)
        known[parent] = children
      case .insert(let indexes, let parent):
        guard var children = known[parent] else {
          return problems.append("insert in a hidden item")
        }
        let fetched = new.children[parent] ?? []
        for index in indexes {
          guard index <= children.count, fetched.indices.contains(index) else {
            return problems.append("insert at \(index)")
          }
          if shows(fetched[index]) { problems.append("\(fetched[index]) shown twice") }
          children.insert(fetched[index], at: index)
        }
        known[parent] = children
      case .reload(let key):
        if !shows(key) { problems.append("reload \(key), not shown") }
      case .expand(let key):
        guard shows(key), known[key] == nil, !(new.children[key] ?? []).isEmpty else {
          return problems.append("expand \(key)")
        }
        known[key] = new.children[key]
      }
    }

    /// The rows: the items shown, parents first.
    var rows: [ListOutlineKey] {
      var rows: [ListOutlineKey] = []
      func visit(_ parent: ListOutlineKey?) {
        for key in known[parent] ?? [] {
          rows.append(key)
          visit(key)
        }
      }
      visit(nil)
      return rows
    }
  }

  func replay(from old: ListOutlineTree, to new: ListOutlineTree) -> ModelView {
    let changes = OutlineChangesInSequence(from: old, to: new)
    var view = ModelView(showing: old)
    let shownBefore = Set(old.shownKeys)
    for step in changes.updates + changes.afterwards {
      if case .insert(let indexes, let parent) = step {
        view.reinserted += indexes.map { (new.children[parent] ?? [])[$0] }.filter {
          shownBefore.contains($0) && old.parents[$0] == new.parents[$0]
        }
      }
      view.apply(step, new: new)
    }
    return view
  }

  func key(_ id: Int) -> ListOutlineKey { ListOutlineKey(ListDiffTestItem(id).diffIdentifier) }

  @Test func collapsingAndExpandingAreCallsNotRows() {
    var outline = ListSectionSnapshot<ListDiffTestItem>()
    outline.append([ListDiffTestItem(1), ListDiffTestItem(2)])
    outline.append([ListDiffTestItem(10), ListDiffTestItem(11)], to: ListDiffTestItem(1))
    outline.append([ListDiffTestItem(20)], to: ListDiffTestItem(2))
    outline.expand([ListDiffTestItem(1)])
    let old = ListOutlineTree(outline, previous: nil)
    var next = outline
    next.collapse([ListDiffTestItem(1)])
    next.expand([ListDiffTestItem(2)])
    let new = ListOutlineTree(next, previous: old)
    let changes = OutlineChangesInSequence(from: old, to: new)
    #expect(changes.updates == [.collapse(key(1))])
    #expect(changes.afterwards == [.expand(key(2))])
    #expect(replay(from: old, to: new).rows == new.shownKeys)
  }

  @Test func anItemMovedToAnotherParentIsRemovedThenInsertedAndAChangedOneReloaded() {
    var outline = ListSectionSnapshot<ListDiffTestItem>()
    outline.append([ListDiffTestItem(1), ListDiffTestItem(2)])
    outline.append([ListDiffTestItem(10), ListDiffTestItem(11)], to: ListDiffTestItem(1))
    outline.append([ListDiffTestItem(20)], to: ListDiffTestItem(2))
    outline.expand([ListDiffTestItem(1), ListDiffTestItem(2)])
    let old = ListOutlineTree(outline, previous: nil)
    var next = ListSectionSnapshot<ListDiffTestItem>()
    next.append([ListDiffTestItem(2), ListDiffTestItem(1, revision: 1)])
    next.append([ListDiffTestItem(11)], to: ListDiffTestItem(1))
    next.append([ListDiffTestItem(10), ListDiffTestItem(20)], to: ListDiffTestItem(2))
    next.expand([ListDiffTestItem(1), ListDiffTestItem(2)])
    let new = ListOutlineTree(next, previous: old)
    let changes = OutlineChangesInSequence(from: old, to: new)
    #expect(
      changes.updates == [
        .remove([0], parent: key(1)), .move(from: 1, to: 0, parent: nil),
        .insert([0], parent: key(2)),
      ])
    #expect(changes.afterwards == [.reload(key(1))])
    let view = replay(from: old, to: new)
    #expect(view.problems == [])
    #expect(view.rows == new.shownKeys)
  }

  /// Random outlines changed at random (items removed, added, moved within and across parents,
  /// expanded, collapsed, changed; repeated identifiers included): the calls replay, by
  /// NSOutlineView's rules, to the new outline's rows, and an item that keeps its parent is
  /// never removed and inserted again.
  @Test func randomChangesReplayToTheNewRows() {
    let seed: UInt64 = 3_800
    var generator = SeededRandomNumberGenerator(seed: seed)
    for index in 0..<1_500 {
      let old = randomOutline(ids: Array(0..<Int.random(in: 0..<12, using: &generator)), &generator)
      var ids = old.items.map(\.id).filter { _ in Int.random(in: 0..<5, using: &generator) > 0 }
      ids += (0..<Int.random(in: 0..<3, using: &generator)).map { 100 + $0 }
      if Int.random(in: 0..<10, using: &generator) == 0, let repeated = ids.first {
        ids.append(repeated)
      }
      let new = randomOutline(ids: ids.shuffled(using: &generator), &generator)
      let oldTree = ListOutlineTree(old, previous: nil)
      let newTree = ListOutlineTree(new, previous: oldTree)
      let view = replay(from: oldTree, to: newTree)
      let context =
        "seed \(seed), case \(index): \(old.visualDescription()) → \(new.visualDescription())"
      #expect(view.problems == [], "\(context)")
      #expect(view.rows == newTree.shownKeys, "\(context)")
      #expect(view.reinserted == [], "\(context)")
    }
  }

  /// An outline of `ids` in that order, each a root or the child of an item before it, each
  /// expanded or not, some with a new revision.
  private func randomOutline(ids: [Int], _ generator: inout SeededRandomNumberGenerator)
    -> ListSectionSnapshot<ListDiffTestItem>
  {
    var outline = ListSectionSnapshot<ListDiffTestItem>()
    var placed: [ListDiffTestItem] = []
    for id in ids {
      let item = ListDiffTestItem(id, revision: Int.random(in: 0..<4, using: &generator) / 3)
      let parent =
        placed.isEmpty || Bool.random(using: &generator)
        ? nil : placed.randomElement(using: &generator)
      outline.append([item], to: parent)
      placed.append(item)
    }
    outline.expand(placed.filter { _ in Int.random(in: 0..<3, using: &generator) > 0 })
    return outline
  }
}

import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import TestSupport
import Testing

/// Outlines shown by a flat list: expand and collapse as one valid batch, the expansion that
/// survives new data, and the handlers around a user's expansion.
@MainActor
@Suite struct ListUpdaterOutlinesTests {
  /// An updater showing the outline drawn below, all collapsed.
  ///
  ///     1 ─ 2 ─ 4
  ///       └ 3
  ///     5 ─ 6
  func makeOutline() -> (ListUpdater<Item>, SimulatedListView<String, Item>) {
    let (updater, view) = makeList([])
    updater.apply(outline([nil: [1, 5], 1: [2, 3], 2: [4], 5: [6]]))
    view.clearEvents()
    return (updater, view)
  }

  @Test func theVisibleItemsAreShown() {
    let (updater, view) = makeOutline()
    #expect(view.shownItems == items([1, 5]))
    var expanded = updater.snapshot(for: .main)
    expanded.expand(items([1, 2]))
    updater.apply(expanded, to: .main)
    #expect(view.shownItems == items([1, 2, 4, 3, 5]))
    #expect([1, 2, 4, 3, 5].map { updater.level(of: Item($0)) } == [0, 1, 2, 1, 0])
    #expect(view.problems == [])
  }

  /// Expanding inserts the children under their parent in one batch; collapsing deletes every
  /// descendant shown, grandchildren included, in one batch.
  @Test func expandingAndCollapsingAreOneBatchEach() {
    let (updater, view) = makeOutline()
    updater.expand(items([1]))
    #expect(view.batches == [BatchUpdate(inserts: [[0, 1], [0, 2]])])
    updater.expand(items([2, 5]))
    #expect(view.batches.last == BatchUpdate(inserts: [[0, 2], [0, 5]]))
    #expect(view.shownItems == items([1, 2, 4, 3, 5, 6]))
    updater.collapse(items([1]))
    #expect(view.batches.last == BatchUpdate(deletes: [[0, 1], [0, 2], [0, 3]]))
    #expect(view.shownItems == items([1, 5, 6]))
    updater.expand(items([1]))  // 2 was left expanded: 4 comes back with it
    #expect(view.shownItems == items([1, 2, 4, 3, 5, 6]))
    #expect(view.batches.count == 4)
    #expect(view.problems == [])
  }

  /// A disclosure's tap toggles: it expands a collapsed item and collapses an expanded one,
  /// then reconfigures the item so that its cell shows the new state; an item without children
  /// is passed over.
  @Test func toggleExpansionExpandsCollapsesAndReconfigures() {
    let (updater, view) = makeOutline()
    view.canReconfigureItems = true
    var completions = 0
    updater.toggleExpansion(of: Item(1)) { completions += 1 }
    #expect(view.shownItems == items([1, 2, 3, 5]))
    #expect(updater.snapshot(for: .main).isExpanded(Item(1)))
    #expect(view.events.contains(.reconfigure([0, 0])))
    view.clearEvents()
    updater.toggleExpansion(of: Item(1)) { completions += 1 }
    #expect(view.shownItems == items([1, 5]))
    #expect(!updater.snapshot(for: .main).isExpanded(Item(1)))
    #expect(view.events.contains(.reconfigure([0, 0])))
    view.clearEvents()
    updater.toggleExpansion(of: Item(6)) { completions += 1 }  // 6 has no children
    #expect(view.events.isEmpty)
    #expect(completions == 3)
    #expect(view.problems == [])
  }

  /// `should` decides, `will` runs before the batch, `did` once the view shows it.
  @Test func theHandlersSurroundTheBatch() {
    let (updater, view) = makeOutline()
    view.completesImmediately = false
    var calls: [String] = []
    updater.sectionSnapshotHandlers.shouldExpandItem = { $0.id != 5 }
    updater.sectionSnapshotHandlers.willExpandItem = { item in
      calls.append("will expand \(item.id), \(view.shownItems.count) shown")
    }
    updater.sectionSnapshotHandlers.didExpandItem = { item in
      calls.append("did expand \(item.id), \(view.shownItems.count) shown")
    }
    updater.sectionSnapshotHandlers.willCollapseItem = { calls.append("will collapse \($0.id)") }
    updater.sectionSnapshotHandlers.didCollapseItem = { calls.append("did collapse \($0.id)") }
    updater.expand(items([1, 5]))
    #expect(calls == ["will expand 1, 2 shown"])
    view.finishAnimations()
    #expect(calls == ["will expand 1, 2 shown", "did expand 1, 4 shown"])
    updater.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
    updater.collapse(items([1]))
    view.finishAnimations()
    updater.sectionSnapshotHandlers.shouldCollapseItem = nil
    updater.collapse(items([1]))
    view.finishAnimations()
    #expect(calls.suffix(2) == ["will collapse 1", "did collapse 1"])
    #expect(view.shownItems == items([1, 5]))
    #expect(view.problems == [])
  }

  /// Children loaded when their parent first expands, in a flat list that had none.
  @Test func childrenLoadedOnExpanding() {
    let (updater, view) = makeList(items([1, 2]))
    updater.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      guard children.items.isEmpty else { return children }
      var loaded = Outline()
      loaded.append(items([parent.id * 10, parent.id * 10 + 1]))
      return loaded
    }
    updater.expand(items([2]))
    #expect(view.shownItems == items([1, 2, 20, 21]))
    #expect(updater.level(of: Item(21)) == 1)
    updater.collapse(items([2]))
    updater.expand(items([2]))  // loaded once: the children are kept
    #expect(view.shownItems == items([1, 2, 20, 21]))
    #expect(view.problems == [])
  }

  /// An outline built again from new data keeps what the user expanded, unless it says
  /// otherwise; new content in the children is shown.
  @Test func theExpansionSurvivesNewData() {
    let (updater, view) = makeOutline()
    updater.expand(items([1, 2]))
    updater.apply(outline([nil: [1, 5, 7], 1: [2, 3], 2: [4, 8], 5: [6]]))
    #expect(view.shownItems == items([1, 2, 4, 8, 3, 5, 7]))
    #expect(updater.snapshot(for: .main).isExpanded(Item(2)))
    var collapsing = outline([nil: [1, 5, 7], 1: [2, 3], 2: [4, 8], 5: [6]])
    collapsing.collapse(items([1]))
    updater.apply(collapsing)
    #expect(view.shownItems == items([1, 5, 7]))
    #expect(view.problems == [])
  }

  /// A change of another kind ends the outline: the list becomes its items, as roots.
  @Test func aPlainChangeEndsTheOutline() {
    let (updater, view) = makeOutline()
    updater.expand(items([1]))
    updater.apply(ListChange(old: items([1, 2, 3, 5]), new: items([3, 1])))
    #expect(view.shownItems == items([3, 1]))
    #expect(updater.snapshot(for: .main).rootItems == items([3, 1]))
    #expect(updater.level(of: Item(3)) == 0)
    #expect(view.problems == [])
  }

  /// Random edits of the tree, expansions and collapses, applied or made through the updater
  /// while animations end at random moments: every batch keeps UIKit's rules and, once they
  /// end, the view shows the visible items.
  @Test(arguments: 0..<6)
  func randomOutlines(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: 1_300 + seed)
    let (updater, view) = makeList([])
    view.completesImmediately = false
    view.isBindable = { $0[1].isMultiple(of: 2) }
    for step in 0..<300 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        var next = updater.snapshot(for: .main)
        next.randomEdit(step: step, using: &random)
        updater.apply(next, animatingDifferences: Bool.random(using: &random))
      case 4..<6:
        let shown = updater.snapshot(for: .main).items
        guard !shown.isEmpty else { continue }
        let item = shown[Int.random(in: 0..<shown.count, using: &random)]
        if Bool.random(using: &random) {
          updater.expand([item])
        } else {
          updater.collapse([item])
        }
      case 6..<8: view.finishNextAnimation()
      default: view.finishAnimations()
      }
      #expect(view.problems == [], "seed \(seed), step \(step)")
      if !updater.isUpdating && !view.isAnimating {
        #expect(
          view.shownItems == updater.snapshot(for: .main).visibleItems,
          "seed \(seed), step \(step)")
      }
      if !view.problems.isEmpty { return }
    }
  }
}

extension ListSectionSnapshot where Item == ListDiffTestItem {
  /// Applies one random edit of the tree with valid arguments: new items get identifiers from
  /// `step`.
  mutating func randomEdit(step: Int, using random: inout SeededRandomNumberGenerator) {
    let present = items
    let new = (0..<Int.random(in: 1...3, using: &random)).map { Item(step * 10 + $0) }
    let any = present.isEmpty ? nil : present[Int.random(in: 0..<present.count, using: &random)]
    switch Int.random(in: 0..<6, using: &random) {
    case 0: append(new, to: any)
    case 1: append(new)
    case 2 where any != nil: insert(new, before: any!)
    case 3 where any != nil: insert(new, after: any!)
    case 4 where any != nil: delete([any!])
    case 5 where any != nil: expand([any!])
    default: append(new, to: any)
    }
  }
}

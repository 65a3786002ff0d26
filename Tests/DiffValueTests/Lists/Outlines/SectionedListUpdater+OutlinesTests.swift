import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Outlines shown in the sections of a sectioned list.
@MainActor
@Suite struct SectionedListUpdaterOutlinesTests {
  @Test func anOutlineIsShownInItsSectionOnly() {
    let (updater, view) = makeSectioned([
      Group("a", items: items([1])), Group("b", items: items([9])),
    ])
    var tree = outline([nil: [2, 5], 2: [3, 4]])
    tree.expand(items([2]))
    updater.apply(tree, to: "a")
    #expect(view.shown == [Group("a", items: items([2, 3, 4, 5])), Group("b", items: items([9]))])
    #expect(updater.level(of: Item(4)) == 1)
    #expect(updater.snapshot(for: "a").isExpanded(Item(2)))
    #expect(updater.snapshot(for: "b").rootItems == items([9]))
    #expect(updater.snapshot(for: "z").items == [])
    updater.apply(outline([nil: [7]]), to: "c")  // a section not there is added at the end
    #expect(view.shown.map(\.model) == ["a", "b", "c"])
    #expect(view.problems == [])
  }

  @Test func expandingAndCollapsingInTheirSections() {
    let (updater, view) = makeSectioned([])
    updater.apply(outline([nil: [1], 1: [2]]), to: "a")
    updater.apply(outline([nil: [5], 5: [6]]), to: "b")
    view.clearEvents()
    var expanded: [Int] = []
    updater.sectionSnapshotHandlers.didExpandItem = { expanded.append($0.id) }
    updater.expand(items([1, 5]))
    #expect(view.batches == [BatchUpdate(inserts: [[0, 1], [1, 1]])])
    #expect(expanded == [1, 5])
    updater.collapse(items([5]))
    #expect(view.shown == [Group("a", items: items([1, 2])), Group("b", items: items([5]))])
    #expect(view.problems == [])
  }

  /// A disclosure's tap toggles the item in its section, then reconfigures it.
  @Test func toggleExpansionInItsSection() {
    let (updater, view) = makeSectioned([])
    updater.apply(outline([nil: [1], 1: [2]]), to: "a")
    updater.apply(outline([nil: [5], 5: [6]]), to: "b")
    view.canReconfigureItems = true
    view.clearEvents()
    updater.toggleExpansion(of: Item(5))
    #expect(view.shown == [Group("a", items: items([1])), Group("b", items: items([5, 6]))])
    #expect(view.events.contains(.reconfigure([1, 0])))
    updater.toggleExpansion(of: Item(5))
    #expect(view.shown == [Group("a", items: items([1])), Group("b", items: items([5]))])
    view.clearEvents()
    updater.toggleExpansion(of: Item(2))  // no children (and not shown)
    #expect(view.events.isEmpty)
    #expect(view.problems == [])
  }

  /// A section's new outline keeps what the user expanded there.
  @Test func theExpansionSurvivesNewData() {
    let (updater, view) = makeSectioned([])
    updater.apply(outline([nil: [1], 1: [2]]), to: "a")
    updater.expand(items([1]))
    updater.apply(outline([nil: [1, 3], 1: [2, 4]]), to: "a")
    #expect(view.shown == [Group("a", items: items([1, 2, 4, 3]))])
    #expect(view.problems == [])
  }
}

import DiffValue
import TestSupport
import Testing

typealias Group = ListSection<String, ListDiffTestItem>

@MainActor
@Suite struct SectionedListUpdaterTests {
  func make(_ sections: [Group], threshold: Int = 1_000)
    -> (SectionedListUpdater<Group>, SimulatedListView<String, ListDiffTestItem>)
  {
    var updater: SectionedListUpdater<Group>!
    let view = SimulatedListView(showing: sections) { updater.sections }
    updater = SectionedListUpdater(view: view, sections: sections, reloadThreshold: threshold)
    return (updater, view)
  }

  @Test func stagesRunInOrderAndTheCompletionFollowsTheLast() {
    let old = [
      Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)]),
    ]
    let new = [
      Group("b", items: [Item(3, revision: 1), Item(1)]), Group("a", items: [Item(2)]),
    ]
    let (updater, view) = make(old)
    view.completesImmediately = false
    var completed = false
    updater.apply(SectionedListChange(old: old, new: new)) { completed = true }
    while view.isAnimating {
      #expect(!completed)
      view.finishAnimations()
    }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.shown.map(\.model) == ["b", "a"])
    #expect(view.shown.map(\.items) == new.map(\.items))
  }

  @Test(arguments: 0..<4)
  func randomSectionedStreamsKeepTheViewRight(seed: Int) {
    var generator = SeededRandomNumberGenerator(seed: UInt64(1_000 + seed))
    func randomSections(_ step: Int) -> [Group] {
      var used = Set<Int>()
      return (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
        let name = ["a", "b", "c", "d", "e"].randomElement(using: &generator)!
        let items = (0..<Int.random(in: 0..<6, using: &generator)).compactMap { _ -> Item? in
          let id = Int.random(in: 0..<20, using: &generator)
          guard used.insert(id).inserted else { return nil }
          return Item(id, revision: Int.random(in: 0..<2, using: &generator))
        }
        return Group(name, items: items)
      }.reduce(into: [Group]()) { sections, section in
        if !sections.contains(where: { $0.model == section.model }) { sections.append(section) }
      }
    }
    var current = randomSections(0)
    let (updater, view) = make(current)
    view.completesImmediately = false
    view.isBindable = { ($0[0] + $0[1]).isMultiple(of: 2) }
    for step in 1..<200 {
      let next = randomSections(step)
      updater.apply(SectionedListChange(old: current, new: next))
      current = next
      if Bool.random(using: &generator) { view.finishAnimations() }
    }
    view.finishAnimations()
    #expect(view.problems == [], "seed \(seed)")
    #expect(view.shown.map(\.model) == current.map(\.model), "seed \(seed)")
    #expect(view.shown.map(\.items) == current.map(\.items), "seed \(seed)")
  }
}

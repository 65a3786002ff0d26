import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import TestSupport
import Testing

/// A list view between an updater and a simulated view that checks, batch by batch, what the
/// simulated view cannot know: that no bindable cell on screen is replaced while its item
/// survives (where UIKit allows keeping it), and that no section whose header can be re-bound
/// is reloaded.
@MainActor
final class CellKeepingCheck<Model: Equatable>: ListView {
  let view: SimulatedListView<Model, Item>
  private(set) var problems: [String] = []

  init(_ view: SimulatedListView<Model, Item>) { self.view = view }

  func performListUpdate(
    _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    performListUpdate(
      update, reconfiguring: [], animation: animation, updatingData: updatingData,
      completion: completion)
  }

  var canReconfigureItems: Bool { view.canReconfigureItems }

  func performListUpdate(
    _ update: BatchUpdate, reconfiguring: [IndexPath], animation: ListAnimation,
    updatingData: () -> Void, completion: @escaping (Bool) -> Void
  ) {
    for section in update.sectionReloads where view.hasBindableHeader(section) {
      problems.append("section \(section) reloaded though its header can be re-bound: \(update)")
    }
    // The bindable cells on screen, by item, where UIKit lets a cell stay: its section is
    // neither deleted nor reloaded. (Between the stages of a sectioned change, an item moving
    // into an inserted section shows there while its old place is still shown: such items,
    // shown twice, are left out.)
    let leaving = Set(update.sectionDeletes + update.sectionReloads)
    let shownTwice = Self.itemsShownTwice(view.shown)
    var kept: [Int: Int] = [:]
    for (section, group) in view.shown.enumerated() where !leaving.contains(section) {
      for (index, item) in group.items.enumerated() {
        let indexPath = IndexPath(indexes: [section, index])
        if view.isOnScreen(indexPath), view.isBindable(indexPath), !shownTwice.contains(item.id) {
          kept[item.id] = view.cellIdentity(at: indexPath)
        }
      }
    }
    view.performListUpdate(
      update, reconfiguring: reconfiguring, animation: animation, updatingData: updatingData,
      completion: completion)
    let arriving = Set(update.sectionInserts + update.sectionReloads)
    let nowShownTwice = Self.itemsShownTwice(view.shown)
    for (section, group) in view.shown.enumerated() where !arriving.contains(section) {
      for (index, item) in group.items.enumerated() {
        guard let before = kept[item.id], !nowShownTwice.contains(item.id) else { continue }
        if view.cellIdentity(at: IndexPath(indexes: [section, index])) != before {
          problems.append("the cell of \(item) was replaced in \(update)")
        }
      }
    }
  }

  /// The items whose identifier is shown more than once.
  static func itemsShownTwice(_ sections: [ListSection<Model, Item>]) -> Set<Int> {
    var seen = Set<Int>()
    var twice = Set<Int>()
    for section in sections {
      for item in section.items where !seen.insert(item.id).inserted { twice.insert(item.id) }
    }
    return twice
  }

  func reloadList(updatingData: () -> Void) { view.reloadList(updatingData: updatingData) }

  func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
    view.bindableCell(at: indexPath)
  }

  func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? {
    view.bindableSupplementaryViews(inSection: section)
  }

  var isInWindow: Bool { view.isInWindow }
}

/// Random streams of changes through the simulated view, with animations that end at random
/// moments, so that changes coalesce; cells that are bindable or not, on screen or not; users
/// moving rows; the view leaving its window; and the screen released at a random moment.
///
/// Every batch is checked with UIKit's rules, and what the view shows after it.
@MainActor
@Suite struct ListUpdaterRandomizedTests {
  @Test(arguments: 0..<8)
  func flatStreams(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    var current = items(Array(0..<12))
    final class Reference { weak var updater: ListUpdater<Item>? }
    let reference = Reference()
    let view = SimulatedListView(showingItems: current) { reference.updater?.items ?? [] }
    let check = CellKeepingCheck(view)
    var updater: ListUpdater<Item>? = ListUpdater(view: check, items: current, reloadThreshold: 40)
    reference.updater = updater
    updater?.offWindowUpdates = (seed / 2).isMultiple(of: 2) ? .batch : .reload
    let bindableSalt = Int.random(in: 0..<3, using: &random)
    view.isBindable = { ($0[1] + bindableSalt) % 3 != 0 }
    view.canReconfigureItems = seed.isMultiple(of: 2)  // UIKit's views, or AppKit's
    var firstOnScreen = 0
    view.isOnScreen = { $0[1] >= firstOnScreen && $0[1] < firstOnScreen + 8 }
    runStream(
      seed: seed, steps: 400, view: check, random: &random,
      isUpdating: { updater?.isUpdating }, release: { updater = nil },
      expected: { [ListSection("list", items: current)] },
      change: { step, random in
        let next = randomChange(of: current, step: step, using: &random)
        updater?.apply(ListChange(old: current, new: next), animated: Bool.random(using: &random))
        current = next
      },
      other: { random in
        if Bool.random(using: &random) {
          firstOnScreen = Int.random(in: 0..<8, using: &random)
        } else if let updater, !view.isAnimating, current.count > 1 {
          // The user drags a row.
          let from = Int.random(in: 0..<current.count, using: &random)
          let to = Int.random(in: 0..<current.count, using: &random)
          view.simulateUserMove(from: [0, from], to: [0, to])
          current.insert(current.remove(at: from), at: to)
          updater.applyAlreadyShown(current)
        }
      })
  }

  @Test(arguments: 0..<8)
  func sectionedStreams(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: 1_000 + seed)
    var current = randomSections(using: &random)
    current = randomSections(from: current, step: 1, using: &random)
    final class Reference { weak var updater: SectionedListUpdater<TitledGroup>? }
    let reference = Reference()
    let view = SimulatedListView(showing: current) { reference.updater?.sections ?? [] }
    let check = CellKeepingCheck(view)
    var updater: SectionedListUpdater<TitledGroup>? = SectionedListUpdater(
      view: check, sections: current)
    reference.updater = updater
    updater?.offWindowUpdates = (seed / 2).isMultiple(of: 2) ? .batch : .reload
    view.isBindable = { ($0[0] + $0[1]).isMultiple(of: 2) || $0[1] > 3 }
    view.canReconfigureItems = seed.isMultiple(of: 2)
    // Sections "a" and "d" have plain headers: a changed title reloads them.
    view.hasBindableHeader = { [weak view] section in
      view.map { !["a", "d"].contains($0.shown[section].model.name) } ?? false
    }
    runStream(
      seed: seed, steps: 300, view: check, random: &random,
      isUpdating: { updater?.isUpdating }, release: { updater = nil }, expected: { current },
      change: { step, random in
        let next = randomSections(from: current, step: step + 2, using: &random)
        updater?.apply(
          SectionedListChange(old: current, new: next), animated: Bool.random(using: &random))
        current = next
      },
      other: { _ in })
  }

  /// Runs a stream: at each step a change, the end of one or all animations, the view leaving
  /// or entering its window, or `other`; every other seed releases the screen at a random step.
  ///
  /// After each step, no problem; once idle, the view shows `expected`; after the release, the
  /// view is never called again.
  func runStream<Model: Equatable>(
    seed: UInt64, steps: Int, view check: CellKeepingCheck<Model>,
    random: inout SeededRandomNumberGenerator, isUpdating: () -> Bool?, release: () -> Void,
    expected: () -> [ListSection<Model, Item>],
    change: (Int, inout SeededRandomNumberGenerator) -> Void,
    other: (inout SeededRandomNumberGenerator) -> Void
  ) {
    let view = check.view
    view.completesImmediately = false
    let releaseStep =
      seed.isMultiple(of: 2) ? nil : Int.random(in: steps / 2..<steps, using: &random)
    var eventsWhenReleased: Int?
    for step in 0..<steps {
      if step == releaseStep {
        release()
        eventsWhenReleased = view.events.count
      }
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<9 where eventsWhenReleased == nil: change(step, &random)
      case 9..<14: view.finishNextAnimation()
      case 14..<17: view.finishAnimations()
      case 17:
        view.isInWindow = !view.isInWindow || Int.random(in: 0..<4, using: &random) != 0
      default: if eventsWhenReleased == nil { other(&random) }
      }
      #expect(view.problems == [], "seed \(seed), step \(step)")
      #expect(check.problems == [], "seed \(seed), step \(step)")
      if isUpdating() == false, !view.isAnimating {
        #expect(view.shown == expected(), "seed \(seed), step \(step)")
      }
      if !view.problems.isEmpty || !check.problems.isEmpty { return }
    }
    view.finishAnimations()
    #expect(view.problems == [], "seed \(seed)")
    if let eventsWhenReleased {
      #expect(view.events.count == eventsWhenReleased, "seed \(seed): the view was called")
    } else {
      #expect(view.shown == expected(), "seed \(seed)")
    }
  }

  /// A random next list: some items go, the rest shuffle a little, some change, some arrive.
  func randomChange(of current: [Item], step: Int, using random: inout SeededRandomNumberGenerator)
    -> [Item]
  {
    var next = current.filter { _ in Int.random(in: 0..<6, using: &random) != 0 }
    if Bool.random(using: &random) { next.shuffle(using: &random) }
    for index in next.indices where Int.random(in: 0..<4, using: &random) == 0 {
      next[index].revision += 1
    }
    for _ in 0..<Int.random(in: 0..<4, using: &random) {
      next.insert(
        Item(100 + step * 4 + Int.random(in: 0..<4, using: &random)),
        at: Int.random(in: 0...next.count, using: &random))
    }
    if Int.random(in: 0..<50, using: &random) == 0 { next = [] }
    var seen = Set<Int>()
    return next.filter { seen.insert($0.id).inserted }
  }

  /// Sections with unique items, evolving from `previous`: sections come, go and swap,
  /// items move within and across sections, change, come and go, titles change.
  func randomSections(
    from previous: [TitledGroup] = [], step: Int = 0,
    using random: inout SeededRandomNumberGenerator
  ) -> [TitledGroup] {
    var sections = previous
    var nextID = 1_000 + step * 100
    func newItem() -> Item {
      nextID += 1
      return Item(nextID)
    }
    let names = ["a", "b", "c", "d", "e"]
    if sections.isEmpty || Int.random(in: 0..<5, using: &random) == 0,
      let name = names.filter({ name in !sections.contains { $0.model.name == name } })
        .randomElement(using: &random)
    {
      let section = TitledGroup(
        Header(name: name, title: "x"),
        items: (0..<Int.random(in: 0..<4, using: &random)).map { _ in newItem() })
      sections.insert(section, at: Int.random(in: 0...sections.count, using: &random))
    }
    if sections.count > 1, Int.random(in: 0..<8, using: &random) == 0 {
      sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
    }
    if sections.count > 1, Int.random(in: 0..<4, using: &random) == 0 {
      sections.swapAt(
        Int.random(in: 0..<sections.count, using: &random),
        Int.random(in: 0..<sections.count, using: &random))
    }
    for section in sections.indices {
      if Int.random(in: 0..<6, using: &random) == 0 {
        sections[section].model.title = sections[section].model.title == "x" ? "y" : "x"
      }
      var items = sections[section].items.filter { _ in Int.random(in: 0..<8, using: &random) != 0 }
      for index in items.indices where Int.random(in: 0..<4, using: &random) == 0 {
        items[index].revision += 1
      }
      if items.count > 1, Int.random(in: 0..<3, using: &random) == 0 {
        items.swapAt(
          Int.random(in: 0..<items.count, using: &random),
          Int.random(in: 0..<items.count, using: &random))
      }
      for _ in 0..<Int.random(in: 0..<2, using: &random) {
        items.insert(newItem(), at: Int.random(in: 0...items.count, using: &random))
      }
      sections[section].items = items
    }
    // An item moves to another section.
    if sections.count > 1, Int.random(in: 0..<2, using: &random) == 0 {
      let from = Int.random(in: 0..<sections.count, using: &random)
      let to = Int.random(in: 0..<sections.count, using: &random)
      if !sections[from].items.isEmpty {
        var item = sections[from].items.remove(
          at: Int.random(in: 0..<sections[from].items.count, using: &random))
        if Bool.random(using: &random) { item.revision += 1 }
        sections[to].items.insert(
          item, at: Int.random(in: 0...sections[to].items.count, using: &random))
      }
    }
    return sections
  }
}

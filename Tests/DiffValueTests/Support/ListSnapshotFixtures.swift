import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import TestSupport
import Testing

extension ListSnapshot where Section == String, Item == ListDiffTestItem {
  /// Applies one random edit by one of the diffable data source's names, with valid arguments:
  /// new items get identifiers from `step`; now and then an identifier is repeated.
  mutating func randomEdit(step: Int, using random: inout SeededRandomNumberGenerator) {
    let names = ["a", "b", "c", "d", "e", "f"]
    let missing = names.filter { indexOfSection($0) == nil }
    let present = itemIdentifiers
    let newItems = (0..<Int.random(in: 1...3, using: &random)).map { Item(step * 10 + $0) }
    func one<Element>(_ values: [Element], _ random: inout SeededRandomNumberGenerator) -> Element {
      values[Int.random(in: 0..<values.count, using: &random)]
    }
    let choice = Int.random(in: 0..<15, using: &random)
    if sections.isEmpty || (choice == 0 && !missing.isEmpty) {
      return appendSections([missing.isEmpty ? "a" : one(missing, &random)])
    }
    let section = one(sectionIdentifiers, &random)
    switch choice {
    case 0, 1:
      // A section already there now and then: the list shows it twice.
      let name =
        missing.isEmpty || Int.random(in: 0..<8, using: &random) == 0
        ? one(names, &random) : one(missing, &random)
      if Bool.random(using: &random) {
        insertSections([name], beforeSection: section)
      } else {
        insertSections([name], afterSection: section)
      }
    case 2: deleteSections([section])
    case 3:
      let anchor = one(sectionIdentifiers, &random)
      if Bool.random(using: &random) {
        moveSection(section, beforeSection: anchor)
      } else {
        moveSection(section, afterSection: anchor)
      }
    case 4, 5:
      let repeated = !present.isEmpty && Int.random(in: 0..<8, using: &random) == 0
      appendItems(
        repeated ? [one(present, &random)] : newItems,
        toSection: Bool.random(using: &random) ? section : nil)
    case 6 where !present.isEmpty:
      if Bool.random(using: &random) {
        insertItems(newItems, beforeItem: one(present, &random))
      } else {
        insertItems(newItems, afterItem: one(present, &random))
      }
    case 7 where !present.isEmpty:
      deleteItems([one(present, &random), one(present, &random)])
    case 8 where !present.isEmpty, 9 where !present.isEmpty:
      if Bool.random(using: &random) {
        moveItem(one(present, &random), beforeItem: one(present, &random))
      } else {
        moveItem(one(present, &random), afterItem: one(present, &random))
      }
    case 10 where !present.isEmpty:
      var changed = one(present, &random)
      changed.revision += Int.random(in: 0...1, using: &random)
      reconfigureItems([changed])
    case 11 where !present.isEmpty: reloadItems([one(present, &random)])
    case 12: reloadSections([section])
    case 13 where Int.random(in: 0..<4, using: &random) == 0: deleteAllItems()
    default: appendItems(newItems, toSection: section)
    }
  }
}

/// The cell showing each item whose identifier is shown once, and how many times it was
/// configured: the view asks its cell provider for the cells not made yet.
@MainActor
func cellsByItem<Model>(_ view: SimulatedListView<Model, Item>) -> [Int: (SimulatedCell, Int)] {
  var occurrences: [Int: Int] = [:]
  for item in view.shown.flatMap(\.items) { occurrences[item.id, default: 0] += 1 }
  var cells: [Int: (SimulatedCell, Int)] = [:]
  for (section, group) in view.shown.enumerated() {
    for (row, item) in group.items.enumerated() where occurrences[item.id] == 1 {
      if let cell = view.cell(at: [section, row]) {
        cells[item.id] = (cell, cell.configurationCount)
      }
    }
  }
  return cells
}

/// The problems with how the items a snapshot marked were shown again, between the cells
/// before and after it was applied: a reloaded item, or one of a reloaded section, needs a new
/// cell; a reconfigured one a new cell, or its cell configured again.
func refreshProblems(
  _ marked: ListSnapshot<String, Item>, before: [Int: (SimulatedCell, Int)],
  after: [Int: (SimulatedCell, Int)]
) -> [String] {
  var problems: [String] = []
  let reloadedSections = marked.reloadedSectionIdentifiers.flatMap {
    marked.itemIdentifiers(inSection: $0)
  }
  for item in marked.reloadedItemIdentifiers + reloadedSections {
    if let old = before[item.id], let new = after[item.id], old.0 === new.0 {
      problems.append("\(item) was marked to reload and kept its cell")
    }
  }
  for item in marked.reconfiguredItemIdentifiers {
    if let old = before[item.id], let new = after[item.id], old.0 === new.0, new.1 == old.1 {
      problems.append("\(item) was marked to reconfigure and its cell was not configured again")
    }
  }
  return problems
}

/// Applies random snapshot edits by every name while animations end at random moments.
///
/// Each step checks that no rule is broken, that the updater's snapshot is the one applied, and
/// once the animations end, that the view shows it. Views of even seeds reconfigure cells.
///
/// - Parameters:
///   - base: The snapshot to edit after `applied`, as `snapshot()` gives it.
///   - apply: Applies a snapshot, animated or not.
///   - pending: What the updater's `snapshot()` holds, as sections the view would show.
///   - shows: What the view must show for a snapshot.
@MainActor
func runRandomSnapshotEdits(
  seed: UInt64, view: SimulatedListView<String, Item>,
  isUpdating: () -> Bool, base: (ListSnapshot<String, Item>) -> ListSnapshot<String, Item>,
  apply: (ListSnapshot<String, Item>, Bool) -> Void, pending: () -> [ListSection<String, Item>],
  shows: (ListSnapshot<String, Item>) -> [ListSection<String, Item>]
) {
  var random = SeededRandomNumberGenerator(seed: seed)
  view.completesImmediately = false
  view.canReconfigureItems = seed.isMultiple(of: 2)
  var expected = ListSnapshot<String, Item>()
  for step in 0..<300 {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<6:
      expected = base(expected)
      expected.randomEdit(step: step, using: &random)
      apply(expected, Bool.random(using: &random))
      #expect(pending() == shows(expected), "seed \(seed), step \(step)")
    case 6..<8: view.finishNextAnimation()
    default: view.finishAnimations()
    }
    #expect(view.problems == [], "seed \(seed), step \(step)")
    if !isUpdating() && !view.isAnimating {
      #expect(view.shown == shows(expected), "seed \(seed), step \(step)")
    }
    if !view.problems.isEmpty { return }
  }
  view.finishAnimations()
  #expect(view.shown == shows(expected), "seed \(seed)")
}

/// Applies random snapshot edits one at a time to a view whose cells come from a cell provider.
///
/// Now and then the first item is marked to reconfigure. Each item marked, or in a section
/// marked, must get a new cell (a reload) or its cell configured again (a reconfigure), whatever
/// else the snapshot changed. Views of odd seeds reconfigure cells.
///
/// - Parameters:
///   - base: The snapshot to edit after the last one applied.
///   - apply: Applies a snapshot.
///   - shows: What the view must show for a snapshot.
@MainActor
func checkMarkedItemsAreShownAgain(
  seed: UInt64, view: SimulatedListView<String, Item>,
  base: (ListSnapshot<String, Item>) -> ListSnapshot<String, Item>,
  apply: (ListSnapshot<String, Item>) -> Void,
  shows: (ListSnapshot<String, Item>) -> [ListSection<String, Item>]
) {
  var random = SeededRandomNumberGenerator(seed: seed)
  view.canReconfigureItems = !seed.isMultiple(of: 2)
  var next = ListSnapshot<String, Item>()
  for step in 0..<200 {
    next = base(next)
    next.randomEdit(step: step, using: &random)
    if Bool.random(using: &random), !next.itemIdentifiers.isEmpty {
      next.reconfigureItems([next.itemIdentifiers[0]])
    }
    let before = cellsByItem(view)
    apply(next)
    #expect(view.problems == [], "seed \(seed), step \(step)")
    #expect(view.shown == shows(next), "seed \(seed), step \(step)")
    let problems = refreshProblems(next, before: before, after: cellsByItem(view))
    #expect(problems == [], "seed \(seed), step \(step)")
    if !view.problems.isEmpty || !problems.isEmpty { return }
  }
}

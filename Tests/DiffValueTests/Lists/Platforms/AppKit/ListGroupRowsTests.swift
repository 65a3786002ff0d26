import Foundation
import ListDiffTestSupport
import TestSupport
import Testing

@testable import DiffValue

/// A sectioned list as one table view's rows: each section's header, then its items.
@MainActor
@Suite struct ListGroupRowsTests {
  /// What a row of the model shows: a section's header or an item, with its value.
  enum FlatRow: Equatable, CustomStringConvertible {
    case header(ListDiffTestItem)
    case item(ListDiffTestItem)

    var description: String {
      switch self {
      case .header(let model): "[\(model)]"
      case .item(let item): "\(item)"
      }
    }
  }

  typealias Sections = [ListSection<ListDiffTestItem, ListDiffTestItem>]

  func flatten(_ sections: Sections) -> [FlatRow] {
    sections.flatMap { [FlatRow.header($0.model)] + $0.items.map(FlatRow.item) }
  }

  func rows(_ sections: Sections) -> ListGroupRows {
    ListGroupRows(itemCounts: sections.map(\.items.count))
  }

  /// Replays the calls NSTableView gets for a sectioned batch update, one after the other; a
  /// row neither removed nor inserted keeps its old value, an inserted one is fetched from the
  /// data after the update.
  func replay(_ update: BatchUpdate, from old: Sections, to new: Sections) -> [FlatRow] {
    let before = rows(old)
    let calls = RowChangesInSequence(
      before.rowUpdate(update, to: rows(new)), oldCount: before.count)
    var shown = flatten(old)
    let fetched = flatten(new)
    for row in calls.removed.reversed() { shown.remove(at: row) }
    for move in calls.moves { shown.insert(shown.remove(at: move.from), at: move.to) }
    for row in calls.inserted { shown.insert(fetched[row], at: row) }
    return shown
  }

  @Test func rowsMapToHeadersAndItemsAndBack() {
    let rows = ListGroupRows(itemCounts: [2, 0, 1])
    #expect(rows.count == 6)
    #expect(rows.sectionCount == 3)
    let contents = (0..<rows.count).map { rows.content(ofRow: $0) }
    #expect(
      contents == [
        .header(section: 0), .item(IndexPath(indexes: [0, 0])), .item(IndexPath(indexes: [0, 1])),
        .header(section: 1), .header(section: 2), .item(IndexPath(indexes: [2, 0])),
      ])
    #expect(rows.content(ofRow: 6) == nil)
    #expect(rows.content(ofRow: -1) == nil)
    #expect(rows.row(for: IndexPath(indexes: [2, 0])) == 5)
    #expect(rows.row(for: IndexPath(indexes: [1, 0])) == nil)  // an empty section
    #expect(rows.headerRow(ofSection: 2) == 4)
    #expect(ListGroupRows(itemCounts: []).count == 0)
  }

  /// The visible rows of a table view, as `keepsFirstVisibleItemInPlace` reads them: headers
  /// are left out, items keep their index paths.
  @Test func visibleRowsGiveTheirItems() {
    let rows = ListGroupRows(itemCounts: [2, 0, 1])
    let items = rows.itemRows(in: 2..<9)
    #expect(items.map(\.row) == [2, 5])
    #expect(items.map(\.indexPath) == [IndexPath(indexes: [0, 1]), IndexPath(indexes: [2, 0])])
    #expect(rows.itemRows(in: 3..<5).isEmpty)  // two headers
  }

  @Test func aMovedSectionTakesItsHeaderAndItemsAlong() {
    let old: Sections = [
      ListSection(ListDiffTestItem(100), items: [ListDiffTestItem(1), ListDiffTestItem(2)]),
      ListSection(ListDiffTestItem(200), items: [ListDiffTestItem(3)]),
    ]
    let new = [old[1], old[0]]
    let update = BatchUpdate(sectionMoves: [BatchUpdate.SectionMove(from: 1, to: 0)])
    #expect(replay(update, from: old, to: new) == flatten(new))
    let calls = RowChangesInSequence(
      rows(old).rowUpdate(update, to: rows(new)), oldCount: rows(old).count)
    #expect(calls.removed.isEmpty && calls.inserted.isEmpty)  // the rows keep their views
  }

  @Test func aDeletedSectionAndAnInsertedItemInAnother() {
    let old: Sections = [
      ListSection(ListDiffTestItem(100), items: [ListDiffTestItem(1)]),
      ListSection(ListDiffTestItem(200), items: [ListDiffTestItem(2)]),
    ]
    let new: Sections = [
      ListSection(ListDiffTestItem(200), items: [ListDiffTestItem(3), ListDiffTestItem(2)])
    ]
    let update = BatchUpdate(sectionDeletes: [0], inserts: [IndexPath(indexes: [0, 0])])
    #expect(replay(update, from: old, to: new) == flatten(new))
  }

  /// Random sectioned changes, as the updaters split them into stages (sections and items
  /// inserted, deleted, moved and changed at once, items moving across sections): replayed as
  /// NSTableView's calls, each stage shows what UIKit's rules make of it (`BatchUpdateChecker`:
  /// kept and moved rows keep their old values).
  @Test(arguments: [
    SectionedListDiff<ListSection<ListDiffTestItem, ListDiffTestItem>>.Staging
      .preservingMoves, .singleBatch,
  ])
  func randomBatchesReplayAsUIKitsRulesSay(
    staging: SectionedListDiff<ListSection<ListDiffTestItem, ListDiffTestItem>>.Staging
  ) {
    let seed: UInt64 = 38
    var generator = SeededRandomNumberGenerator(seed: seed)
    for index in 0..<1_500 {
      let old = randomSections(using: &generator, start: 0)
      let new = changed(old, using: &generator, case: index)
      var shown = old
      for stage in SectionedListDiff(old: old, new: new, staging: staging).stages {
        guard
          case .success(let expected) = BatchUpdateChecker.apply(
            stage.update, to: shown, reference: stage.sections)
        else {
          Issue.record("seed \(seed), case \(index): the diff's stage is invalid")
          break
        }
        let replayed = replay(stage.update, from: shown, to: stage.sections)
        #expect(
          replayed == flatten(expected),
          "seed \(seed), case \(index): \(old) → \(new), stage \(stage.update)")
        shown = expected
      }
    }
  }

  private func randomSections(using generator: inout SeededRandomNumberGenerator, start: Int)
    -> Sections
  {
    var next = start
    return (0..<Int.random(in: 0..<5, using: &generator)).map { section in
      let items = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
        next += 1
        return ListDiffTestItem(next)
      }
      return ListSection(ListDiffTestItem(1_000 + section), items: items)
    }
  }

  private func changed(
    _ old: Sections, using generator: inout SeededRandomNumberGenerator, case index: Int
  ) -> Sections {
    var new = old.filter { _ in Int.random(in: 0..<5, using: &generator) > 0 }
    new.shuffle(using: &generator)
    if Bool.random(using: &generator) {
      new.insert(
        ListSection(ListDiffTestItem(5_000 + index), items: [ListDiffTestItem(9_000 + index)]),
        at: Int.random(in: 0...new.count, using: &generator))
    }
    for section in new.indices where Bool.random(using: &generator) {
      new[section].model.revision += Int.random(in: 0..<2, using: &generator)
    }
    // Items dropped, changed, shuffled within their section, or moved to another section.
    var loose: [ListDiffTestItem] = []
    for section in new.indices {
      var items = new[section].items.filter { _ in Int.random(in: 0..<4, using: &generator) > 0 }
      for position in items.indices where Int.random(in: 0..<4, using: &generator) == 0 {
        items[position].revision += 1
      }
      if Bool.random(using: &generator) { items.shuffle(using: &generator) }
      if !items.isEmpty, Bool.random(using: &generator) { loose.append(items.removeLast()) }
      new[section].items = items
    }
    for item in loose + [ListDiffTestItem(20_000 + index)] where !new.isEmpty {
      let section = Int.random(in: 0..<new.count, using: &generator)
      new[section].items.insert(
        item, at: Int.random(in: 0...new[section].items.count, using: &generator))
    }
    return new
  }
}

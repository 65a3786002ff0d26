#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sectioned list as the rows of one table view of one section (NSTableView): each section's
/// header as a group row, followed by the section's items.
///
/// It maps rows to what they show and back, and turns a sectioned batch update into the same
/// change of rows, which `RowChangesInSequence` then turns into the calls NSTableView applies one
/// after the other.
package struct ListGroupRows: Hashable, Sendable {
  /// What a row shows.
  package enum Row: Hashable, Sendable {
    /// The header of a section.
    case header(section: Int)
    /// An item, at its index path.
    case item(IndexPath)
  }

  /// The row of each section's header, then the number of rows.
  private var headerRows: [Int]

  /// The rows of sections that hold `itemCounts[section]` items each.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  package init(itemCounts: [Int]) {
    headerRows = [0]
    headerRows.reserveCapacity(itemCounts.count + 1)
    for count in itemCounts { headerRows.append(headerRows[headerRows.count - 1] + 1 + count) }
  }

  /// The number of rows: a header and the items of each section.
  package var count: Int { headerRows[headerRows.count - 1] }

  /// The number of sections.
  package var sectionCount: Int { headerRows.count - 1 }

  /// The number of items of a section.
  package func itemCount(inSection section: Int) -> Int {
    headerRows[section + 1] - headerRows[section] - 1
  }

  /// The row of a section's header.
  package func headerRow(ofSection section: Int) -> Int { headerRows[section] }

  /// The row of an item.
  ///
  /// - Returns: The row, or `nil` for an index path outside the sections.
  package func row(for indexPath: IndexPath) -> Int? {
    guard indexPath.count == 2, (0..<sectionCount).contains(indexPath[0]),
      (0..<itemCount(inSection: indexPath[0])).contains(indexPath[1])
    else { return nil }
    return headerRows[indexPath[0]] + 1 + indexPath[1]
  }

  /// What a row shows.
  ///
  /// - Returns: A header or an item, or `nil` outside the rows.
  /// - Complexity: O(log *s*) for *s* sections.
  package func content(ofRow row: Int) -> Row? {
    guard (0..<count).contains(row) else { return nil }
    // The last section whose header is at or above the row.
    var low = 0
    var high = sectionCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if headerRows[middle] <= row { low = middle } else { high = middle - 1 }
    }
    let offset = row - headerRows[low]
    return offset == 0 ? .header(section: low) : .item(IndexPath(indexes: [low, offset - 1]))
  }
}

extension ListGroupRows {
  /// The rows among `rows` that show items, each with its item's index path, in order: the
  /// visible items of a table view whose visible rows are `rows`.
  ///
  /// - Parameter rows: Rows, in or out of the list's rows.
  /// - Returns: The item rows among them; headers and rows outside the list are left out.
  /// - Complexity: O(*r* + log *s*) for *r* rows and *s* sections.
  package func itemRows(in rows: Range<Int>) -> [(row: Int, indexPath: IndexPath)] {
    rows.clamped(to: 0..<count).compactMap { row in
      guard case .item(let indexPath) = content(ofRow: row) else { return nil }
      return (row, indexPath)
    }
  }

  /// The change of rows that a sectioned batch update makes, by UIKit's rules, from these rows
  /// to `new`: a one-section batch update of rows.
  ///
  /// A deleted or reloaded section takes its header and items out, an inserted or reloaded one
  /// puts them in; a moved section moves its header and each item it keeps; a reloaded item is
  /// taken out and put in again (its row may change as others come and go around it).
  ///
  /// - Parameters:
  ///   - update: A batch update valid by UIKit's rules between these sections and `new`'s.
  ///   - new: The rows after the update.
  /// - Returns: The update of rows, in section 0, without reloads.
  /// - Complexity: O(*n* + *u*) for *n* rows and *u* operations.
  package func rowUpdate(_ update: BatchUpdate, to new: ListGroupRows) -> BatchUpdate {
    var rows = BatchUpdate()
    let oldToNew = Self.stayingPairs(
      oldCount: sectionCount, newCount: new.sectionCount,
      leaving: update.sectionDeletes + update.sectionReloads + update.sectionMoves.map(\.from),
      arriving: update.sectionInserts + update.sectionReloads + update.sectionMoves.map(\.to))
    var sectionTarget = [Int?](repeating: nil, count: sectionCount)
    var sourceOfNew = [Int?](repeating: nil, count: new.sectionCount)
    for (old, target) in oldToNew { (sectionTarget[old], sourceOfNew[target]) = (target, old) }
    var movedSections: Set<Int> = []
    for move in update.sectionMoves {
      (sectionTarget[move.from], sourceOfNew[move.to]) = (move.to, move.from)
      movedSections.insert(move.from)
    }
    let leaving = Dictionary(
      grouping: update.deletes + update.reloads + update.moves.map(\.from), by: { $0[0] })
    let arriving = Dictionary(
      grouping: update.inserts + update.reloads + update.moves.map(\.to), by: { $0[0] })
    for section in 0..<sectionCount where sectionTarget[section] == nil {
      rows.deletes += (headerRows[section]..<headerRows[section + 1]).map(Self.row)
    }
    for section in 0..<new.sectionCount where sourceOfNew[section] == nil {
      rows.inserts += (new.headerRows[section]..<new.headerRows[section + 1]).map(Self.row)
    }
    rows.deletes += (update.deletes + update.reloads).compactMap { row(for: $0).map(Self.row) }
    rows.inserts += (update.inserts + update.reloads).compactMap {
      new.row(for: $0).map(Self.row)
    }
    rows.moves = update.moves.compactMap { move in
      guard let from = row(for: move.from), let to = new.row(for: move.to) else { return nil }
      return BatchUpdate.Move(from: Self.row(from), to: Self.row(to))
    }
    // A moved section moves its header and the items that stay in it.
    for section in movedSections.sorted() {
      guard let target = sectionTarget[section] else { continue }
      rows.moves.append(
        BatchUpdate.Move(
          from: Self.row(headerRows[section]), to: Self.row(new.headerRows[target])))
      let items = Self.stayingPairs(
        oldCount: itemCount(inSection: section), newCount: new.itemCount(inSection: target),
        leaving: leaving[section, default: []].map { $0[1] },
        arriving: arriving[target, default: []].map { $0[1] })
      for (old, newItem) in items {
        rows.moves.append(
          BatchUpdate.Move(
            from: Self.row(headerRows[section] + 1 + old),
            to: Self.row(new.headerRows[target] + 1 + newItem)))
      }
    }
    return rows
  }

  /// The positions that stay, old with new: those neither leaving nor arriving, in order.
  private static func stayingPairs(
    oldCount: Int, newCount: Int, leaving: [Int], arriving: [Int]
  ) -> Zip2Sequence<[Int], [Int]> {
    let leaving = Set(leaving)
    let arriving = Set(arriving)
    return zip(
      (0..<oldCount).filter { !leaving.contains($0) },
      (0..<newCount).filter { !arriving.contains($0) })
  }

  /// A row as an index path of section 0.
  private static func row(_ row: Int) -> IndexPath { IndexPath(indexes: [0, row]) }
}

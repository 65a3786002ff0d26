import ListDiffKit

/// A minimal list item for diff tests: an identity and a content revision.
///
/// Two items are the same item when their `id`s are equal; a different `revision` makes the
/// diff report an update.
public struct ListDiffTestItem: Identifiable, Hashable, Diffable, Sendable, CustomStringConvertible
{
  /// The item's identity.
  public var id: Int
  /// The item's content.
  public var revision: Int

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: The item's identity.
  ///   - revision: The item's content.
  public init(_ id: Int, revision: Int = 0) {
    self.id = id
    self.revision = revision
  }

  /// `id` alone, or `id'revision` when the revision is not 0.
  public var description: String { revision == 0 ? "\(id)" : "\(id)'\(revision)" }
}

/// An identifier whose hash value is the same for every value, to prove that a diff compares
/// identifiers and not their hashes.
public struct CollidingHashKey: Hashable, Diffable, Sendable {
  /// The key's real value.
  public var value: Int

  /// Creates a key.
  ///
  /// - Parameter value: The key's real value.
  public init(_ value: Int) { self.value = value }

  /// Feeds the same constant for every key: all keys collide.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// Independent checks of a list diff, for tests: none of them reuses the diff's own algorithm.
public enum ListDiffVerifier {
  /// Returns the length of a longest strictly increasing subsequence by the O(*k*²) dynamic
  /// program, as an independent bound for the number of items that can stay in place.
  ///
  /// - Parameter values: The sequence.
  /// - Returns: The length of its longest strictly increasing subsequence.
  /// - Complexity: O(*k*²).
  public static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    var longest = 0
    for index in values.indices {
      for earlier in 0..<index where values[earlier] < values[index] {
        best[index] = max(best[index], best[earlier] + 1)
      }
      longest = max(longest, best[index])
    }
    return longest
  }

  /// Checks that a diff describes the change from `old` to `new`; returns the problems found.
  ///
  /// It checks that indices are in range and ascending; that the index maps pair items with
  /// equal identifiers, one to one; that every identifier pairs as many occurrences as it can
  /// (with `pairsAllOccurrences`); that the updates are exactly the matched pairs whose
  /// content differs; that the items which do not move keep their relative order; and that
  /// the number of moves equals the matched count minus the longest increasing subsequence.
  ///
  /// - Parameters:
  ///   - diff: The diff under test.
  ///   - old: The old list.
  ///   - new: The new list.
  ///   - pairsAllOccurrences: Whether each identifier must pair min(old, new) occurrences.
  /// - Returns: Descriptions of the problems; empty when the diff is right.
  public static func problems<Item: Diffable>(
    in diff: ListDiff, old: [Item], new: [Item], pairsAllOccurrences: Bool = true
  ) -> [String] {
    var problems: [String] = []
    func ascending(_ values: [Int]) -> Bool { zip(values, values.dropFirst()).allSatisfy(<) }
    if !ascending(diff.deletes) { problems.append("deletes not ascending") }
    if !ascending(diff.inserts) { problems.append("inserts not ascending") }
    if !ascending(diff.updates) { problems.append("updates not ascending") }
    if diff.oldCount != old.count || diff.newCount != new.count {
      problems.append("counts \(diff.oldCount)/\(diff.newCount) vs \(old.count)/\(new.count)")
      return problems
    }
    var matchedOld = [Int](repeating: -1, count: old.count)
    var pairs: [(old: Int, new: Int)] = []
    for newIndex in new.indices {
      guard let oldIndex = diff.oldIndex(for: newIndex) else { continue }
      if matchedOld[oldIndex] >= 0 { problems.append("old \(oldIndex) matched twice") }
      matchedOld[oldIndex] = newIndex
      if diff.newIndex(for: oldIndex) != newIndex {
        problems.append("maps disagree at old \(oldIndex)")
      }
      if old[oldIndex].diffIdentifier != new[newIndex].diffIdentifier {
        problems.append("old \(oldIndex) paired with new \(newIndex) of another identity")
      }
      pairs.append((oldIndex, newIndex))
    }
    let deletes = old.indices.filter { diff.newIndex(for: $0) == nil }
    let inserts = new.indices.filter { diff.oldIndex(for: $0) == nil }
    if deletes != diff.deletes { problems.append("deletes \(diff.deletes), expected \(deletes)") }
    if inserts != diff.inserts { problems.append("inserts \(diff.inserts), expected \(inserts)") }
    let updates = pairs.filter { !old[$0.old].isContentEqual(to: new[$0.new]) }.map(\.old).sorted()
    if updates != diff.updates { problems.append("updates \(diff.updates), expected \(updates)") }

    if pairsAllOccurrences {
      var oldCounts: [Item.DiffIdentifier: Int] = [:]
      var newCounts: [Item.DiffIdentifier: Int] = [:]
      var pairCounts: [Item.DiffIdentifier: Int] = [:]
      for item in old { oldCounts[item.diffIdentifier, default: 0] += 1 }
      for item in new { newCounts[item.diffIdentifier, default: 0] += 1 }
      for pair in pairs { pairCounts[old[pair.old].diffIdentifier, default: 0] += 1 }
      for (identifier, count) in oldCounts {
        let expected = min(count, newCounts[identifier] ?? 0)
        if pairCounts[identifier] ?? 0 != expected {
          problems.append("identifier \(identifier) paired \(pairCounts[identifier] ?? 0) times")
        }
      }
    }

    let moved = Set(diff.moves.map(\.to))
    for move in diff.moves where diff.oldIndex(for: move.to) != move.from {
      problems.append("move \(move) is not a matched pair")
    }
    if moved.count != diff.moves.count { problems.append("an item moves twice") }
    let staying = pairs.filter { !moved.contains($0.new) }.map(\.old)
    if !ascending(staying) { problems.append("items that do not move change order") }
    let bound = pairs.count - longestIncreasingSubsequenceLength(pairs.map(\.old))
    if diff.moves.count != bound {
      problems.append("\(diff.moves.count) moves, the fewest possible is \(bound)")
    }
    return problems
  }
}

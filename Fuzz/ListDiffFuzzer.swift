// libFuzzer harness for ListDiffKit, compiled together with the module's sources by run.sh.
//
// Each input is read as two lists of small items (identifier and revision from one byte each,
// so duplicates are common), optionally a third list of sections. The harness checks the
// diff's guarantees and traps on any violation; libFuzzer then saves the input.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct FuzzItem: Identifiable, Hashable, Diffable {
  var id: UInt8
  var revision: UInt8
}

/// An item whose hash ignores most of its identifier, so that unequal identifiers collide
/// often and the table's probing and its equality checks get exercised.
struct CollidingFuzzItem: Identifiable, Equatable, Diffable {
  struct Key: Hashable {
    var value: UInt8
    func hash(into hasher: inout Hasher) { hasher.combine(value & 1) }
  }
  var id: Key
  var revision: UInt8
}

/// Reads the input as: a length byte for the old list, then its items, then the new list.
private func decodeLists(_ bytes: UnsafeBufferPointer<UInt8>) -> ([FuzzItem], [FuzzItem]) {
  var cursor = 0
  func next() -> UInt8? {
    guard cursor < bytes.count else { return nil }
    defer { cursor += 1 }
    return bytes[cursor]
  }
  let oldCount = Int(next() ?? 0)
  var old: [FuzzItem] = []
  while old.count < oldCount, let byte = next() {
    old.append(FuzzItem(id: byte & 0x3F, revision: byte >> 6))
  }
  var new: [FuzzItem] = []
  while let byte = next() {
    new.append(FuzzItem(id: byte & 0x3F, revision: byte >> 6))
  }
  return (old, new)
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

private func checkDiff<Item: Diffable & Equatable>(
  old: [Item], new: [Item], duplicates: ListDiff.DuplicatePolicy
) {
  let diff = ListDiff(old: old, new: new, duplicates: duplicates)
  require(diff.oldCount == old.count && diff.newCount == new.count, "counts")
  var pairs: [(Int, Int)] = []
  for newIndex in new.indices {
    if let oldIndex = diff.oldIndex(for: newIndex) {
      require(diff.newIndex(for: oldIndex) == newIndex, "maps disagree")
      require(
        old[oldIndex].diffIdentifier == new[newIndex].diffIdentifier, "paired different identities")
      pairs.append((oldIndex, newIndex))
    }
  }
  require(old.count - diff.deletes.count == pairs.count, "deletes")
  require(new.count - diff.inserts.count == pairs.count, "inserts")
  let updates = pairs.filter { old[$0.0] != new[$0.1] }.map(\.0).sorted()
  require(updates == diff.updates, "updates")
  // Moves: the unmoved matched items must keep their order, and no fewer moves may exist
  // (longest increasing subsequence by the quadratic dynamic program).
  let moved = Set(diff.moves.map(\.to))
  let staying = pairs.filter { !moved.contains($0.1) }.map(\.0)
  require(zip(staying, staying.dropFirst()).allSatisfy(<), "unmoved items reordered")
  let sequence = pairs.map(\.0)
  var best = [Int](repeating: 1, count: sequence.count)
  for index in sequence.indices {
    for earlier in 0..<index where sequence[earlier] < sequence[index] {
      best[index] = max(best[index], best[earlier] + 1)
    }
  }
  require(diff.moves.count == pairs.count - (best.max() ?? 0), "not the fewest moves")
  if let violation = BatchUpdateChecker.check(diff.batchUpdate(), old: old, new: new) {
    fatalError("batch update: \(violation)")
  }
}

/// libFuzzer's entry point: checks the diffs of one input, trapping on any violation.
@_cdecl("LLVMFuzzerTestOneInput")
public func listDiffFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let (old, new) = decodeLists(bytes)
  checkDiff(old: old, new: new, duplicates: .pairInOrder)
  checkDiff(old: old, new: new, duplicates: .replaceAll)
  let collidingOld = old.map { CollidingFuzzItem(id: .init(value: $0.id), revision: $0.revision) }
  let collidingNew = new.map { CollidingFuzzItem(id: .init(value: $0.id), revision: $0.revision) }
  checkDiff(old: collidingOld, new: collidingNew, duplicates: .pairInOrder)
  checkDiff(old: collidingOld, new: collidingNew, duplicates: .replaceAll)
  SectionedListDiffFuzzing.check(bytes)
  return 0
}

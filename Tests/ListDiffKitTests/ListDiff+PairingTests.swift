import Testing

@testable import ListDiffKit

/// Runs one of the pairing functions on two lists and returns both maps and the pair count.
private func pair(
  _ old: [String], _ new: [String], duplicates: ListDiff.DuplicatePolicy
) -> (newIndexOfOld: [Int32], oldIndexOfNew: [Int32], matched: Int) {
  var newIndexOfOld = [Int32](repeating: -1, count: old.count)
  var oldIndexOfNew = [Int32](repeating: -1, count: new.count)
  let matched = old.withUnsafeBufferPointer { old in
    new.withUnsafeBufferPointer { new in
      newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
        oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
          _pairByIdentity(
            old: old, new: new, duplicates: duplicates, newIndexOfOld: newIndexOfOld,
            oldIndexOfNew: oldIndexOfNew, offset: 0, updates: _NoUpdateDetection())
        }
      }
    }
  }
  return (newIndexOfOld, oldIndexOfNew, matched)
}

@Suite("ListDiff internals: identifier table and pairing")
struct ListDiffPairingTests {
  @Test func oldItemsWithOneIdentifierFormAnAscendingChain() {
    let old = ["a", "b", "a", "c", "a"]
    old.withUnsafeBufferPointer { old in
      let table = _IdentifierTable(old: old)
      defer { table.deallocate() }
      var states = [_OldItemState](repeating: .unique, count: old.count)
      states.withUnsafeMutableBufferPointer { table.insertOldItems($0) }
      #expect(states == [.followed(by: 2), .unique, .followed(by: 4), .unique, .lastOfSeveral])
      let identifier = "a"
      let (bucket, found) = table.find(identifier, hash: identifier.hashValue)
      #expect(found && table.oldIndex(bucket) == 0, "the chain's head represents it")
      let missing = "z"
      #expect(!table.find(missing, hash: missing.hashValue).found)
    }
  }

  @Test func bucketCountIsAPowerOfTwoWithRoomToSpare() {
    #expect(_IdentifierTable<Int>.bucketCount(for: 0) == 8)
    #expect(_IdentifierTable<Int>.bucketCount(for: 5) == 8)
    #expect(_IdentifierTable<Int>.bucketCount(for: 6) == 16)
    #expect(_IdentifierTable<Int>.bucketCount(for: 1_000) == 2_048)
  }

  /// A bucket packs the representative into the low bits its table's size needs: the last old
  /// item of a list whose length is a power of two needs one bit more than the others.
  @Test(arguments: [255, 256, 257, 1_023, 1_024, 1_025, 65_536])
  func everyOldItemIsFoundInATableOfItsSize(_ count: Int) {
    let old = (0..<count).map(String.init)
    let new = Array(old.reversed())
    for duplicates in [ListDiff.DuplicatePolicy.pairInOrder, .replaceAll] {
      let result = pair(old, new, duplicates: duplicates)
      let misplaced = (0..<count).filter { result.oldIndexOfNew[$0] != Int32(count - 1 - $0) }
      #expect(result.matched == count)
      #expect(misplaced.isEmpty, "new items paired wrongly, the first: \(misplaced.prefix(3))")
    }
  }

  /// The next occurrence of an identifier becomes its bucket's representative with the tag
  /// kept: here the last of 256 old items, the only offset that needs the table's top bit.
  @Test func aRepeatedIdentifierPairsItsLastOccurrenceInATableOfAPowerOfTwoItems() {
    let old = (0..<255).map(String.init) + ["0"]
    let result = pair(old, ["0", "0"], duplicates: .pairInOrder)
    #expect(result.oldIndexOfNew == [0, 255])
    #expect(result.matched == 2)
    old.withUnsafeBufferPointer { old in
      let table = _IdentifierTable(old: old)
      defer { table.deallocate() }
      var states = [_OldItemState](repeating: .unique, count: old.count)
      states.withUnsafeMutableBufferPointer { table.insertOldItems($0) }
      for oldIndex in 0..<255 {
        let hash = old[oldIndex].hashValue
        let (bucket, found) = table.find(old[oldIndex], hash: hash)
        #expect(found && table.oldIndex(bucket) == oldIndex)
        #expect(table.buckets[bucket].rawValue & ~table.representativeMask == table.tag(hash))
      }
    }
  }

  @Test func inOrderPairsTheOccurrencesOfAnIdentifierInOrder() {
    let result = pair(["a", "b", "a", "c"], ["c", "a", "a", "a"], duplicates: .pairInOrder)
    #expect(result.newIndexOfOld == [1, -1, 2, 0])
    #expect(result.oldIndexOfNew == [3, 0, 2, -1])
    #expect(result.matched == 3)
  }

  @Test func inOrderExtendsAPairToItsUniqueNeighbours() {
    // "b" and "c" follow "a" on both sides: they pair with their neighbours.
    let result = pair(["x", "a", "b", "c"], ["a", "b", "c", "y"], duplicates: .pairInOrder)
    #expect(result.newIndexOfOld == [-1, 0, 1, 2])
    #expect(result.oldIndexOfNew == [1, 2, 3, -1])
  }

  @Test func replaceAllPairsOnlyIdentifiersThatOccurOnceOnEachSide() {
    let result = pair(
      ["a", "b", "a", "c", "d"], ["c", "a", "b", "d", "d"], duplicates: .replaceAll)
    #expect(result.newIndexOfOld == [-1, 2, -1, 0, -1])
    #expect(result.oldIndexOfNew == [3, -1, 1, -1, -1])
    #expect(result.matched == 2)
  }

  @Test func replaceAllNeverPairsAnIdentifierSightedMoreThanOnce() {
    // "a" is unique in the old list but sighted three times; "b" twice in each list.
    let result = pair(
      ["a", "b", "c", "b"], ["a", "b", "a", "c", "a", "b"], duplicates: .replaceAll)
    #expect(result.newIndexOfOld == [-1, -1, 3, -1])
    #expect(result.oldIndexOfNew == [-1, -1, -1, 2, -1, -1])
    #expect(result.matched == 1)
  }

  @Test func inOrderLeavesNothingToPairOnceAnIdentifierIsUsedUp() {
    // "b" pairs with its neighbour after "a"; a later "b", and a third "a", find nothing left.
    let result = pair(["a", "b", "a"], ["a", "b", "b", "a", "a"], duplicates: .pairInOrder)
    #expect(result.newIndexOfOld == [0, 1, 3])
    #expect(result.oldIndexOfNew == [0, 1, -1, 2, -1])
    #expect(result.matched == 3)
  }

  @Test func longestIncreasingSubsequenceMarksWhatStays() {
    let oldIndexOfNew: [Int32] = [3, 0, 1, -1, 2, 4]
    let (marks, length) = oldIndexOfNew.withUnsafeBufferPointer {
      _markLongestIncreasingSubsequence(oldIndexOfNew: $0)
    }
    #expect(length == 4)
    #expect(marks.map(\.staysInPlace) == [false, true, true, false, true, true])
  }

  @Test func longestIncreasingSubsequenceEndsWhereItsLongestRunWasLastReplaced() {
    // Runs of length 3 end at 5 (after 1, 2), then at 4, the last written: 1, 2, 4 stays.
    let oldIndexOfNew: [Int32] = [1, 6, 2, 5, -1, 4, 0]
    let (marks, length) = oldIndexOfNew.withUnsafeBufferPointer {
      _markLongestIncreasingSubsequence(oldIndexOfNew: $0)
    }
    #expect(length == 3)
    #expect(marks.map(\.staysInPlace) == [true, false, true, false, false, true, false])
  }
}

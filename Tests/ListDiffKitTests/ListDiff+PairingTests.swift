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

@Suite("ListDiff internals: pairing codes")
struct ListDiffPairingCodeTests {
  @Test func codesTakeNoMoreRoomThanAnInt32() {
    #expect(MemoryLayout<_OldItemState>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_NewItemState>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_Cursor>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_SubsequenceMark>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_Bucket>.stride == 12)
  }

  @Test(arguments: [0, 1, 7, _maximumListCount - 1])
  func oldItemStates(_ offset: Int) {
    #expect(_OldItemState.followed(by: offset).nextOccurrence == offset)
    #expect(!_OldItemState.followed(by: offset).isPaired)
    #expect(_OldItemState.paired(with: offset).isPaired)
    #expect(_OldItemState.paired(with: offset).nextOccurrence == nil)
    #expect(_OldItemState.unique.nextOccurrence == nil && !_OldItemState.unique.isPaired)
    #expect(_OldItemState.lastOfSeveral.nextOccurrence == nil)
    #expect(!_OldItemState.lastOfSeveral.isPaired && _OldItemState.lastOfSeveral != .unique)
  }

  @Test(arguments: [0, 1, 7, _maximumListCount - 1])
  func cursorsAndNewItemStates(_ offset: Int) {
    #expect(_Cursor.waiting(offset).waitingItem == offset)
    #expect(_Cursor.waiting(offset).uncheckedWaitingItem == offset)
    #expect(_Cursor.waiting(offset).onceSeenPartner == nil)
    #expect(_Cursor.seenOnce(partner: offset).onceSeenPartner == offset)
    #expect(_Cursor.seenOnce(partner: offset).waitingItem == nil)
    #expect(_Cursor.neverPair.onceSeenPartner == nil && _Cursor.neverPair.waitingItem == nil)
    #expect(_Cursor.exhausted.onceSeenPartner == nil && _Cursor.exhausted.waitingItem == nil)
    #expect(_NewItemState.inBucket(offset).bucket == offset)
    #expect(_NewItemState.paired(with: offset).bucket == nil)
    #expect(_NewItemState.unpaired.bucket == nil)
  }
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
      #expect(found && table.buckets[bucket].cursor == .waiting(0))
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

  @Test func longestIncreasingSubsequenceMarksWhatStays() {
    let oldIndexOfNew: [Int32] = [3, 0, 1, -1, 2, 4]
    let (marks, length) = oldIndexOfNew.withUnsafeBufferPointer {
      _markLongestIncreasingSubsequence(oldIndexOfNew: $0)
    }
    #expect(length == 4)
    #expect(marks.map(\.staysInPlace) == [false, true, true, false, true, true])
  }
}

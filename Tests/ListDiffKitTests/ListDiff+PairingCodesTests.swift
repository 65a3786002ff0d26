import Testing

@testable import ListDiffKit

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

import Testing

@testable import ListDiffKit

@Suite("ListDiff internals: pairing codes")
struct ListDiffPairingCodeTests {
  @Test func codesTakeNoMoreRoomThanAnInt32() {
    #expect(MemoryLayout<_OldItemState>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_NewItemState>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_SubsequenceMark>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_Bucket>.stride == 8)
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
  func newItemStates(_ offset: Int) {
    #expect(_NewItemState.sighting(of: offset).sightedOldItem == offset)
    #expect(_NewItemState.paired(with: offset).sightedOldItem == nil)
    #expect(_NewItemState.unpaired.sightedOldItem == nil)
  }

  @Test(arguments: [0, 1, 7, _maximumListCount - 1])
  func aBucketNamesItsRepresentativeByItsOffset(_ offset: Int) {
    let bucket = _Bucket(tag: 1, representative: Int32(offset + 1))
    #expect(bucket.oldIndex == offset)
  }
}

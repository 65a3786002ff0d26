import Testing

@testable import ListDiffKit

@Suite("ListDiff internals: pairing codes")
struct ListDiffPairingCodeTests {
  @Test func codesTakeNoMoreRoomThanAnInt32() {
    #expect(MemoryLayout<_OldItemState>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_NewItemState>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_SubsequenceMark>.stride == MemoryLayout<Int32>.stride)
    #expect(MemoryLayout<_Bucket>.stride == MemoryLayout<UInt32>.stride)
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

  @Test(arguments: [1, 2, 7, 8, 1_000, 1 << 20, _maximumListCount - 1, _maximumListCount])
  func aBucketHoldsEveryRepresentativeOfItsTableBesideATag(_ count: Int) {
    let mask = _IdentifierTable<Int>.representativeMask(for: count)
    #expect(UInt32(count) & ~mask == 0, "the last old item's offset plus one fits")
    #expect(mask >> 1 < count, "no more bits than the offsets need")
    #expect((~mask).nonzeroBitCount >= 2, "bits are left for the tag")
  }
}

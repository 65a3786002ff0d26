import TestSupport
import Testing

@testable import DiffValue

// The layout a property's footprint depends on (README, "Footprint"): a field added to the
// storage's header or to the machinery makes every property, or every subscribed one, a heap
// chunk larger. These pin the word counts the figures were measured with.

@Suite("DiffStorage")
struct DiffStorageTests {
  @Test("the storage's header is eight words: with a 40-byte value, the storage is 120 bytes")
  func headerIsEightWords() {
    #expect(MemoryLayout<DiffStorageHeader<FootprintValue>>.size == 8 * MemoryLayout<UInt>.size)
    // ManagedBuffer's object header (16), the fields, then the value.
    let header = MemoryLayout<DiffStorageHeader<FootprintValue>>.stride
    #expect(16 + header + MemoryLayout<FootprintValue>.size == 120)
  }

  @Test("the machinery is five words, 56 bytes: what few properties need waits in its extras")
  func machineryIsFiveWords() {
    #expect(MemoryLayout<DiffMachineryState<FootprintValue>>.size == 5 * MemoryLayout<UInt>.size)
  }

  @Test("the snapshot's slot lies after the value's, at the first offset its alignment allows")
  func snapshotOffsetFollowsTheValue() {
    let diff = Diff(wrappedValue: FootprintValue(), \.a)
    let selection = diff.projectedValue.storage.selection
    #expect(selection.snapshotOffset >= MemoryLayout<FootprintValue>.size)
    #expect(selection.snapshotOffset % selection.snapshotAlignment == 0)
    #expect(
      selection.snapshotOffset - MemoryLayout<FootprintValue>.size < selection.snapshotAlignment)
  }

  @Test("the relay's duplicate check finds the observation word from the machinery's address")
  func observationWordFromTheMachinerysAddress() {
    func expectFound<Value: Equatable>(_: Value.Type) {
      let machinery = DiffMachinery<Value>.make()
      let address = Unmanaged.passUnretained(machinery).toOpaque()
      #expect(diffObservationWord(inMachineryAt: address) == machinery.observationWord)
    }
    expectFound(FootprintValue.self)
    expectFound([String].self)
    expectFound(Int8.self)
  }
}

import Testing

@testable import Relay

@Suite("fieldOffset(after:alignment:)")
struct FieldOffsetTests {
  struct ByteThenWord {
    var byte: UInt8 = 0
    var word = 0
  }

  struct ThreeBytesThenVector {
    var bytes: (UInt8, UInt8, UInt8) = (0, 0, 0)
    var vector = SIMD4<Float>()
  }

  struct WordThenByte {
    var word = 0
    var byte: UInt8 = 0
  }

  @Test("it finds a field where Swift lays it out")
  func matchesSwiftsLayout() {
    #expect(
      fieldOffset(after: MemoryLayout<UInt8>.size, alignment: MemoryLayout<Int>.alignment)
        == MemoryLayout<ByteThenWord>.offset(of: \.word))
    #expect(
      fieldOffset(
        after: MemoryLayout<(UInt8, UInt8, UInt8)>.size,
        alignment: MemoryLayout<SIMD4<Float>>.alignment)
        == MemoryLayout<ThreeBytesThenVector>.offset(of: \.vector))
    #expect(
      fieldOffset(after: MemoryLayout<Int>.size, alignment: MemoryLayout<UInt8>.alignment)
        == MemoryLayout<WordThenByte>.offset(of: \.byte))
  }

  @Test("an offset already aligned stays where it is")
  func alignedOffsetStays() {
    for alignment in [1, 2, 4, 8, 16] {
      #expect(fieldOffset(after: 0, alignment: alignment) == 0)
      #expect(fieldOffset(after: 3 * alignment, alignment: alignment) == 3 * alignment)
      #expect(fieldOffset(after: 3 * alignment + 1, alignment: alignment) == 4 * alignment)
    }
  }
}

import Relay
import Testing

/// OpenCombine's `CombineIdentifierTests`, ported.
@Suite struct CombineIdentifierTests {
  final class Object: CustomCombineIdentifierConvertible {}

  @Test func newIdentitiesDiffer() {
    let identities = (0..<100).map { _ in CombineIdentifier() }
    #expect(Set(identities).count == 100)
  }

  @Test func anObjectsIdentityIsItsOwn() {
    let object = Object()
    let other = Object()
    #expect(CombineIdentifier(object) == CombineIdentifier(object))
    #expect(object.combineIdentifier == CombineIdentifier(object))
    #expect(CombineIdentifier(object) != CombineIdentifier(other))
    #expect("\(CombineIdentifier(object))".hasPrefix("0x"))
  }
}

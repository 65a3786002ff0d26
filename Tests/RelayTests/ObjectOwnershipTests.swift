import Relay
import Testing

@Suite struct ObjectOwnershipTests {
  @Test func hasCombineExtsThreeCases() {
    let all: [ObjectOwnership] = [.strong, .weak, .unowned]
    #expect(Set(all.map { "\($0)" }) == ["strong", "weak", "unowned"])
  }
}

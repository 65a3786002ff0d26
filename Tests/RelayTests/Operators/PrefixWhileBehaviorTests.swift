import Relay
import Testing

@Suite struct PrefixWhileBehaviorTests {
  @Test func hasCombineExtsTwoCases() {
    let all: [PrefixWhileBehavior] = [.inclusive, .exclusive]
    #expect(all.map { "\($0)" } == ["inclusive", "exclusive"])
  }
}

import Testing

@testable import Relay

// A send moves the value it replaces out of the relay's state and destroys it after
// unlocking, in a local optional for a small value and in a slot of its own for a large one
// (see `RelayCore.keepsReplacedValueInASlot`). Both ways must release each replaced value
// exactly once, before the send returns, and never the value the relay keeps.

private final class Probe {
  let onDeinit: () -> Void
  init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

/// A value with a tag to compare and a probe that reports its release.
private protocol TaggedValue {
  init(tag: Int, probe: Probe)
  var tag: Int { get }
}

/// Two words: kept in a local optional.
private struct SmallTagged: TaggedValue {
  var tag: Int
  var probe: Probe
}

/// Eleven words: kept in a slot.
private struct LargeTagged: TaggedValue {
  var tag: Int
  var probe: Probe
  var padding = (0, 0, 0, 0, 0, 0, 0, 0, 0)
  init(tag: Int, probe: Probe) {
    self.tag = tag
    self.probe = probe
  }
}

@Suite struct RelayReplacedValueTests {
  @Test func smallValuesLieInALocalAndLargeOnesInASlot() {
    #expect(!RelayCore<SmallTagged>.keepsReplacedValueInASlot)
    #expect(RelayCore<LargeTagged>.keepsReplacedValueInASlot)
  }

  @Test(arguments: [false, true], [false, true])
  func eachReplacedValueIsReleasedOnceWhenTheSendReturns(large: Bool, dropsDuplicates: Bool) {
    if large {
      check(LargeTagged.self, dropsDuplicates: dropsDuplicates)
    } else {
      check(SmallTagged.self, dropsDuplicates: dropsDuplicates)
    }
  }

  private func check<Value: TaggedValue>(_: Value.Type, dropsDuplicates: Bool) {
    var released: [Int] = []
    func make(_ tag: Int) -> Value { Value(tag: tag, probe: Probe { released.append(tag) }) }
    let relay =
      dropsDuplicates
      ? CurrentValueRelay(make(0), removingDuplicatesBy: { $0.tag == $1.tag })
      : CurrentValueRelay(make(0))
    var delivered: [Int] = []
    let subscription = relay.sink { delivered.append($0.tag) }
    for tag in [1, 1, 2, 2, 3] {
      let before = released.count
      relay.send(make(tag))
      #expect(released.count == before + 1, "one value replaced and released per send")
    }
    #expect(released == [0, 1, 1, 2, 2])
    #expect(delivered == (dropsDuplicates ? [0, 1, 2, 3] : [0, 1, 1, 2, 2, 3]))
    #expect(relay.value.tag == 3)
    subscription.cancel()
  }
}

import Testing

@testable import Relay

// A send moves the value it replaces out of the relay's state and destroys it after
// unlocking. Small and large values alike must release each replaced value exactly once,
// before the send returns, and never the value the relay keeps.

/// A value with a tag to compare, its probe's id, and the probe, which reports its release.
private protocol TaggedValue {
  init(probe: DeinitProbe)
  var probe: DeinitProbe { get }
}

extension TaggedValue {
  var tag: Int { probe.id }
}

/// One word.
private struct SmallTagged: TaggedValue {
  var probe: DeinitProbe
}

/// Ten words.
private struct LargeTagged: TaggedValue {
  var probe: DeinitProbe
  var padding = (0, 0, 0, 0, 0, 0, 0, 0, 0)
  init(probe: DeinitProbe) { self.probe = probe }
}

@Suite struct RelayReplacedValueTests {
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
    func make(_ tag: Int) -> Value {
      Value(probe: DeinitProbe(id: tag) { released.append(tag) })
    }
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

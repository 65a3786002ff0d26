import RelayTestSupport
import Testing

@testable import Relay

/// A value with a few key paths to read, as OpenCombine's `MapKeyPathTests` use.
struct Multiples: Equatable {
  var value: Int
  var doubled: Int { value * 2 }
  var tripled: Int { value * 3 }
  var quadrupled: Int { value * 4 }
}

/// OpenCombine's `MapKeyPathTests` of `map(_:)` with one key path, ported.
@Suite struct MapKeyPathTests {
  @Test func readsTheKeyPathOfEachValue() {
    let harness = OperatorHarness<Multiples, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) { $0.map(\.doubled) }
    #expect(harness.publisher.send(Multiples(value: 1)) == .max(1))
    #expect(harness.publisher.send(Multiples(value: 5)) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    // The downstream has the upstream's own subscription.
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(2), .value(10), .failure(.oops),
      ])
    #expect(harness.subscription.history == [.requested(.max(2))])
  }

  @Test func passesThroughAndIsNamedValueForKey() {
    expectPassesThroughBeforeTheSubscription(
      named: "ValueForKey", sending: Multiples(value: 3), receiving: 9
    ) { $0.map(\.tripled) }
  }

  @Test func requestsAndCancelsGoStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: Multiples(value: 1)) {
      $0.map(\.doubled)
    }
  }

  @Test func aSecondSubscriptionReachesTheSubscriber() {
    expectASecondSubscriptionReachesTheSubscriber { (publisher: TestPublisher<Multiples, Never>) in
      publisher.map(\.doubled)
    }
  }

  @Test func onARelay() {
    let relay = CurrentValueRelay(Multiples(value: 1))
    var received: [Int] = []
    let cancellable = relay.map(\.quadrupled).sink { received.append($0) }
    relay.send(Multiples(value: 2))
    #expect(received == [4, 8])
    _ = cancellable
  }

  /// Every kind of key path reads what subscripting the value with it reads: stored properties
  /// through their offset (nested ones, tuple elements, and values with references in them),
  /// the rest through the key path.
  @Test func readsEveryKindOfKeyPathAsTheSubscriptDoes() {
    let reference = Shelf(label: "shared")
    let values = [
      KeyPathKinds(
        id: 7, name: "first", tags: ["a", "b"], inner: .init(x: 1.5, y: 2), pair: (3, "three"),
        optional: .init(x: -1, y: 9), shelf: reference),
      KeyPathKinds(
        id: -2, name: String(repeating: "long ", count: 20), tags: [], inner: .init(x: 0, y: -7),
        pair: (0, ""), optional: nil, shelf: Shelf(label: "own")),
    ]
    func expectReads<Value: Equatable>(_ keyPath: KeyPath<KeyPathKinds, Value>) {
      let relay = PassthroughRelay<KeyPathKinds>()
      var received: [Value] = []
      let cancellable = relay.map(keyPath).sink { received.append($0) }
      for value in values { relay.send(value) }
      #expect(received == values.map { $0[keyPath: keyPath] }, "\(keyPath)")
      _ = cancellable
    }
    expectReads(\.id)
    expectReads(\.name)
    expectReads(\.tags)
    expectReads(\.inner.x)
    expectReads(\.inner.y)
    expectReads(\.pair.0)
    expectReads(\.pair.1)
    expectReads(\.inner)
    expectReads(\.nameLength)  // computed
    expectReads(\.optional?.y)  // optional chaining
    expectReads(\.shelf.label)  // through a class reference
    expectReads(\.self.id)

    let shelves = PassthroughRelay<Shelf>()  // a class root
    var labels: [String] = []
    let cancellable = shelves.map(\.label).sink { labels.append($0) }
    shelves.send(reference)
    #expect(labels == ["shared"])
    _ = cancellable
  }

  /// A stored property of a struct is read at its offset, found once; the rest through the key
  /// path.
  @Test func storedPropertiesAreReadAtTheirOffset() {
    #expect(KeyPathRead(\KeyPathKinds.id).offset == 0)
    #expect(KeyPathRead(\KeyPathKinds.inner.y).offset > 0)
    #expect(KeyPathRead(\KeyPathKinds.pair.1).offset > 0)
    #expect(KeyPathRead(\KeyPathKinds.nameLength).offset == -1)
    #expect(KeyPathRead(\KeyPathKinds.optional?.y).offset == -1)
    #expect(KeyPathRead(\KeyPathKinds.shelf.label).offset == -1)
    #expect(KeyPathRead(\Shelf.label).offset == -1)
  }

  @Test func readsTwoAndThreeKeyPathsOfEveryKind() {
    let relay = PassthroughRelay<KeyPathKinds>()
    var pairs: [String] = []
    var triples: [String] = []
    let both = relay.map(\.name, \.inner.y).sink { pairs.append("\($0) \($1)") }
    let three = relay.map(\.pair.1, \.nameLength, \.shelf.label).sink {
      triples.append("\($0) \($1) \($2)")
    }
    relay.send(
      KeyPathKinds(
        id: 1, name: "one", tags: [], inner: .init(x: 0, y: 4), pair: (1, "p"), optional: nil,
        shelf: Shelf(label: "s")))
    #expect(pairs == ["one 4"])
    #expect(triples == ["p 3 s"])
    _ = (both, three)
  }
}

/// A value whose key paths are of every kind a key-path `map` reads.
struct KeyPathKinds {
  struct Inner: Equatable {
    var x: Double
    var y: Int
  }
  var id: Int
  var name: String
  var tags: [String]
  var inner: Inner
  var pair: (Int, String)
  var optional: Inner?
  var shelf: Shelf
  var nameLength: Int { name.count }
}

/// A class, as a key path's root or a step in it.
final class Shelf: @unchecked Sendable {
  var label: String
  init(label: String) { self.label = label }
}

import Relay
import Testing

/// CombineExt's relay tests of `accept` and `subscribe`, ported, for both relays.
@Suite struct RelayProtocolTests {
  @Test func acceptSendsAndVoidRelaysAcceptNothing() {
    let relay = PassthroughRelay<String>()
    var values: [String] = []
    let cancellable = relay.sink { values.append($0) }
    relay.accept("yo")
    relay.accept("sup")
    #expect(values == ["yo", "sup"])
    let void = CurrentValueRelay<Void>(())
    var count = 0
    let voidCancellable = void.sink { count += 1 }
    for _ in 0..<4 { void.accept() }
    #expect(count == 5)
    _ = (cancellable, voidCancellable)
  }

  @Test func aPublisherFeedsARelayAndItsCompletionEndsNothing() {
    let relay = PassthroughRelay<String>()
    var values: [String] = []
    var completed = false
    let cancellable = relay.sink(
      receiveCompletion: { _ in completed = true }, receiveValue: { values.append($0) })
    let feed = ["1", "2", "3"].publisher.subscribe(relay)
    #expect(values == ["1", "2", "3"])
    #expect(!completed)
    relay.send("4")
    #expect(values == ["1", "2", "3", "4"])
    _ = (cancellable, feed)
  }

  @Test func aRelaySubscribesToAPublisherUntilCancelled() {
    let relay = CurrentValueRelay(0)
    let source = PassthroughRelay<Int>()
    var values: [Int] = []
    let cancellable = relay.sink { values.append($0) }
    let feed = relay.subscribe(source.map { $0 * 10 })
    source.send(1)
    feed.cancel()
    source.send(2)
    #expect(values == [0, 10])
    #expect(relay.value == 10)
    _ = cancellable
  }

  /// Between two relays, the one the call starts from feeds the other.
  ///
  /// A current value relay hands its value over at once: a passthrough relay with no subscriber yet drops it
  /// (CombineExt's subjects hold it until the other relay has a subscriber).
  @Test func aRelayFeedsAnother() {
    let input = CurrentValueRelay("initial")
    let output = PassthroughRelay<String>()
    let feed = input.subscribe(output)
    var values: [String] = []
    let cancellable = output.sink { values.append($0) }
    input.accept("1")
    input.accept("2")
    #expect(values == ["1", "2"])
    let passthroughs = (PassthroughRelay<String>(), PassthroughRelay<String>())
    var relayed: [String] = []
    let second = passthroughs.0.subscribe(passthroughs.1)
    let third = passthroughs.1.sink { relayed.append($0) }
    passthroughs.0.send("a")
    #expect(relayed == ["a"])
    _ = (feed, cancellable, second, third)
  }

  /// Code written against the protocol works with either relay.
  @Test func theProtocolAbstractsBothRelays() {
    func feed<R: RelayProtocol>(_ relay: R, _ values: [R.Output]) {
      for value in values { relay.accept(value) }
    }
    let current = CurrentValueRelay(0)
    feed(current, [1, 2])
    #expect(current.value == 2)
  }
}

import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ZipTests`, ported, for arities two to four; the cases `zip` shares with
/// `combineLatest` and `merge` are in `FanInTests`.
///
/// Deliberate differences, each documented on `Publishers.Zip`: tuples only against demand
/// (Combine sends surplus tuples); demand returned from a value is requested from every
/// upstream; a tuple completed from inside the downstream follows the current one.
@Suite struct ZipTests {
  @Test(arguments: 2...4) func anUpstreamWithASurplusFinishesLater(arity: Int) {
    for childToSend in 0..<arity {
      for childToFinish in 0..<arity {
        let (children, zipped) = FanInOperator.zip.make(arity)
        let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
        zipped.subscribe(tracker)
        children[childToSend].publisher.send(666)
        children[childToFinish].publisher.send(completion: .finished)
        if childToSend == childToFinish {
          #expect(tracker.history == [.subscription("Zip")])
          for (index, child) in children.enumerated() where index != childToFinish {
            child.publisher.send(completion: .finished)
          }
        }
        #expect(tracker.history == [.subscription("Zip"), .finished])
      }
    }
  }

  @Test func relaysAndSequences() {
    let letters = PassthroughRelay<String>()
    var received: [String] = []
    let cancellable = (1...3).publisher.zip(letters).sink { received.append("\($0)\($1)") }
    letters.send("a")
    letters.send("b")
    #expect(received == ["1a", "2b"])
    _ = cancellable
  }

  @Test func equatable() {
    #expect(Just(1).zip(Just("a")) == Publishers.Zip(Just(1), Just("a")))
    #expect(Just(1).zip(Just(2), Just(3)) == Publishers.Zip3(Just(1), Just(2), Just(3)))
    #expect(
      Just(1).zip(Just(2), Just(3), Just(4)) != Publishers.Zip4(Just(1), Just(2), Just(3), Just(5)))
  }
}

import Dispatch
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// CombineExt's `ReplaySubjectTests`, ported to the relay (its completion cases aside: a relay
/// never completes), and the threads of the relay's guarantees.
@Suite struct ReplayRelayTests {
  @Test func replaysNothingBeforeAnyValue() {
    let relay = ReplayRelay<Int>(bufferSize: 1)
    var results: [Int] = []
    let subscription = relay.sink { results.append($0) }
    #expect(results.isEmpty)
    _ = subscription
  }

  @Test func anEmptyBufferReplaysNothing() {
    let relay = ReplayRelay<Int>(bufferSize: 0)
    relay.send(1)
    var results: [Int] = []
    let subscription = relay.sink { results.append($0) }
    relay.send(2)
    #expect(results == [2])
    _ = subscription
  }

  @Test(arguments: [
    (1, [1], [1, 2]), (3, [1, 2, 3, 4], [2, 3, 4, 5]), (3, [1, 2], [1, 2, 5]),
  ])
  func replaysTheLastValuesThenLiveOnes(bufferSize: Int, sent: [Int], expected: [Int]) {
    let relay = ReplayRelay<Int>(bufferSize: bufferSize)
    for value in sent { relay.send(value) }
    var results: [Int] = []
    let subscription = relay.sink { results.append($0) }
    relay.send(sent.count == 1 ? 2 : 5)
    #expect(results == expected)
    _ = subscription
  }

  @Test func everySubscriberGetsTheReplay() {
    let relay = ReplayRelay<Int>(bufferSize: 3)
    relay.send(1)
    relay.send(2)
    var results: [[Int]] = [[], [], []]
    let subscriptions = (0..<3).map { index in relay.sink { results[index].append($0) } }
    relay.send(3)
    #expect(results == [[1, 2, 3], [1, 2, 3], [1, 2, 3]])
    _ = subscriptions
  }

  /// A subscriber receives no more than it asked for; the rest waits for its next request.
  @Test func respectsDemand() {
    let relay = ReplayRelay<Int>(bufferSize: 4)
    for value in 1...4 { relay.send(value) }
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(3))
    relay.subscribe(tracker)
    #expect(tracker.history == [.subscription("ReplaySubject"), .value(1), .value(2), .value(3)])
    relay.send(5)
    #expect(tracker.values == [1, 2, 3])
    tracker.request(.max(2))
    #expect(tracker.values == [1, 2, 3, 4, 5])
  }

  @Test func aCancelledSubscriberReceivesNothingMore() {
    let relay = ReplayRelay<Int>(bufferSize: 2)
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    relay.subscribe(tracker)
    relay.send(1)
    tracker.cancel()
    relay.send(2)
    #expect(tracker.values == [1])
  }

  /// Fed by a publisher (`subscribe(_:)` of `RelayProtocol`), as CombineExt's relays are.
  @Test func isARelay() {
    let relay = ReplayRelay<String>(bufferSize: 2)
    let feed = ["a", "b", "c"].publisher.subscribe(relay)
    var results: [String] = []
    let subscription = relay.sink { results.append($0) }
    relay.accept("d")
    #expect(results == ["b", "c", "d"])
    _ = (feed, subscription)
  }

  /// Values sent from many threads reach every subscriber in one order, the replay's.
  @Test func concurrentSendersGiveEverySubscriberTheSameOrder() {
    let relay = ReplayRelay<Int>(bufferSize: 1_000)
    let first = Locked<[Int]>([])
    let early = relay.sink { value in first.withLock { $0.append(value) } }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<250 { relay.send(thread * 1_000 + index) }
    }
    let late = Locked<[Int]>([])
    let replayed = relay.sink { value in late.withLock { $0.append(value) } }
    #expect(eventually { first.withLock { $0.count } == 1_000 })
    #expect(first.withLock { $0 } == late.withLock { $0 })
    _ = (early, replayed)
  }

  @Test func aNegativeBufferSizeStopsTheProgram() async {
    await #expect(processExitsWith: .failure) { _ = ReplayRelay<Int>(bufferSize: -1) }
  }
}

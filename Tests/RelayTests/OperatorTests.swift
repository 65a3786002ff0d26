import Relay
import TestSupport
import Testing

@Suite struct OperatorTests {
  struct Point: Equatable {
    var x: Int
    var y: Int
  }

  @Test func mapWithClosureAndKeyPath() {
    let relay = CurrentValueRelay(Point(x: 1, y: 2))
    var doubled: [Int] = []
    var ys: [Int] = []
    let a = relay.map { $0.x * 2 }.sink { doubled.append($0) }
    let b = relay.map(\.y).sink { ys.append($0) }
    relay.send(Point(x: 3, y: 4))
    #expect(doubled == [2, 6])
    #expect(ys == [2, 4])
    _ = (a, b)
  }

  @Test func filterAndCompactMapKeepDemandForDroppedValues() {
    let relay = PassthroughRelay<String>()
    let evens = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
    relay.compactMap { Int($0) }.filter { $0.isMultiple(of: 2) }.subscribe(evens)
    for text in ["1", "x", "2", "3", "4", "6"] { relay.send(text) }
    #expect(evens.values == [2, 4])
  }

  @Test func removeDuplicatesDropsConsecutiveRepeatsOnly() {
    let relay = PassthroughRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.removeDuplicates().sink { received.append($0) }
    for value in [1, 1, 2, 2, 1, 3, 3] { relay.send(value) }
    #expect(received == [1, 2, 1, 3])
    _ = cancellable
  }

  @Test func removeDuplicatesByPredicateOnATuple() {
    struct Fields {
      var a: String
      var b: Int
      var c: [Int]
    }
    let relay = CurrentValueRelay(Fields(a: "x", b: 1, c: []))
    var received: [String] = []
    let cancellable = relay.map { ($0.a, $0.b) }.removeDuplicates(by: ==).sink {
      received.append("\($0.0)\($0.1)")
    }
    relay.send(Fields(a: "x", b: 1, c: [1]))
    relay.send(Fields(a: "y", b: 1, c: [1]))
    relay.send(Fields(a: "y", b: 2, c: []))
    #expect(received == ["x1", "y1", "y2"])
    _ = cancellable
  }

  @Test func eraseToAnyPublisherPassesEverythingThrough() {
    let relay = CurrentValueRelay(1)
    let erased = relay.map { $0 + 1 }.eraseToAnyPublisher()
    let twice = erased.eraseToAnyPublisher()
    let tracker = TrackingSubscriber<Int, Never>()
    twice.subscribe(tracker)
    relay.send(5)
    #expect(tracker.events == [.subscription("CurrentValueSubject"), .value(2), .value(6)])
  }

  @Test func sinkWithCompletionReceivesFinished() {
    let relay = CurrentValueRelay(1)
    let shared = relay.singleReplay()
    var events: [String] = []
    let cancellable = shared.sink(
      receiveCompletion: { _ in events.append("finished") },
      receiveValue: { events.append("\($0)") })
    #expect(events == ["1"])
    _ = cancellable
  }
}

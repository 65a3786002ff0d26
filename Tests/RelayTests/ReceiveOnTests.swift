import Dispatch
import Relay
import TestSupport
import Testing

@Suite struct ReceiveOnTests {
  @Test func deliversEveryValueOnTheQueueInOrderEvenWhenConcurrent() async {
    let queue = DispatchQueue(label: "receive-on", attributes: .concurrent)
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let relay = PassthroughRelay<Int>()
    let tracker = TrackingSubscriber<Int, Never>(onValue: { _ in
      precondition(DispatchQueue.getSpecific(key: key) == 7, "delivered off the queue")
    })
    relay.receive(on: queue).subscribe(tracker)
    for value in 0..<1_000 { relay.send(value) }
    await waitUntil { tracker.values.count == 1_000 }
    #expect(tracker.values == Array(0..<1_000))
  }

  @Test func cancelStopsDeliveries() async {
    let queue = DispatchQueue(label: "receive-on")
    let relay = PassthroughRelay<Int>()
    let tracker = TrackingSubscriber<Int, Never>()
    relay.receive(on: queue).subscribe(tracker)
    queue.sync {
      relay.send(1)
      tracker.cancel()
    }
    relay.send(2)
    queue.sync {}
    #expect(tracker.values == [])
  }
}

/// Polls `condition` until it holds, for at most ten seconds.
func waitUntil(_ condition: () -> Bool) async {
  for _ in 0..<10_000 {
    if condition() { return }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
}

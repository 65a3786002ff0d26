import Relay
import RelayTestSupport
import TestSupport
import Testing

@Suite struct CurrentValueRelayTests {

  @Test func newSubscriberReceivesTheCurrentValueFirst() {
    let relay = CurrentValueRelay(1)
    relay.send(2)
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    relay.subscribe(tracker)
    relay.send(3)
    #expect(
      tracker.history == [.subscription("CurrentValueSubject"), .value(2), .value(3)])
    #expect(relay.value == 3)
  }

  @Test func settingValueSends() {
    let relay = CurrentValueRelay("a")
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    relay.subscribe(tracker)
    relay.value = "b"
    #expect(tracker.values == ["a", "b"])
  }

  @Test func currentValueWaitsForTheFirstDemand() {
    let relay = CurrentValueRelay(1)
    let tracker = TrackingSubscriber<Int, Never>()
    relay.subscribe(tracker)
    relay.send(2)
    #expect(tracker.values == [])
    tracker.request(.max(1))
    #expect(tracker.values == [2])
  }

  @Test func exhaustedSubscriberGetsTheLatestValueWhenItAsksAgain() {
    let relay = CurrentValueRelay(0)
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(2))
    relay.subscribe(tracker)
    relay.send(1)
    relay.send(2)
    relay.send(3)
    #expect(tracker.values == [0, 1])
    tracker.request(.max(1))
    #expect(tracker.values == [0, 1, 3])
    relay.send(4)
    #expect(tracker.values == [0, 1, 3])
    tracker.request(.max(5))
    relay.send(5)
    #expect(tracker.values == [0, 1, 3, 4, 5])
  }

  @Test func returnedDemandIsAdded() {
    let relay = CurrentValueRelay(0)
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(1), perValue: .max(1))
    relay.subscribe(tracker)
    for value in 1...3 { relay.send(value) }
    #expect(tracker.values == [0, 1, 2, 3])
  }

  @Test func subscribersAreCalledInSubscriptionOrder() {
    let relay = CurrentValueRelay(0)
    var calls: [String] = []
    let first = relay.sink { calls.append("first \($0)") }
    let second = relay.sink { calls.append("second \($0)") }
    let third = relay.sink { calls.append("third \($0)") }
    relay.send(1)
    #expect(
      calls == [
        "first 0", "second 0", "third 0", "first 1", "second 1", "third 1",
      ])
    _ = (first, second, third)
  }

  @Test func valueSentFromASubscriberReachesEveryoneAfterTheCurrentValue() {
    let relay = CurrentValueRelay(0)
    var seenByFirst: [Int] = []
    var seenBySecond: [Int] = []
    let first = relay.sink { value in
      seenByFirst.append(value)
      if value == 1 { relay.send(2) }
    }
    let second = relay.sink { seenBySecond.append($0) }
    relay.send(1)
    #expect(seenByFirst == [0, 1, 2])
    #expect(seenBySecond == [0, 1, 2])
    #expect(relay.value == 2)
    _ = (first, second)
  }

  @Test func cancelStopsDeliveryAndNeverCompletes() {
    let relay = CurrentValueRelay(0)
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    relay.subscribe(tracker)
    tracker.cancel()
    tracker.cancel()
    relay.send(1)
    #expect(tracker.history == [.subscription("CurrentValueSubject"), .value(0)])
  }

  @Test func cancellingReleasesTheClosures() {
    final class Witness {}
    let relay = CurrentValueRelay(0)
    weak var weakWitness: Witness?
    var cancellable: AnyCancellable?
    do {
      let witness = Witness()
      weakWitness = witness
      cancellable = relay.sink { _ in _ = witness }
    }
    #expect(weakWitness != nil)
    cancellable?.cancel()
    #expect(weakWitness == nil)
    _ = cancellable
  }

  @Test func droppingTheCancellableCancels() {
    let relay = CurrentValueRelay(0)
    var received: [Int] = []
    var cancellable: AnyCancellable? = relay.sink { received.append($0) }
    relay.send(1)
    cancellable = nil
    relay.send(2)
    #expect(received == [0, 1])
    _ = cancellable
  }

  @Test func cancelFromInsideTheSubscriberStopsLaterValues() {
    let relay = CurrentValueRelay(0)
    var received: [Int] = []
    var cancellable: AnyCancellable?
    cancellable = relay.sink { value in
      received.append(value)
      if value == 1 { cancellable?.cancel() }
    }
    relay.send(1)
    relay.send(2)
    #expect(received == [0, 1])
  }

  @Test func cancellingALaterSubscriberDuringARoundSkipsIt() {
    let relay = CurrentValueRelay(0)
    var received: [String] = []
    var second: AnyCancellable?
    let first = relay.sink { value in
      received.append("first \(value)")
      if value == 1 { second?.cancel() }
    }
    second = relay.sink { received.append("second \($0)") }
    relay.send(1)
    #expect(received == ["first 0", "second 0", "first 1"])
    _ = first
  }

  @Test(.timeLimit(.minutes(1)))
  func subscriberCodeMayUseTheRelayFreely() {
    // Were a lock held while calling subscribers, each of these would deadlock.
    let relay = CurrentValueRelay(0)
    var inner: [AnyCancellable] = []
    var innerValues: [Int] = []
    var reads: [Int] = []
    let outer = relay.sink { value in
      reads.append(relay.value)
      if value == 1 {
        inner.append(relay.sink { innerValues.append($0) })
        relay.send(2)
      }
      if value == 2 { inner.removeAll() }
    }
    relay.send(1)
    #expect(reads == [0, 1, 2])
    #expect(innerValues == [1])
    _ = outer
  }

  @Test(.timeLimit(.minutes(1)))
  func replacedValuesAreReleasedOutsideTheLock() {
    final class Probe {
      let onDeinit: () -> Void
      init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let relay = CurrentValueRelay<Probe?>(nil)
    var readsInDeinit = 0
    relay.send(
      Probe { [weak relay] in
        _ = relay?.value
        readsInDeinit += 1
      })
    relay.send(nil)
    #expect(readsInDeinit == 1)
  }

  @Test func removingDuplicatesStoresButDoesNotDeliverRepeats() {
    let relay = CurrentValueRelay(1, removingDuplicatesBy: { $0 % 10 == $1 % 10 })
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    relay.subscribe(tracker)
    relay.send(11)
    #expect(relay.value == 11)
    relay.send(2)
    relay.send(12)
    relay.send(3)
    #expect(tracker.values == [1, 2, 3])
  }

  @Test func sinksAndOtherSubscribersShareRoundsInOrder() {
    // A round calls a sink's closure directly and any other subscriber through `receive`;
    // the demand they return (here `.max(1)`, which unlimited demand absorbs) changes nothing.
    let relay = CurrentValueRelay(0)
    var calls: [String] = []
    let first = relay.sink { calls.append("sink \($0)") }
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { value in
        calls.append("tracker \(value)")
        return .max(1)
      })
    relay.subscribe(tracker)
    let last = relay.sink { calls.append("last \($0)") }
    relay.send(1)
    relay.send(2)
    #expect(
      calls == [
        "sink 0", "tracker 0", "last 0", "sink 1", "tracker 1", "last 1", "sink 2", "tracker 2",
        "last 2",
      ])
    #expect(tracker.values == [0, 1, 2])
    _ = (first, last)
  }

  @Test(.timeLimit(.minutes(1)))
  func aSubscriberCancelledBeforeItsFirstValueIsReleasedOutsideTheLock() {
    final class Probe {
      let onDeinit: () -> Void
      init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let relay = CurrentValueRelay(0)
    var readsInDeinit = 0
    let outer = relay.sink { value in
      guard value == 1 else { return }
      // Subscribed during a round: its current value waits for the round to end. Cancelled
      // before that, its closure must still not be released under the relay's lock.
      let probe = Probe { readsInDeinit += relay.value }
      let inner = relay.sink { _ in _ = probe }
      inner.cancel()
    }
    relay.send(1)
    #expect(readsInDeinit == 1)
    _ = outer
  }
}

@Suite struct ModifyTests {
  @Test func modifySendsOnceAndReturnsTheResult() {
    let relay = CurrentValueRelay([1])
    var received: [[Int]] = []
    let subscription = relay.sink { received.append($0) }
    let count = relay.modify { values -> Int in
      values.append(2)
      values.append(3)
      return values.count
    }
    #expect(count == 3)
    #expect(received == [[1], [1, 2, 3]])
    _ = subscription
  }

  @Test func aThrowingTransformSendsNothing() {
    struct Refused: Error {}
    let relay = CurrentValueRelay(1)
    var received: [Int] = []
    let subscription = relay.sink { received.append($0) }
    #expect(throws: Refused.self) { try relay.modify { _ in throw Refused() } }
    #expect(received == [1])
    #expect(relay.value == 1)
    _ = subscription
  }

  @Test func aSendDuringTheTransformComesAfterTheModifiedValue() {
    let relay = CurrentValueRelay(10)
    var received: [Int] = []
    let subscription = relay.sink { received.append($0) }
    var runs = 0
    relay.modify { value in
      runs += 1
      relay.send(20)  // another write lands meanwhile: it waits behind this one
      value += 1
    }
    #expect(runs == 1)
    #expect(relay.value == 20)
    // The send came from this thread: it is delivered before `modify` returns.
    #expect(received == [10, 11, 20])
    _ = subscription
  }
}

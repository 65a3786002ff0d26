import Relay
import TestSupport
import Testing

@Suite struct SinkTests {
  final class FakeSubscription: Subscription, @unchecked Sendable {
    var requests: [Subscribers.Demand] = []
    var cancels = 0
    func request(_ demand: Subscribers.Demand) { requests.append(demand) }
    func cancel() { cancels += 1 }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = FakeSubscription()
    let second = FakeSubscription()
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    #expect(first.requests == [.unlimited])
    #expect(first.cancels == 0)
    #expect(second.requests == [])
    #expect(second.cancels == 1)
    sink.cancel()
    sink.cancel()
    #expect(first.cancels == 1)
  }

  @Test func completionIsDeliveredOnce() {
    var completions = 0
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in })
    sink.receive(subscription: FakeSubscription())
    sink.receive(completion: .finished)
    sink.receive(completion: .finished)
    #expect(completions == 1)
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let relay = CurrentValueRelay(0)
      let tracker = TrackingSubscriber<Int, Never>(initialDemand: nil)
      relay.subscribe(tracker)
      tracker.request(.none)
    }
  }

  @Test func anyCancellableRunsItsActionOnceAndStores() {
    var runs = 0
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    let cancellable = AnyCancellable { runs += 1 }
    cancellable.store(in: &set)
    cancellable.store(in: &array)
    #expect(set.contains(cancellable))
    #expect(array.count == 1)
    cancellable.cancel()
    cancellable.cancel()
    set.removeAll()
    array.removeAll()
    #expect(runs == 1)
  }
}

import Foundation
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `SubscribeOnTests`, ported to a scheduler the test drives, and a real
/// dispatch queue.
@Suite struct SubscribeOnTests {
  @Test func subscribesAndRequestsOnTheSchedulerAndSendsDownstreamDirectly() {
    let scheduler = VirtualTimeScheduler()
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(3)) }, receiveValue: { _ in .max(1) })
    publisher.subscribe(on: scheduler, options: .nontrivialOptions).subscribe(tracker)
    #expect(publisher.subscribeCount == 0)
    #expect(scheduler.history == [.schedule(options: .nontrivialOptions)])
    scheduler.executeScheduledActions()
    // The request made on subscription is scheduled too; it runs in the same pass.
    #expect(tracker.history == [.subscription("SubscribeOn")])
    #expect(subscription.history == [.requested(.max(3))])
    #expect(scheduler.history.count == 2)
    #expect(publisher.send(1) == .max(1))
    publisher.send(completion: .finished)
    #expect(tracker.history == [.subscription("SubscribeOn"), .value(1), .finished])
  }

  @Test func cancelIsScheduledButStopsValuesAtOnce() {
    let scheduler = VirtualTimeScheduler()
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    publisher.subscribe(on: scheduler).subscribe(tracker)
    scheduler.executeScheduledActions()
    tracker.cancel()
    tracker.cancel()
    #expect(publisher.send(1) == .none)
    #expect(subscription.history == [.requested(.unlimited)])
    scheduler.executeScheduledActions()
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    #expect(tracker.history == [.subscription("SubscribeOn")])
  }

  @Test func subscribesOnTheQueue() {
    let queue = DispatchQueue(label: "subscribe-on")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 1)
    let subscribedOnQueue = Locked<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    let cancellable = Deferred { () -> Just<Int> in
      subscribedOnQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) == 1 }
      return Just(7)
    }
    .subscribe(on: queue)
    .sink { _ in done.signal() }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(subscribedOnQueue.withLock { $0 } == true)
    _ = cancellable
  }
}

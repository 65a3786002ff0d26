import Dispatch
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// `receive(on:options:)` on schedulers other than a dispatch queue: OpenCombine's
/// virtual-time cases, and a scheduler that runs work at once.
@Suite struct ReceiveOnSchedulerTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func deliversWhenTheSchedulerRunsWithItsOptions() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(100), demandPerValue: .max(12)) {
      $0.receive(on: scheduler, options: .nontrivialOptions)
    }
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    #expect(harness.subscription.history == [.requested(.max(100))])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(2) == .none)
    #expect(scheduler.history == [.schedule(options: .nontrivialOptions)])
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("ReceiveOn"), .value(1), .value(2)])
    #expect(
      harness.subscription.history == [
        .requested(.max(100)), .requested(.max(12)),
        .requested(.max(12)),
      ])
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReceiveOn"), .value(1), .value(2)])
    scheduler.executeScheduledActions()
    #expect(
      harness.tracker.history == [.subscription("ReceiveOn"), .value(1), .value(2), .finished])
  }

  @Test func cancelBeforeTheSchedulerRunsDeliversNothing() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .unlimited) { $0.receive(on: scheduler) }
    harness.publisher.send(1)
    harness.tracker.cancel()
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func anImmediateSchedulerDeliversBeforeTheSendReturns() {
    let relay = PassthroughRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.receive(on: DispatchQueue.immediate).sink { value in
      received.append(value)
      if value == 1 { relay.send(2) }
    }
    relay.send(1)
    #expect(received == [1, 2])
    relay.send(3)
    #expect(received == [1, 2, 3])
    _ = cancellable
  }

  @Test func aDispatchQueueWithOptionsDeliversOnIt() {
    let queue = DispatchQueue(label: "receive-on-options")
    let relay = PassthroughRelay<Int>()
    let received = Locked<[Int]>([])
    let cancellable = relay.receive(on: queue, options: .init(qos: .utility)).sink { value in
      received.withLock { $0.append(value) }
    }
    for value in 1...3 { relay.send(value) }
    queue.sync {}
    #expect(received.withLock { $0 } == [1, 2, 3])
    _ = cancellable
  }

  @Test func theMainQueueStillReadsAsAMember() {
    let publisher = PassthroughRelay<Int>().receive(on: .main)
    let _: Publishers.ReceiveOn<PassthroughRelay<Int>, DispatchQueue> = publisher
  }
}

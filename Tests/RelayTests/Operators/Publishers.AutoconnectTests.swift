import Relay
import RelayTestSupport
import TestSupport
import Testing

/// `autoconnect()` connects at the first subscriber and cancels the connection when the last
/// one leaves; `Publishers.Timer` under it, on the package's virtual-time scheduler.
@Suite struct AutoconnectTests {
  /// A connectable publisher that counts its connections and their cancellations.
  final class CountingConnectable: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    let relay = PassthroughRelay<Int>()
    let counts = Locked((connects: 0, cancels: 0))

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      relay.receive(subscriber: subscriber)
    }

    func connect() -> any Cancellable {
      counts.withLock { $0.connects += 1 }
      return AnyCancellable { self.counts.withLock { $0.cancels += 1 } }
    }
  }

  @Test func connectsOnceForManySubscribersAndCancelsAfterTheLast() {
    let upstream = CountingConnectable()
    let shared = upstream.autoconnect()
    var received: [Int] = []
    let first = shared.sink { received.append($0) }
    let second = shared.sink { received.append($0 * 10) }
    #expect(upstream.counts.withLock { $0 }.connects == 1)
    upstream.relay.send(1)
    #expect(received == [1, 10])
    first.cancel()
    #expect(upstream.counts.withLock { $0 }.cancels == 0)
    second.cancel()
    #expect(upstream.counts.withLock { $0 }.cancels == 1)
    let third = shared.sink { received.append($0) }
    #expect(upstream.counts.withLock { $0 }.connects == 2)
    third.cancel()
    #expect(upstream.counts.withLock { $0 }.cancels == 2)
  }

  @Test func aCompletedSubscriberLeavesToo() {
    let upstream = CountingConnectable()
    let cancellable = upstream.autoconnect().prefix(1).sink { _ in }
    upstream.relay.send(1)
    upstream.relay.send(2)  // prefix finishes and cancels
    #expect(upstream.counts.withLock { $0 }.cancels == 1)
    cancellable.cancel()
    #expect(upstream.counts.withLock { $0 }.cancels == 1)
  }

  @Test func timerTicksOneIntervalAfterConnectAndDropsTicksWithoutDemand() {
    let scheduler = VirtualTimeScheduler()
    let timer = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
    let tracker = TrackingSubscriber<VirtualTimeScheduler.SchedulerTimeType, Never>(
      receiveSubscription: { $0.request(.max(2)) }, receiveValue: { _ in .none })
    timer.subscribe(tracker)
    scheduler.advance(by: .seconds(5))
    #expect(tracker.history == [.subscription("Timer")])
    let connection = timer.connect()
    #expect(
      scheduler.history == [
        .scheduleAfterDateWithInterval(
          .seconds(6), interval: .seconds(1), tolerance: .nanoseconds(7), options: nil)
      ])
    scheduler.advance(by: .seconds(3))
    #expect(tracker.history == [.subscription("Timer"), .value(.seconds(6)), .value(.seconds(7))])
    tracker.subscription?.request(.max(1))
    scheduler.advance(by: .seconds(1))
    #expect(tracker.values == [.seconds(6), .seconds(7), .seconds(9)])
    connection.cancel()
    tracker.subscription?.request(.unlimited)
    scheduler.advance(by: .seconds(3))
    #expect(tracker.values.count == 3)
  }

  @Test func cancellingTheLastSubscriberCancelsTheSchedule() {
    let scheduler = VirtualTimeScheduler()
    var ticks = 0
    let cancellable = Publishers.Timer(every: .seconds(1), scheduler: scheduler).autoconnect()
      .sink { _ in ticks += 1 }
    scheduler.advance(by: .seconds(2))
    #expect(ticks == 2)
    cancellable.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(ticks == 2)
    #expect(scheduler.scheduledCount == 0)
  }
}

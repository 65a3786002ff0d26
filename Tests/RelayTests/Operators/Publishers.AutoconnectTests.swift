import Foundation
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

/// `autoconnect()` and `Publishers.Timer` with subscribers coming and going on several threads:
/// the connection runs exactly while somebody is subscribed, whatever the interleaving.
@Suite struct AutoconnectRaceTests {
  /// A connectable publisher that counts the connections running, and catches a connect or
  /// cancel that overlaps another.
  final class ConnectionCounter: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    let relay = PassthroughRelay<Int>()
    let counts = Locked((running: 0, overlaps: 0, busy: false))

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      relay.receive(subscriber: subscriber)
    }

    func change(by delta: Int) {
      counts.withLock {
        if $0.busy { $0.overlaps += 1 }
        $0.busy = true
      }
      sched_yield()  // widen the window in which another connect or cancel could overlap
      counts.withLock {
        $0.running += delta
        $0.busy = false
      }
    }

    func connect() -> any Cancellable {
      change(by: 1)
      return AnyCancellable { self.change(by: -1) }
    }
  }

  @Test func subscribersComingAndGoingLeaveOneConnectionExactlyWhileSomebodyIsThere() {
    let upstream = ConnectionCounter()
    let shared = upstream.autoconnect()
    for _ in 0..<20 {
      runConcurrently(threads: 4) { _ in
        for _ in 0..<200 { shared.sink { _ in }.cancel() }
      }
      #expect(eventually { upstream.counts.withLock { $0.running } == 0 })
      let staying = Locked<[Int]>([])
      let subscription = shared.sink { value in staying.withLock { $0.append(value) } }
      #expect(eventually { upstream.counts.withLock { $0.running } == 1 })
      upstream.relay.send(1)
      #expect(staying.withLock { $0 } == [1])
      subscription.cancel()
    }
    #expect(eventually { upstream.counts.withLock { $0.running } == 0 })
    #expect(upstream.counts.withLock { $0.overlaps } == 0)
  }

  @Test func aTimerKeepsTickingForTheSubscriberThatStays() {
    let queue = DispatchQueue(label: "autoconnect-race")
    let timer = queue.timerPublisher(every: .milliseconds(1)).autoconnect()
    for round in 0..<10 {
      runConcurrently(threads: 4) { _ in
        for _ in 0..<100 { timer.sink { _ in }.cancel() }
      }
      let ticks = Locked(0)
      let subscription = timer.sink { _ in ticks.withLock { $0 += 1 } }
      #expect(eventually { ticks.withLock { $0 } >= 3 }, "round \(round): the timer stopped")
      subscription.cancel()
    }
  }

  @Test func cancellingAConnectionALaterOneReplacedLeavesTheLaterOneTicking() {
    let scheduler = VirtualTimeScheduler()
    let timer = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
    var ticks = 0
    let subscription = timer.sink { _ in ticks += 1 }
    let first = timer.connect()
    first.cancel()
    let second = timer.connect()
    first.cancel()  // stale: the timer is the second connection's now
    scheduler.advance(by: .seconds(2))
    #expect(ticks == 2)
    second.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(ticks == 2)
    _ = subscription
  }
}

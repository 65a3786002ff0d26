import DiffValue
import DiffValueTesting
import Dispatch
import Foundation
import TestSupport
import Testing

/// combine-schedulers' `TestSchedulerTests`, ported, and what the issue asks beyond them: the
/// order of equal dates, work scheduled by work, past-dated work, repeating work and its
/// cancellation, and the time operators at the instants Combine's deliver.
@Suite struct TestSchedulerTests {
  @Test func delayedValueArrivesWhenTheAdvancesAddUpToTheDelay() {
    let scheduler = DispatchQueue.test
    var value: Int?
    let cancellable = Just(1).delay(for: 1, scheduler: scheduler).sink { value = $0 }
    for _ in 0..<3 {
      scheduler.advance(by: .milliseconds(250))
      #expect(value == nil)
    }
    scheduler.advance(by: .milliseconds(250))
    #expect(value == 1)
    _ = cancellable
  }

  @Test func advanceToAMoment() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var value: Int?
    let cancellable = Just(1).delay(for: 1, scheduler: scheduler).sink { value = $0 }
    for milliseconds in [250, 500, 750] {
      scheduler.advance(to: start.advanced(by: .milliseconds(milliseconds)))
      #expect(value == nil)
    }
    scheduler.advance(to: start.advanced(by: .milliseconds(1000)))
    #expect(value == 1)
    _ = cancellable
  }

  @Test func runMovesTheClockAsFarAsTheWorkNeeds() {
    let scheduler = DispatchQueue.test
    var value: Int?
    let cancellable = Just(1).delay(for: 1_000_000_000, scheduler: scheduler).sink { value = $0 }
    scheduler.advance(by: 1_000_000)
    #expect(value == nil)
    scheduler.run()
    #expect(value == 1)
    #expect(scheduler.now == DispatchQueue.test.now.advanced(by: 1_000_000_000))
    _ = cancellable
  }

  @Test func zeroDelayRunsAtTheNextAdvance() {
    let scheduler = DispatchQueue.test
    var value: Int?
    let cancellable = Just(1).delay(for: 0, scheduler: scheduler).sink { value = $0 }
    #expect(value == nil)
    scheduler.advance()
    #expect(value == 1)
    _ = cancellable
  }

  @Test func subscribeOnSubscribesAtTheNextAdvance() {
    let scheduler = DispatchQueue.test
    var value: Int?
    let cancellable = Just(1).subscribe(on: scheduler).sink { value = $0 }
    #expect(value == nil)
    scheduler.advance()
    #expect(value == 1)
    _ = cancellable
  }

  @Test func receiveOnDeliversAtTheNextAdvance() {
    let scheduler = DispatchQueue.test
    var value: Int?
    let cancellable = Just(1).receive(on: scheduler).sink { value = $0 }
    #expect(value == nil)
    scheduler.advance()
    #expect(value == 1)
    _ = cancellable
  }

  @Test func theClockStartsAtUptimeOne() {
    let scheduler = DispatchQueue.test
    scheduler.advance(by: .nanoseconds(0))
    // Uptime 0 means "now" to Dispatch.
    #expect(scheduler.now == .init(DispatchTime(uptimeNanoseconds: 1)))
    #expect(UIScheduler.test.now == .init(DispatchTime(uptimeNanoseconds: 1)))
    #expect(scheduler.minimumTolerance == .zero)
  }

  @Test func repeatingActionsKeepTheOrderTheyWereScheduledIn() {
    let scheduler = DispatchQueue.test
    var values: [Int] = []
    var cancellables: [AnyCancellable] = []
    scheduler.schedule(after: scheduler.now, interval: 2) { values.append(1) }
      .store(in: &cancellables)
    scheduler.schedule(after: scheduler.now, interval: 1) { values.append(42) }
      .store(in: &cancellables)
    #expect(values == [])
    scheduler.advance()
    #expect(values == [1, 42])
    scheduler.advance(by: 2)
    #expect(values == [1, 42, 42, 1, 42])
  }

  @Test func advancingMovesNow() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    scheduler.advance(by: .seconds(1))
    #expect(scheduler.now == start.advanced(by: .seconds(1)))
    scheduler.advance()
    #expect(scheduler.now == start.advanced(by: .seconds(1)))
    scheduler.advance(by: .seconds(1))
    #expect(scheduler.now == start.advanced(by: .seconds(2)))
  }

  @Test func nothingRunsInsideSchedule() {
    let scheduler = DispatchQueue.test
    var runs = 0
    scheduler.schedule { runs += 1 }
    scheduler.schedule(after: scheduler.now) { runs += 1 }
    let repeating = scheduler.schedule(after: scheduler.now, interval: 1) { runs += 1 }
    #expect(runs == 0)
    scheduler.advance()
    #expect(runs == 3)
    repeating.cancel()
  }

  @Test func equalDatesRunInTheOrderTheyWereScheduled() {
    let scheduler = DispatchQueue.test
    var order: [String] = []
    let date = scheduler.now.advanced(by: .seconds(1))
    scheduler.schedule(after: date) { order.append("a") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { order.append("late") }
    scheduler.schedule(after: date) { order.append("b") }
    scheduler.schedule { order.append("now") }
    scheduler.schedule(after: date) { order.append("c") }
    scheduler.advance(by: .seconds(2))
    #expect(order == ["now", "a", "b", "c", "late"])
  }

  @Test func workScheduledByWorkRunsInTheSameAdvanceWhenDue() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var log: [(String, Int)] = []
    func elapsed() -> Int { start.distance(to: scheduler.now).magnitude / 1_000_000 }
    scheduler.schedule(after: start.advanced(by: .milliseconds(10))) {
      log.append(("first", elapsed()))
      // The action runs with no lock held: it reads the clock and schedules.
      scheduler.schedule { log.append(("now", elapsed())) }
      scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(5))) {
        log.append(("later", elapsed()))
      }
      scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(50))) {
        log.append(("next advance", elapsed()))
      }
    }
    scheduler.advance(by: .milliseconds(20))
    #expect(log.map(\.0) == ["first", "now", "later"])
    #expect(log.map(\.1) == [10, 10, 15])
    #expect(elapsed() == 20)
    scheduler.advance(by: .milliseconds(40))
    #expect(log.map(\.0) == ["first", "now", "later", "next advance"])
    #expect(log.last?.1 == 60)
  }

  @Test func pastDatedWorkRunsWithoutMovingTheClockBack() {
    let scheduler = DispatchQueue.test
    scheduler.advance(by: .seconds(10))
    let now = scheduler.now
    var runs = 0
    scheduler.schedule(after: now.advanced(by: .seconds(-5))) { runs += 1 }
    scheduler.run()  // combine-schedulers' run() never returns here
    #expect(runs == 1)
    #expect(scheduler.now == now)
    scheduler.schedule(after: now.advanced(by: .seconds(-5))) { runs += 1 }
    scheduler.advance()
    #expect(runs == 2)
    scheduler.schedule(after: now.advanced(by: .seconds(-5))) { runs += 1 }
    scheduler.schedule(after: now.advanced(by: .seconds(-1))) { runs += 10 }
    scheduler.advance(to: now.advanced(by: .seconds(-3)))
    #expect(runs == 3)
    #expect(scheduler.now == now)
    scheduler.run()
    #expect(runs == 13)
  }

  @Test func aRepeatingActionIsQueuedAgainBeforeItRunsAndCancelRemovesIt() {
    let scheduler = DispatchQueue.test
    var ticks = 0
    var cancellable: (any Cancellable)?
    cancellable = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 1) {
      ticks += 1
      if ticks == 3 { cancellable?.cancel() }
    }
    scheduler.run()  // returns: the third tick cancelled the run queued before it
    #expect(ticks == 3)
    #expect(scheduler.now == DispatchQueue.test.now.advanced(by: 3))
  }

  @Test func cancellingRemovesEveryQueuedRunAndReleasesTheAction() {
    let scheduler = DispatchQueue.test
    final class Probe {}
    weak var released: Probe?
    var cancellable: (any Cancellable)?
    do {
      let probe = Probe()
      released = probe
      cancellable = scheduler.schedule(after: scheduler.now, interval: 1) { _ = probe }
    }
    scheduler.advance(by: 2)
    #expect(released != nil)
    cancellable?.cancel()
    #expect(released == nil)
    scheduler.run()
  }

  @Test func debounceDeliversAtTheLatestValuesDeadline() {
    let scheduler = DispatchQueue.test
    let relay = PassthroughRelay<String>()
    var received: [String] = []
    let cancellable = relay.debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink { received.append($0) }
    relay.send("s")
    scheduler.advance(by: .milliseconds(100))
    relay.send("sw")
    scheduler.advance(by: .milliseconds(100))
    relay.send("swi")
    scheduler.advance(by: .milliseconds(299))
    #expect(received == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(received == ["swi"])
    scheduler.run()
    #expect(received == ["swi"])
    _ = cancellable
  }

  @Test(arguments: [true, false]) func throttleDeliversAtTheEndOfEachInterval(latest: Bool) {
    let scheduler = DispatchQueue.test
    let relay = PassthroughRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.throttle(for: .seconds(1), scheduler: scheduler, latest: latest)
      .sink { received.append($0) }
    relay.send(1)
    scheduler.advance()
    #expect(received == [1])
    scheduler.advance(by: .milliseconds(100))
    relay.send(2)
    scheduler.advance(by: .milliseconds(100))
    relay.send(3)
    scheduler.advance(by: .milliseconds(799))
    #expect(received == [1])
    scheduler.advance(by: .milliseconds(1))
    #expect(received == [1, latest ? 3 : 2])
    _ = cancellable
  }

  @Test func schedulingFromManyThreadsKeepsEveryAction() {
    let scheduler = DispatchQueue.test
    let ran = Locked<[Int]>([])
    runConcurrently(threads: 4) { thread in
      for index in 0..<500 {
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index % 7))) {
          ran.withLock { $0.append(thread * 1_000 + index) }
        }
      }
    }
    scheduler.run()
    let values = ran.withLock { $0 }
    #expect(values.count == 2_000)
    for thread in 0..<4 {
      // Each thread's actions of one date run in the order it scheduled them.
      for date in 0..<7 {
        let own = values.filter { $0 / 1_000 == thread && ($0 % 1_000) % 7 == date }
        #expect(own == own.sorted())
      }
    }
  }

  @MainActor @Test func zeroDelayRunsAtTheNextAsyncAdvance() async {
    let scheduler = DispatchQueue.test
    var value: Int?
    let cancellable = Just(1).delay(for: 0, scheduler: scheduler).sink { value = $0 }
    #expect(value == nil)
    await scheduler.advance()
    #expect(value == 1)
    _ = cancellable
  }

  @MainActor @Test func asyncAdvanceAndRunMoveTheClock() async {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    var runs = 0
    scheduler.schedule(after: start.advanced(by: .seconds(2))) { runs += 1 }
    scheduler.schedule(after: start.advanced(by: .seconds(5))) { runs += 1 }
    await scheduler.advance(to: start.advanced(by: .seconds(3)))
    #expect(runs == 1)
    #expect(scheduler.now == start.advanced(by: .seconds(3)))
    await scheduler.run()
    #expect(runs == 2)
    #expect(scheduler.now == start.advanced(by: .seconds(5)))
  }

  /// combine-schedulers' `RunLoop.test` and `OperationQueue.test`: clocks from 1970 that move
  /// only when advanced.
  @Test func runLoopAndOperationQueueForms() {
    let runLoop = RunLoop.test
    let queue = OperationQueue.test
    var received: [String] = []
    let first = Just("loop").delay(for: .seconds(1), scheduler: runLoop)
      .sink { received.append($0) }
    let second = Just("queue").delay(for: .milliseconds(1500), scheduler: queue)
      .sink { received.append($0) }
    runLoop.advance(by: .milliseconds(999))
    queue.advance(by: .seconds(1))
    #expect(received.isEmpty)
    runLoop.advance(by: .milliseconds(1))
    queue.advance(by: .milliseconds(500))
    #expect(received == ["loop", "queue"])
    #expect(runLoop.now.date == Date(timeIntervalSince1970: 1))
    _ = (first, second)
  }
}

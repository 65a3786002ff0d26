import DiffValue
import DiffValueTesting
import Dispatch
import TestSupport
import Testing

/// combine-schedulers' `TimerTests`, ported: `Publishers.Timer` on a dispatch queue and on a
/// test scheduler, two timers interleaved, cancellation and completion; and on a scheduler
/// whose clock never moves.
@Suite struct TimerTests {
  @Test func ticksOnADispatchQueue() {
    let queue = DispatchQueue(label: "timer-tests")
    let output = Locked<[Int]>([])
    let threeTicks = DispatchSemaphore(value: 0)
    let cancellable = queue.timerPublisher(every: .milliseconds(20)).autoconnect().sink { _ in
      let count = output.withLock { output in
        output.append(output.count)
        return output.count
      }
      if count == 3 { threeTicks.signal() }
    }
    #expect(threeTicks.wait(timeout: .now() + 10) == .success)
    cancellable.cancel()
    queue.sync {}
    #expect(output.withLock { Array($0.prefix(3)) } == [0, 1, 2])
  }

  @Test func ticksAtEachIntervalOfATestScheduler() {
    let scheduler = DispatchQueue.test
    let start = scheduler.now.dispatchTime.uptimeNanoseconds
    var output: [UInt64] = []
    let cancellable = Publishers.Timer(every: 1, scheduler: scheduler).autoconnect()
      .sink { _ in output.append(scheduler.now.dispatchTime.uptimeNanoseconds - start) }
    #expect(output == [])
    scheduler.advance(by: 1)
    #expect(output == [1_000_000_000])
    scheduler.advance(by: 1)
    #expect(output == [1_000_000_000, 2_000_000_000])
    scheduler.advance(by: 5)
    #expect(output == (1...7).map { UInt64($0) * 1_000_000_000 })
    _ = cancellable
  }

  @Test func theTickIsTheSchedulersNow() {
    let scheduler = DispatchQueue.test
    var ticks: [DispatchQueue.SchedulerTimeType] = []
    let cancellable = scheduler.timerPublisher(every: .seconds(2)).autoconnect()
      .sink { ticks.append($0) }
    scheduler.advance(by: .seconds(4))
    #expect(ticks == [2, 4].map { DispatchQueue.test.now.advanced(by: .seconds($0)) })
    _ = cancellable
  }

  @Test func twoTimersInterleave() {
    let scheduler = DispatchQueue.test
    var output: [Int] = []
    let cancellable = Publishers.MergeMany(
      Publishers.Timer(every: .seconds(2), scheduler: scheduler).autoconnect()
        .handleEvents(receiveOutput: { _ in output.append(1) }),
      Publishers.Timer(every: .seconds(3), scheduler: scheduler).autoconnect()
        .handleEvents(receiveOutput: { _ in output.append(2) })
    ).sink { _ in }
    let expected = [[], [1], [1, 2], [1, 2, 1], [1, 2, 1], [1, 2, 1, 1, 2]]
    for step in expected {
      scheduler.advance(by: 1)
      #expect(output == step)
    }
    _ = cancellable
  }

  @Test func cancellingStopsTheTicks() {
    let scheduler = DispatchQueue.test
    var count = 0
    var cancellables: Set<AnyCancellable> = []
    Publishers.Timer(every: 1, scheduler: scheduler).autoconnect().sink { _ in count += 1 }
      .store(in: &cancellables)
    scheduler.advance(by: 1)
    #expect(count == 1)
    cancellables.removeAll()
    scheduler.run()  // returns: nothing is scheduled any more
    #expect(count == 1)
  }

  @Test func prefixEndsTheTimer() {
    let scheduler = DispatchQueue.test
    var count = 0
    let cancellable = Publishers.Timer(every: 1, scheduler: scheduler).autoconnect().prefix(3)
      .sink { _ in count += 1 }
    scheduler.advance(by: 1)
    #expect(count == 1)
    scheduler.run()  // the fourth tick finishes the prefix, which cancels the timer
    #expect(count == 3)
    _ = cancellable
  }

  @Test func anImmediateSchedulerTicksOnceAtTheConnect() {
    let scheduler = DispatchQueue.immediate
    var ticks: [DispatchQueue.SchedulerTimeType] = []
    let cancellable = scheduler.timerPublisher(every: 1).autoconnect().sink { ticks.append($0) }
    #expect(ticks == [scheduler.now])
    _ = cancellable
  }

  @MainActor @Test func advancingToAFarFutureTicksEveryInterval() async {
    let scheduler = DispatchQueue.test
    var tickCount = 0
    let cancellable = Publishers.Timer(every: .seconds(1), scheduler: scheduler).autoconnect()
      .sink { _ in tickCount += 1 }
    #expect(tickCount == 0)
    await scheduler.advance(by: .seconds(1))
    #expect(tickCount == 1)
    await scheduler.advance(by: .seconds(1))
    #expect(tickCount == 2)
    await scheduler.advance(by: .seconds(1_000))
    #expect(tickCount == 1_002)
    _ = cancellable
  }
}

import Dispatch
import Foundation
import Relay
import TestSupport
import Testing

/// combine-schedulers' `ImmediateSchedulerTests`, ported, and the time operators on a
/// scheduler whose clock never moves.
@Suite struct ImmediateSchedulerTests {
  @Test func everyFormOfScheduleRunsBeforeItReturns() {
    let scheduler = DispatchQueue.immediate
    var runs = 0
    scheduler.schedule { runs += 1 }
    #expect(runs == 1)
    scheduler.schedule(after: scheduler.now.advanced(by: 1)) { runs += 1 }
    #expect(runs == 2)
    let repeating = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 1) {
      runs += 1
    }
    #expect(runs == 3)
    repeating.cancel()
    #expect(runs == 3)
  }

  @Test func theClockNeverMoves() {
    let scheduler = DispatchQueue.immediate
    let start = scheduler.now
    #expect(start == DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
    scheduler.schedule(after: start.advanced(by: .seconds(5))) {}
    #expect(scheduler.now == start)
    #expect(scheduler.minimumTolerance == .zero)
  }

  @Test func debounceDeliversEachValueAtOnce() {
    let relay = PassthroughRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.debounce(for: .milliseconds(300), scheduler: DispatchQueue.immediate)
      .sink { received.append($0) }
    for value in 1...3 { relay.send(value) }
    #expect(received == [1, 2, 3])
    _ = cancellable
  }

  @Test func debounceOfManyValuesOnAFrozenClockNeverRecurses() {
    // Before the fix, the first value rescheduled its timer until the clock reached the
    // deadline: on a clock that never moves, until the stack overflowed.
    let relay = PassthroughRelay<Int>()
    var count = 0
    var last = -1
    let cancellable = relay.debounce(for: .seconds(1), scheduler: DispatchQueue.immediate)
      .sink {
        count += 1
        last = $0
      }
    for value in 0..<100_000 { relay.send(value) }
    #expect(count == 100_000)
    #expect(last == 99_999)
    _ = cancellable
  }

  @Test func debounceOfAValueSentFromItsOwnDeliveryComesAfterIt() {
    let relay = PassthroughRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.debounce(for: .seconds(1), scheduler: DispatchQueue.immediate)
      .sink { value in
        received.append(value)
        if value < 3 { relay.send(value + 1) }
      }
    relay.send(1)
    #expect(received == [1, 2, 3])
    _ = cancellable
  }

  @Test func throttleDeliversEachValueAtOnce() {
    let relay = PassthroughRelay<Int>()
    for latest in [true, false] {
      var received: [Int] = []
      let cancellable = relay.throttle(
        for: .seconds(1), scheduler: DispatchQueue.immediate, latest: latest
      ).sink { received.append($0) }
      for value in 1...3 { relay.send(value) }
      #expect(received == [1, 2, 3])
      cancellable.cancel()
    }
  }

  @Test func delayDeliversValuesAndCompletionAtOnce() {
    let relay = PassthroughRelay<Int>()
    var events: [String] = []
    let cancellable = relay.delay(for: .seconds(1), scheduler: DispatchQueue.immediate)
      .sink(
        receiveCompletion: { _ in events.append("finished") },
        receiveValue: { events.append("\($0)") })
    relay.send(1)
    relay.send(2)
    #expect(events == ["1", "2"])
    _ = cancellable
  }

  @Test func subscribeOnSubscribesAtOnce() {
    var received: [Int] = []
    let cancellable = [1, 2].publisher.subscribe(on: DispatchQueue.immediate)
      .sink { received.append($0) }
    #expect(received == [1, 2])
    _ = cancellable
  }

  /// Combine's spelling: `ImmediateScheduler.shared`, which runs everything at once.
  @Test func sharedIsTheImmediateSchedulerOfADispatchQueue() {
    let scheduler = ImmediateScheduler.shared
    #expect(scheduler.now == DispatchQueue.immediate.now)
    var received: [Int] = []
    let cancellable = [1, 2].publisher.delay(for: .seconds(1), scheduler: ImmediateScheduler.shared)
      .receive(on: ImmediateScheduler.shared)
      .sink { received.append($0) }
    #expect(received == [1, 2])
    _ = cancellable
  }

  /// combine-schedulers' forms for `RunLoop` and `OperationQueue`: their clock stands at 1970.
  @Test func runLoopAndOperationQueueForms() {
    var runs = 0
    let runLoop = RunLoop.immediate
    runLoop.schedule(after: runLoop.now.advanced(by: .seconds(5))) { runs += 1 }
    let queue = OperationQueue.immediate
    queue.schedule(after: queue.now.advanced(by: .seconds(5))) { runs += 1 }
    #expect(runs == 2)
    #expect(runLoop.now == RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 0)))
    #expect(queue.now == OperationQueue.SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

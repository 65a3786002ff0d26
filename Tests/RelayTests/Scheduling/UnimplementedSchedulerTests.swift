import Dispatch
import Foundation
import Relay
import Testing

/// combine-schedulers' `UnimplementedScheduler`: every use is reported, nothing runs.
@Suite struct UnimplementedSchedulerTests {
  @Test func everyUseIsReportedAndNothingRuns() {
    let scheduler = DispatchQueue.unimplemented("cache")
    var runs = 0
    _ = scheduler.now
    scheduler.schedule { runs += 1 }
    scheduler.schedule(after: DispatchQueue.immediate.now) { runs += 1 }
    let repeating = scheduler.schedule(
      after: DispatchQueue.immediate.now, interval: .seconds(1), tolerance: .zero, options: nil
    ) { runs += 1 }
    repeating.cancel()
    #expect(runs == 0)
    #expect(
      scheduler.uses == [
        "cache - An unimplemented scheduler's now was used.",
        "cache - An unimplemented scheduler's schedule(options:_:) was used.",
        // `schedule(after:_:)` reads the tolerance to pass it on.
        "cache - An unimplemented scheduler's minimumTolerance was used.",
        "cache - An unimplemented scheduler's schedule(after:tolerance:options:_:) was used.",
        "cache - An unimplemented scheduler's schedule(after:interval:tolerance:options:_:) was used.",
      ])
  }

  /// An operator that schedules is caught: `delay` reads the clock and schedules.
  @Test func aDelayOnItIsReportedAndDeliversNothing() {
    let scheduler = DispatchQueue.unimplemented("delay")
    var received: [Int] = []
    let cancellable = Just(1).delay(for: .seconds(1), scheduler: scheduler)
      .sink { received.append($0) }
    #expect(received.isEmpty)
    #expect(scheduler.uses.count >= 2)
    #expect(scheduler.uses.allSatisfy { $0.hasPrefix("delay - ") })
    _ = cancellable
  }

  @Test func theErasedFormsRunNothing() {
    var runs = 0
    for scheduler in [AnySchedulerOf<DispatchQueue>.unimplemented, .unimplemented("erased")] {
      scheduler.schedule { runs += 1 }
      scheduler.schedule(after: scheduler.now) { runs += 1 }
    }
    #expect(runs == 0)
  }

  @Test func runLoopAndOperationQueueFormsRunNothing() {
    var runs = 0
    let runLoop = RunLoop.unimplemented("loop")
    runLoop.schedule { runs += 1 }
    let queue = OperationQueue.unimplemented
    queue.schedule { runs += 1 }
    for scheduler in [AnySchedulerOf<RunLoop>.unimplemented, .unimplemented("erased")] {
      scheduler.schedule { runs += 1 }
    }
    for scheduler in [AnySchedulerOf<OperationQueue>.unimplemented, .unimplemented("erased")] {
      scheduler.schedule { runs += 1 }
    }
    #expect(runs == 0)
    #expect(runLoop.uses == ["loop - An unimplemented scheduler's schedule(options:_:) was used."])
    #expect(queue.uses == ["An unimplemented scheduler's schedule(options:_:) was used."])
  }
}

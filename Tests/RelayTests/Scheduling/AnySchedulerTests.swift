import Dispatch
import Foundation
import Relay
import TestSupport
import Testing

/// `AnyScheduler` forwards every member to what it wraps, and its erased forms are the
/// schedulers they name.
@Suite struct AnySchedulerTests {
  @Test func forwardsEveryMemberToTheWrappedScheduler() {
    let virtual = VirtualTimeScheduler()
    let erased = virtual.eraseToAnyScheduler()
    #expect(erased.minimumTolerance == .nanoseconds(7))
    var runs: [String] = []
    erased.schedule(options: .nontrivialOptions) { runs.append("now") }
    erased.schedule(after: .milliseconds(5), tolerance: .nanoseconds(3), options: nil) {
      runs.append("after")
    }
    let repeating = erased.schedule(
      after: .milliseconds(10), interval: .milliseconds(10), tolerance: .nanoseconds(1),
      options: nil
    ) { runs.append("tick") }
    #expect(
      virtual.history == [
        .schedule(options: .nontrivialOptions),
        .scheduleAfterDate(.milliseconds(5), tolerance: .nanoseconds(3), options: nil),
        .scheduleAfterDateWithInterval(
          .milliseconds(10), interval: .milliseconds(10), tolerance: .nanoseconds(1),
          options: nil),
      ])
    virtual.advance(by: .milliseconds(20))
    #expect(erased.now == .milliseconds(20))
    #expect(runs == ["now", "after", "tick", "tick"])
    repeating.cancel()
    virtual.advance(by: .milliseconds(20))
    #expect(runs == ["now", "after", "tick", "tick"])
  }

  @Test func closuresStandForEachMember() {
    var calls: [String] = []
    let scheduler = AnySchedulerOf<DispatchQueue>(
      minimumTolerance: { .nanoseconds(2) },
      now: { .init(DispatchTime(uptimeNanoseconds: 42)) },
      scheduleImmediately: { _, action in
        calls.append("immediately")
        action()
      },
      delayed: { _, _, _, action in
        calls.append("delayed")
        action()
      },
      interval: { _, _, _, _, action in
        calls.append("interval")
        action()
        return AnyCancellable {}
      })
    #expect(scheduler.minimumTolerance == .nanoseconds(2))
    #expect(scheduler.now.dispatchTime.uptimeNanoseconds == 42)
    var runs = 0
    scheduler.schedule { runs += 1 }
    scheduler.schedule(after: scheduler.now) { runs += 1 }
    _ = scheduler.schedule(after: scheduler.now, interval: 1) { runs += 1 }
    #expect(calls == ["immediately", "delayed", "interval"])
    #expect(runs == 3)
  }

  @Test func erasedImmediateRunsAtOnce() {
    for scheduler in [AnySchedulerOf<DispatchQueue>.immediate] {
      var runs = 0
      scheduler.schedule { runs += 1 }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { runs += 1 }
      #expect(runs == 2)
      #expect(scheduler.now == DispatchQueue.immediate.now)
    }
    var runs = 0
    AnySchedulerOf<UIScheduler>.immediate.schedule { runs += 1 }
    #expect(runs == 1)
  }

  @Test func erasedQueuesRunOnTheirQueues() {
    let ran = DispatchSemaphore(value: 0)
    AnySchedulerOf<DispatchQueue>.global(qos: .utility).schedule { ran.signal() }
    #expect(ran.wait(timeout: .now() + 10) == .success)
    AnySchedulerOf<DispatchQueue>.main.schedule { ran.signal() }
    #expect(ran.wait(timeout: .now() + 10) == .success)
    AnySchedulerOf<UIScheduler>.shared.schedule { ran.signal() }
    #expect(ran.wait(timeout: .now() + 10) == .success)
  }

  @Test func aViewModelTakesItsSchedulerAsAParameter() {
    final class Model {
      var shown: [String] = []
      var subscriptions: Set<AnyCancellable> = []
      init(queries: PassthroughRelay<String>, scheduler: AnySchedulerOf<DispatchQueue>) {
        queries.debounce(for: .milliseconds(300), scheduler: scheduler)
          .receive(on: scheduler)
          .sink { [unowned self] in shown.append($0) }
          .store(in: &subscriptions)
      }
    }
    let queries = PassthroughRelay<String>()
    let model = Model(queries: queries, scheduler: .immediate)
    queries.send("a")
    queries.send("ab")
    #expect(model.shown == ["a", "ab"])
  }

  @Test func erasedRunLoopAndOperationQueueForms() {
    var runs = 0
    AnySchedulerOf<RunLoop>.immediate.schedule { runs += 1 }
    AnySchedulerOf<OperationQueue>.immediate.schedule { runs += 1 }
    #expect(runs == 2)
    #expect(AnySchedulerOf<RunLoop>.immediate.now.date == Date(timeIntervalSince1970: 0))
    let ran = DispatchSemaphore(value: 0)
    AnySchedulerOf<OperationQueue>.main.schedule { ran.signal() }
    #expect(ran.wait(timeout: .now() + 10) == .success)
    #expect(abs(AnySchedulerOf<RunLoop>.main.now.date.timeIntervalSinceNow) < 1)
  }

  /// What the animation schedulers are built on: every form of `schedule` runs its action
  /// through the wrapper, on the wrapped scheduler's clock.
  @Test func wrappingActionsRunsEachActionThroughTheWrapper() {
    let scheduler = DispatchQueue.immediate
    var log: [String] = []
    let wrapped = scheduler.wrappingActions { action in
      log.append("begin")
      action()
      log.append("end")
    }
    #expect(wrapped.now == scheduler.now)
    wrapped.schedule { log.append("now") }
    wrapped.schedule(after: wrapped.now.advanced(by: .seconds(1))) { log.append("later") }
    let repeating = wrapped.schedule(
      after: wrapped.now.advanced(by: .seconds(2)), interval: .seconds(5)
    ) { log.append("tick") }
    repeating.cancel()
    #expect(
      log == ["begin", "now", "end", "begin", "later", "end", "begin", "tick", "end"])
  }
}

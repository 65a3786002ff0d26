import DiffValue
import Dispatch
import Foundation
import TestSupport
import Testing

/// Every way a `@Diff` property's hooks and subscriptions end returns while another thread is
/// inside a subscriber that waits for the thread ending them.
///
/// Each of these waited for the whole round before, and so deadlocked.
@Suite struct HookLivenessTests {
  final class Observed: @unchecked Sendable {
    @Diff(\.name) var profile = Profile(name: "start", age: 0)
  }

  final class Observer: @unchecked Sendable {
    func nameChanged(_: String) {}
  }

  /// Makes another thread write `profile` and stay inside a subscriber until `gate` opens,
  /// then runs `end` on this thread and returns whether it came back.
  func endWhileAnotherThreadWaitsForUs(
    _ observed: Observed, _ end: @escaping @Sendable () -> Void
  ) -> Bool {
    let gate = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let blocker = observed.$profile.dropFirstValue { _ in
      entered.signal()
      gate.wait()  // waits for this thread to be done
    }
    Thread.detachNewThread { observed.profile.name = "written elsewhere" }
    entered.wait()
    let returned = finishes(within: 10, end)
    gate.signal()
    _ = Unmanaged.passRetained(blocker)  // if this regresses, its deinit would hang the test
    return returned
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingAPropertyHook() {
    let observed = Observed()
    let observer = Observer()
    let hook = observed.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    #expect(endWhileAnotherThreadWaitsForUs(observed) { hook.cancel() })
    _ = observer
  }

  @Test(.timeLimit(.minutes(1)))
  func addingAHookThatSweepsHooksWhoseTargetIsGone() {
    let observed = Observed()
    do {
      let gone = Observer()
      observed.$profile.add(\.name, target: gone, hook: .method(Observer.nameChanged))
    }
    let observer = Observer()
    #expect(
      endWhileAnotherThreadWaitsForUs(observed) {
        observed.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
      })
  }

  @Test(.timeLimit(.minutes(1)))
  func droppingAnAnyCancellable() {
    let observed = Observed()
    let subscription = Locked<AnyCancellable?>(observed.$profile.sink { _ in })
    #expect(endWhileAnotherThreadWaitsForUs(observed) { subscription.withLock { $0 = nil } })
  }

  /// The owner goes away while the relay's drainer delivers a value another thread queued: its
  /// deinit cancels the property's hooks, and must not wait for the drainer's round.
  @Test(.timeLimit(.minutes(1)))
  func theOwnerOfTheDiffPropertyGoingAwayDuringADrainersRound() {
    let gate = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let secondQueued = DispatchSemaphore(value: 0)
    let owner = Locked<Observed?>(Observed())
    let observed = owner.withLock { $0! }
    let observer = Observer()
    observed.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    let blocker = observed.$profile.dropFirstValue { profile in
      if profile.name == "first" {
        secondQueued.wait()  // another thread's write waits behind this round
      } else {
        entered.signal()  // on the drainer now, which holds no reference to the owner
        gate.wait()
      }
    }
    let firstDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread { [weak observed] in
      observed?.profile.name = "first"
      firstDone.signal()
    }
    Thread.detachNewThread { [weak observed] in
      usleep(10_000)
      observed?.profile.name = "second"
      secondQueued.signal()
    }
    firstDone.wait()
    entered.wait()
    weak let weakOwner = observed
    _ = consume observed
    #expect(finishes(within: 10) { owner.withLock { $0 = nil } })
    #expect(weakOwner == nil)  // the deinit ran, and with it the hooks' cancellation
    gate.signal()
    _ = Unmanaged.passRetained(blocker)
    _ = observer
  }
}

extension DiffPublisher {
  /// Subscribes to the values published after the current one.
  fileprivate func dropFirstValue(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
    var first = true
    return sink { value in
      if first {
        first = false
        return
      }
      receive(value)
    }
  }
}

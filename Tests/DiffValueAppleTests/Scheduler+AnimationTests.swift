#if canImport(SwiftUI)
  import DiffValue
  import SwiftUI
  import Testing

  /// combine-schedulers' SwiftUI schedulers: each action runs, inside `withAnimation` or
  /// `withTransaction`, on the wrapped scheduler's clock.
  @Suite struct SchedulerAnimationTests {
    @Test func animationRunsEachActionOnTheWrappedScheduler() {
      let scheduler = DispatchQueue.immediate
      let animated = scheduler.animation(.easeInOut(duration: 0.3))
      #expect(animated.now == scheduler.now)
      let relay = PassthroughRelay<Int>()
      var received: [Int] = []
      let subscription = relay.receive(on: animated).sink { received.append($0) }
      relay.send(1)
      let noAnimation = relay.receive(on: scheduler.animation(nil)).sink { received.append($0) }
      relay.send(2)
      #expect(received == [1, 2, 2])
      _ = (subscription, noAnimation)
    }

    @Test func transactionRunsEachActionOnTheWrappedScheduler() {
      var transaction = Transaction(animation: .default)
      transaction.disablesAnimations = true
      var runs = 0
      let scheduler = DispatchQueue.immediate.transaction(transaction)
      scheduler.schedule { runs += 1 }
      scheduler.schedule(after: scheduler.now) { runs += 1 }
      #expect(runs == 2)
    }
  }
#endif

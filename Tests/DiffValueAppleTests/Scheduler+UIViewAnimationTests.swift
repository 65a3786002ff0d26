#if canImport(UIKit)
  import DiffValue
  import Testing
  import UIKit

  /// combine-schedulers' UIKit schedulers: on the main thread, each action runs as the
  /// animations of `UIView.animate`.
  @MainActor @Suite struct SchedulerUIViewAnimationTests {
    @Test func animateRunsEachActionAsTheAnimations() {
      let view = UIView()
      let relay = PassthroughRelay<Bool>()
      let plain = relay.receive(on: DispatchQueue.immediate.animate(withDuration: 0.3))
        .sink { view.isHidden = $0 }
      relay.send(true)
      #expect(view.isHidden)
      let spring = DispatchQueue.immediate.animate(
        withDuration: 0.3, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
        options: [.allowUserInteraction])
      var runs = 0
      spring.schedule { runs += 1 }
      #expect(runs == 1)
      _ = plain
    }
  }
#endif

#if canImport(UIKit)
  import Relay
  import UIKit

  extension Scheduler {
    /// This scheduler, erased, running each action as the animations of `UIView.animate`.
    ///
    /// combine-schedulers' `animate(withDuration:delay:options:)`, spelled the same way. UIKit
    /// animates on the main thread only: use it on a scheduler that runs its actions there
    /// (`DispatchQueue.main`, `RunLoop.main`, `UIScheduler.shared`); an action run on another
    /// thread stops the program.
    ///
    /// ```swift
    /// badges.receive(on: DispatchQueue.main.animate(withDuration: 0.3))
    ///   .sink { [weak self] in self?.badge.alpha = $0 > 0 ? 1 : 0 }
    ///   .store(in: &subscriptions)
    /// ```
    ///
    /// - Parameters:
    ///   - duration: The animations' duration, in seconds.
    ///   - delay: How long to wait before they begin, in seconds.
    ///   - animationOptions: How to animate.
    /// - Returns: A scheduler with this one's clock, animating each action.
    public func animate(
      withDuration duration: TimeInterval, delay: TimeInterval = 0,
      options animationOptions: UIView.AnimationOptions = []
    ) -> AnySchedulerOf<Self> {
      animating { animations in
        UIView.animate(
          withDuration: duration, delay: delay, options: animationOptions, animations: animations)
      }
    }

    /// This scheduler, erased, running each action as the animations of a spring
    /// `UIView.animate`.
    ///
    /// combine-schedulers' spring form, spelled the same way; as the form without a spring, it
    /// needs a scheduler that runs its actions on the main thread.
    ///
    /// - Parameters:
    ///   - duration: The animations' duration, in seconds.
    ///   - delay: How long to wait before they begin, in seconds.
    ///   - dampingRatio: The spring's damping, from 0 to 1 (no oscillation).
    ///   - velocity: The spring's initial velocity, in distances per second.
    ///   - animationOptions: How to animate.
    /// - Returns: A scheduler with this one's clock, animating each action.
    public func animate(
      withDuration duration: TimeInterval, delay: TimeInterval = 0,
      usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
      options animationOptions: UIView.AnimationOptions
    ) -> AnySchedulerOf<Self> {
      animating { animations in
        UIView.animate(
          withDuration: duration, delay: delay, usingSpringWithDamping: dampingRatio,
          initialSpringVelocity: velocity, options: animationOptions, animations: animations)
      }
    }
  }

  extension Scheduler {
    /// This scheduler, erased, handing each action to `animate` on the main actor, which the
    /// thread the scheduler runs it on must be.
    fileprivate func animating(
      _ animate: @escaping @MainActor (_ animations: @escaping () -> Void) -> Void
    ) -> AnySchedulerOf<Self> {
      let animate = MainThreadAction(animate)
      return wrappingActions { action in
        let animations = MainThreadAction(action)
        MainActor.assumeIsolated { animate.run(animations.run) }
      }
    }
  }

  /// A closure carried to the main thread, where the scheduler runs it.
  private struct MainThreadAction<Closure>: @unchecked Sendable {
    let run: Closure

    init(_ run: Closure) { self.run = run }
  }
#endif

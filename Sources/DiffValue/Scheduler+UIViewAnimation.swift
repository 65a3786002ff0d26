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
      wrappingActions { action in
        let animations = MainThreadAction(action)
        MainActor.assumeIsolated {
          UIView.animate(
            withDuration: duration, delay: delay, options: animationOptions,
            animations: animations.run)
        }
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
      wrappingActions { action in
        let animations = MainThreadAction(action)
        MainActor.assumeIsolated {
          UIView.animate(
            withDuration: duration, delay: delay, usingSpringWithDamping: dampingRatio,
            initialSpringVelocity: velocity, options: animationOptions,
            animations: animations.run)
        }
      }
    }
  }

  /// A scheduled action handed to UIKit on the main thread, where the scheduler ran it.
  private struct MainThreadAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }
  }
#endif

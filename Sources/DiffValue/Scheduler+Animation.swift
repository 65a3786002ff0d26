#if canImport(SwiftUI)
  import Relay
  import SwiftUI

  extension Scheduler {
    /// This scheduler, erased, running each action inside `withAnimation`: state changed by
    /// the action animates, where it cannot be wrapped by hand (a value assigned by `assign`).
    ///
    /// combine-schedulers' `animation(_:)`, spelled the same way.
    ///
    /// ```swift
    /// articles.receive(on: DispatchQueue.main.animation())
    ///   .assign(to: \.articles, on: model)
    ///   .store(in: &subscriptions)
    /// ```
    ///
    /// - Parameter animation: The animation; `nil` for none.
    /// - Returns: A scheduler with this one's clock, running each action in `withAnimation`.
    public func animation(_ animation: Animation? = .default) -> AnySchedulerOf<Self> {
      wrappingActions { action in withAnimation(animation, action) }
    }

    /// This scheduler, erased, running each action inside `withTransaction`.
    ///
    /// combine-schedulers' `transaction(_:)`, spelled the same way.
    ///
    /// - Parameter transaction: The transaction each action runs in.
    /// - Returns: A scheduler with this one's clock, running each action in `withTransaction`.
    public func transaction(_ transaction: Transaction) -> AnySchedulerOf<Self> {
      wrappingActions { action in withTransaction(transaction, action) }
    }
  }
#endif

extension Publisher where Failure == Never {
  /// Writes each value to a property of an object, which it keeps alive, as Combine's
  /// `assign(to:on:)` does.
  ///
  /// The subscription holds the object until it is cancelled or the publisher finishes. An
  /// object that keeps the returned cancellable and is also the target makes a cycle that
  /// leaks both: for a view model writing to itself, or to a view that owns it, use
  /// `assign(to:onWeak:)`.
  ///
  /// ```swift
  /// $state.map(\.canSubmit).assign(to: \.isEnabled, on: submitButton)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath: The property to write.
  ///   - object: The object whose property is written; held strongly.
  /// - Returns: A cancellable that ends the subscription and releases the object.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
    -> AnyCancellable
  {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return assign.wrappedInAnyCancellable
  }
}

extension Subscribers {
  /// A subscriber that writes each value to a property of an object it holds strongly.
  ///
  /// It asks for every value. The object is released when the subscription is cancelled or
  /// completes; the property is written with no lock held, on the thread of the value.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    // `state` is guarded by its lock; `keyPath` is a constant.
    /// `Assign` never fails.
    public typealias Failure = Never

    let state: Lock<AssignState<StrongAssignReference<Root>>>

    /// The property written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// The object written to, until the subscription ends.
    public var object: Root? { state.withLock { $0.reference.object } }

    /// Creates the subscriber.
    ///
    /// - Parameters:
    ///   - object: The object whose property is written; held until the subscription ends.
    ///   - keyPath: The property to write.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      state = .make(AssignState(StrongAssignReference(object)))
      self.keyPath = keyPath
    }

    /// `Assign` and the object's type, as Combine writes it.
    public var description: String { "Assign \(Root.self)." }

    /// Keeps the first subscription and asks for every value; cancels any other.
    public func receive(subscription: any Subscription) {
      if state.withLock({ $0.status.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Writes the value to the object's property.
    public func receive(_ input: Input) -> Subscribers.Demand {
      state.withLock { $0.target.object }?[keyPath: keyPath] = input
      return .none
    }

    /// Ends the subscription and releases the object.
    public func receive(completion: Subscribers.Completion<Never>) {
      let released = state.withLock { $0.end() }
      _ = released  // released outside the lock
    }

    /// Cancels the subscription and releases the object.
    public func cancel() {
      let (status, object) = state.withLock { $0.end() }
      _ = object  // released outside the lock
      status.subscription?.cancel()
    }
  }
}

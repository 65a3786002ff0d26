extension Publisher where Failure == Never {
  /// Writes each value to a property of an object it does not keep alive.
  ///
  /// Not in Combine, where `assign(to:on:)` holds the object: binding a view model's
  /// publisher to the view model itself, or to a view that owns the cancellable, makes a
  /// cycle. This form holds the object weakly; once the object is gone, the subscription
  /// cancels itself at the next value.
  ///
  /// ```swift
  /// $form.map(\.canSubmit).assign(to: \.canSubmit, onWeak: self).store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath: The property to write.
  ///   - object: The object whose property is written; held weakly.
  /// - Returns: A cancellable that ends the subscription.
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, onWeak object: Root
  ) -> AnyCancellable {
    let assign = Subscribers.WeakAssign(object: object, keyPath: keyPath)
    subscribe(assign)
    return assign.wrappedInAnyCancellable
  }
}

extension Subscribers {
  /// A subscriber that writes each value to a property of an object it holds weakly.
  ///
  /// It asks for every value; the property is written with no lock held, on the thread of the
  /// value. When a value finds the object gone, it cancels its subscription.
  public final class WeakAssign<Root: AnyObject, Input>: Subscriber, Cancellable,
    CustomStringConvertible, @unchecked Sendable
  {
    // `state` is guarded by its lock; `keyPath` is a constant.
    /// It never fails.
    public typealias Failure = Never

    let state: Lock<AssignState<WeakAssignReference<Root>>>

    /// The property written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// The object written to, while it exists and the subscription lasts.
    public var object: Root? { state.withLock { $0.reference.object } }

    /// Creates the subscriber.
    ///
    /// - Parameters:
    ///   - object: The object whose property is written; held weakly.
    ///   - keyPath: The property to write.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      state = .make(AssignState(WeakAssignReference(object)))
      self.keyPath = keyPath
    }

    /// `WeakAssign` and the object's type.
    public var description: String { "WeakAssign \(Root.self)." }

    /// Keeps the first subscription and asks for every value; cancels any other.
    public func receive(subscription: any Subscription) {
      if state.withLock({ $0.status.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Writes the value to the object's property, or cancels if the object is gone.
    public func receive(_ input: Input) -> Subscribers.Demand {
      let (object, isSubscribed) = state.withLock { $0.target }
      if let object {
        object[keyPath: keyPath] = input
      } else if isSubscribed {
        cancel()
      }
      return .none
    }

    /// Ends the subscription.
    public func receive(completion: Subscribers.Completion<Never>) {
      let old = state.withLock { $0.end() }
      _ = old  // released outside the lock
    }

    /// Cancels the subscription.
    public func cancel() {
      state.withLock { $0.end() }.status.subscription?.cancel()
    }
  }
}

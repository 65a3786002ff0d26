extension Subscribers {
  /// A subscriber that writes each value to a property of an object, held as `Reference`
  /// holds it: `Assign` holds it strongly, `WeakAssign` weakly.
  ///
  /// It asks for every value; the property is written with no lock held, on the thread of the
  /// value. The object is released when the subscription is cancelled or completes; a value
  /// that finds an object held weakly gone cancels the subscription.
  public final class ReferenceAssign<Reference: AssignReference, Input>: Subscriber, Cancellable,
    CustomStringConvertible, @unchecked Sendable
  {
    // `state` is guarded by its lock; `keyPath` is a constant.
    /// It never fails.
    public typealias Failure = Never

    let state: Lock<AssignState<Reference>>

    /// The property written.
    public let keyPath: ReferenceWritableKeyPath<Reference.Object, Input>

    /// The object written to, while it is held and the subscription lasts.
    public var object: Reference.Object? { state.withLock { $0.reference.object } }

    /// Creates the subscriber.
    ///
    /// - Parameters:
    ///   - object: The object whose property is written; held until the subscription ends.
    ///   - keyPath: The property to write.
    public init(
      object: Reference.Object, keyPath: ReferenceWritableKeyPath<Reference.Object, Input>
    ) {
      state = .make(AssignState(Reference(object)))
      self.keyPath = keyPath
    }

    /// The subscriber's name and the object's type, as Combine writes `Assign`'s.
    public var description: String { "\(Reference.subscriberName) \(Reference.Object.self)." }

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

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
    return AnyCancellable(assign)
  }
}

extension Subscribers {
  /// A subscriber that writes each value to a property of an object it holds strongly.
  ///
  /// It asks for every value. The object is released when the subscription is cancelled or
  /// completes; the property is written with no lock held, on the thread of the value. Its
  /// description is `Assign` and the object's type, as Combine writes it.
  public typealias Assign<Root, Input> = ReferenceAssign<StrongAssignReference<Root>, Input>
}

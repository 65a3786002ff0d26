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
    return AnyCancellable(assign)
  }
}

extension Subscribers {
  /// A subscriber that writes each value to a property of an object it holds weakly.
  ///
  /// It asks for every value; the property is written with no lock held, on the thread of the
  /// value. When a value finds the object gone, it cancels its subscription.
  public typealias WeakAssign<Root: AnyObject, Input> = ReferenceAssign<
    WeakAssignReference<Root>, Input
  >
}

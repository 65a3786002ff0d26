extension Publisher where Failure == Never {
  /// Writes each value to a property of an object, holding the object as `ownership` says.
  ///
  /// ```swift
  /// $title.assign(to: \.title, on: self, ownership: .weak).store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath: The property to write.
  ///   - object: The object whose property is written.
  ///   - ownership: How the subscription holds the object; `.strong` by default, as
  ///     `assign(to:on:)` does.
  /// - Returns: A cancellable that ends the subscription.
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root,
    ownership: ObjectOwnership = .strong
  ) -> AnyCancellable {
    switch ownership {
    case .strong: assign(to: keyPath, on: object)
    case .weak: assign(to: keyPath, onWeak: object)
    case .unowned: sink { [unowned object] in object[keyPath: keyPath] = $0 }
    }
  }

  /// Writes each value to a property of each of two objects, holding them as `ownership`
  /// says.
  ///
  /// ```swift
  /// $title.assign(to: \.title, on: self, and: \.text, on: label, ownership: .weak)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath1: The first property to write.
  ///   - object1: The first object.
  ///   - keyPath2: The second property to write.
  ///   - object2: The second object.
  ///   - ownership: How the subscription holds the objects; `.strong` by default.
  /// - Returns: A cancellable that ends the subscription.
  public func assign<Root1: AnyObject, Root2: AnyObject>(
    to keyPath1: ReferenceWritableKeyPath<Root1, Output>, on object1: Root1,
    and keyPath2: ReferenceWritableKeyPath<Root2, Output>, on object2: Root2,
    ownership: ObjectOwnership = .strong
  ) -> AnyCancellable {
    switch ownership {
    case .strong:
      return assign(to: keyPath1, on: object1, and: keyPath2, on: object2)
    case .weak:
      return sink { [weak object1, weak object2] value in
        object1?[keyPath: keyPath1] = value
        object2?[keyPath: keyPath2] = value
      }
    case .unowned:
      return sink { [unowned object1, unowned object2] value in
        object1[keyPath: keyPath1] = value
        object2[keyPath: keyPath2] = value
      }
    }
  }

  /// Writes each value to a property of each of three objects, holding them as `ownership`
  /// says.
  ///
  /// ```swift
  /// $title.assign(
  ///   to: \.title, on: self, and: \.text, on: label, and: \.name, on: model, ownership: .weak
  /// ).store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath1: The first property to write.
  ///   - object1: The first object.
  ///   - keyPath2: The second property to write.
  ///   - object2: The second object.
  ///   - keyPath3: The third property to write.
  ///   - object3: The third object.
  ///   - ownership: How the subscription holds the objects; `.strong` by default.
  /// - Returns: A cancellable that ends the subscription.
  public func assign<Root1: AnyObject, Root2: AnyObject, Root3: AnyObject>(
    to keyPath1: ReferenceWritableKeyPath<Root1, Output>, on object1: Root1,
    and keyPath2: ReferenceWritableKeyPath<Root2, Output>, on object2: Root2,
    and keyPath3: ReferenceWritableKeyPath<Root3, Output>, on object3: Root3,
    ownership: ObjectOwnership = .strong
  ) -> AnyCancellable {
    switch ownership {
    case .strong:
      return assign(
        to: keyPath1, on: object1, and: keyPath2, on: object2, and: keyPath3, on: object3)
    case .weak:
      return sink { [weak object1, weak object2, weak object3] value in
        object1?[keyPath: keyPath1] = value
        object2?[keyPath: keyPath2] = value
        object3?[keyPath: keyPath3] = value
      }
    case .unowned:
      return sink { [unowned object1, unowned object2, unowned object3] value in
        object1[keyPath: keyPath1] = value
        object2[keyPath: keyPath2] = value
        object3[keyPath: keyPath3] = value
      }
    }
  }
}

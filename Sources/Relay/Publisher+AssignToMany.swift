extension Publisher where Failure == Never {
  /// Writes each value to a property of each of two objects, which it keeps alive.
  ///
  /// ```swift
  /// $title.assign(to: \.text, on: titleLabel, and: \.title, on: window)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath1: The first property to write.
  ///   - object1: The first object; held strongly.
  ///   - keyPath2: The second property to write.
  ///   - object2: The second object; held strongly.
  /// - Returns: A cancellable that ends the subscription and releases the objects.
  public func assign<Root1, Root2>(
    to keyPath1: ReferenceWritableKeyPath<Root1, Output>, on object1: Root1,
    and keyPath2: ReferenceWritableKeyPath<Root2, Output>, on object2: Root2
  ) -> AnyCancellable {
    sink { value in
      object1[keyPath: keyPath1] = value
      object2[keyPath: keyPath2] = value
    }
  }

  /// Writes each value to a property of each of three objects, which it keeps alive.
  ///
  /// ```swift
  /// $title.assign(to: \.text, on: label, and: \.title, on: window, and: \.name, on: model)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath1: The first property to write.
  ///   - object1: The first object; held strongly.
  ///   - keyPath2: The second property to write.
  ///   - object2: The second object; held strongly.
  ///   - keyPath3: The third property to write.
  ///   - object3: The third object; held strongly.
  /// - Returns: A cancellable that ends the subscription and releases the objects.
  public func assign<Root1, Root2, Root3>(
    to keyPath1: ReferenceWritableKeyPath<Root1, Output>, on object1: Root1,
    and keyPath2: ReferenceWritableKeyPath<Root2, Output>, on object2: Root2,
    and keyPath3: ReferenceWritableKeyPath<Root3, Output>, on object3: Root3
  ) -> AnyCancellable {
    sink { value in
      object1[keyPath: keyPath1] = value
      object2[keyPath: keyPath2] = value
      object3[keyPath: keyPath3] = value
    }
  }
}

import Dispatch

extension DiffPublisher {
  /// Calls a hook with one property's value now and whenever it changes.
  ///
  /// The hook first receives the current value, then each published value of the property that
  /// differs from the one before it. The target is held weakly: once it is deallocated the hook
  /// never runs again, and it releases what it captured at the next change of this property, at the
  /// next `add` on the `@Diff` property, or when the `@Diff` property itself is deallocated,
  /// whichever comes first (Swift offers no callback on another object's deallocation). Cancelling
  /// the returned handle stops the hook: at most one call already under way on another thread may
  /// still come. Ignoring the handle keeps the hook for the target's lifetime.
  ///
  /// ```swift
  /// exampleClass.$state.add(\.stringProperty, target: self, hook: .method(TestClass.observeString))
  /// ```
  /// - Parameters:
  ///   - keyPath: The property to observe.
  ///   - target: The object the hook belongs to, held weakly.
  ///   - queue: Where to call the hook. When `nil`, the thread that delivers the write, as for
  ///     any subscriber: the writing thread, unless another thread's round is under way.
  ///   - hook: A method of the target, or a closure.
  /// - Returns: A handle that stops the hook when cancelled.
  @discardableResult
  @inlinable
  public func add<Target: AnyObject, Property: Equatable>(
    _ keyPath: KeyPath<Value, Property>, target: Target, on queue: DispatchQueue? = nil,
    hook: Hook<Target, Property>
  ) -> PropertyHook {
    attach(target: target, hook: hook) { deliver in
      let values = map(keyPath).removeDuplicates()
      if let queue { return values.receive(on: queue).sink(receiveValue: deliver) }
      return values.sink(receiveValue: deliver)
    }
  }

  /// Calls a hook with one property's value now and with each published value of the state.
  ///
  /// For a property that is not `Equatable`, every publication of the state calls the hook.
  /// Lifetime and threading are as for the `Equatable` form.
  /// - Parameters:
  ///   - keyPath: The property to observe.
  ///   - target: The object the hook belongs to, held weakly.
  ///   - queue: Where to call the hook. When `nil`, the thread that delivers the write, as for
  ///     any subscriber: the writing thread, unless another thread's round is under way.
  ///   - hook: A method of the target, or a closure.
  /// - Returns: A handle that stops the hook when cancelled.
  @discardableResult
  @inlinable
  public func add<Target: AnyObject, Property>(
    _ keyPath: KeyPath<Value, Property>, target: Target, on queue: DispatchQueue? = nil,
    hook: Hook<Target, Property>
  ) -> PropertyHook {
    attach(target: target, hook: hook) { deliver in
      let values = map(keyPath)
      if let queue { return values.receive(on: queue).sink(receiveValue: deliver) }
      return values.sink(receiveValue: deliver)
    }
  }

  @inlinable
  func attach<Target: AnyObject, Property>(
    target: Target, hook: Hook<Target, Property>,
    subscribe: (@escaping (Property) -> Void) -> AnyCancellable
  ) -> PropertyHook {
    let registry = storage.hooks()
    let id = registry.reserve(for: target)
    let subscription = subscribe { [weak target] value in
      guard let target else { return registry.remove(id) }
      switch hook {
      case .method(let method): method(target)(value)
      case .closure(let closure): closure(value)
      }
    }
    registry.keep(subscription, for: id)
    return PropertyHook(registry: registry, id: id)
  }
}

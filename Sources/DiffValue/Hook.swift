/// What a property hook calls: a method of the target, or a closure.
///
/// ```swift
/// exampleClass.$state.add(\.stringProperty, target: self, hook: .method(TestClass.observeString))
/// exampleClass.$state.add(\.intProperty, target: self, hook: .closure { print($0) })
/// ```
public enum Hook<Target: AnyObject, Property> {
  /// An instance method of the target, such as `TestClass.observeString`; the target is held
  /// weakly and passed in at each call.
  case method((Target) -> (Property) -> Void)
  /// A closure; capture the target weakly in it, or it keeps the target alive.
  case closure((Property) -> Void)
}

/// A handle to a property hook.
///
/// Unlike `AnyCancellable`, dropping it does not stop the hook: a hook lives as long as its
/// target, so `add(_:target:on:hook:)` can be called without keeping the result. Call `cancel()`
/// to stop it earlier.
public final class PropertyHook: Cancellable, Hashable, Sendable {
  @usableFromInline let registry: HookRegistry
  @usableFromInline let id: Int

  @inlinable init(registry: HookRegistry, id: Int) {
    self.registry = registry
    self.id = id
  }

  /// Stops the hook and releases what it captured; calling it again does nothing.
  public func cancel() { registry.remove(id) }

  /// Whether both handles are the same instance.
  public static func == (lhs: PropertyHook, rhs: PropertyHook) -> Bool { lhs === rhs }

  /// Hashes the instance's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

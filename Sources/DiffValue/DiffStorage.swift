import Relay

/// What a `@Diff` property and its `$` publisher share: the relay that stores and publishes
/// the value, and the selection it compares.
@usableFromInline
final class DiffStorage<Value: Equatable>: @unchecked Sendable {
  // Immutable after init; the relay is thread-safe, `hooks` and `sharedObjects` guard their
  // own state.
  @usableFromInline let relay: CurrentValueRelay<Value>
  @usableFromInline let selection: DiffSelection<Value>
  @usableFromInline let hooks = HookRegistry()
  let sharedObjects = Lock<SharedObjects>.make(SharedObjects())

  /// Objects made once per property and shared, such as the list-change feed.
  struct SharedObjects: @unchecked Sendable {
    // Each object is itself thread-safe; the dictionary is only touched under the mutex.
    var byType: [ObjectIdentifier: AnyObject] = [:]
  }

  /// The property's one instance of `type`, made by `make` the first time.
  func shared<Object: AnyObject>(_ type: Object.Type, make: () -> Object) -> Object {
    if let existing = sharedObjects.withLock({ $0.byType[ObjectIdentifier(type)] }) {
      return unsafeDowncast(existing, to: Object.self)
    }
    let made = make()  // outside the lock: it subscribes, which calls out
    return sharedObjects.withLock { objects in
      if let existing = objects.byType[ObjectIdentifier(type)] {
        return unsafeDowncast(existing, to: Object.self)
      }
      objects.byType[ObjectIdentifier(type)] = made
      return made
    }
  }

  /// Creates the storage of a property around its relay.
  ///
  /// The relay is made by the caller, where the value's type and the selection are known, so
  /// that its comparison is specialized code; it compares the two values where the relay
  /// holds them.
  /// - Parameters:
  ///   - relay: The relay that stores and publishes the value, dropping duplicates.
  ///   - selection: The selection, as `changes` reports it.
  @inlinable
  init(relay: CurrentValueRelay<Value>, selection: DiffSelection<Value>) {
    self.relay = relay
    self.selection = selection
  }

  // Hooks subscribe to `relay`, which holds them; the property going away must end them.
  deinit { hooks.removeAll() }
}

import Relay

/// The hooks of one `@Diff` property, kept alive here for their targets' lifetimes.
@usableFromInline
final class HookRegistry: Sendable {
  // All mutable state is in `state`, behind the package's lock, which Thread
  // Sanitizer understands under contention (see `Lock`).
  /// A weak reference that may cross threads: it is only read, and reading a weak reference
  /// is thread-safe.
  final class WeakTarget: @unchecked Sendable {
    weak var object: AnyObject?  // set once, in init
    init(_ object: AnyObject) { self.object = object }
  }

  struct Registration {
    let target: WeakTarget
    var subscription: AnyCancellable?
  }

  struct State {
    var nextID = 0
    var registrations: [Int: Registration] = [:]
  }

  let state = Lock<State>.make(State())

  @usableFromInline init() {}

  /// Reserves a slot for a hook whose target is `target`, dropping the hooks whose targets
  /// are gone.
  @usableFromInline
  func reserve(for target: AnyObject) -> Int {
    let target = WeakTarget(target)
    let (id, dropped) = state.withLock { state -> (Int, [AnyCancellable]) in
      let dead = state.registrations.filter { $0.value.target.object == nil }
      for id in dead.keys { state.registrations[id] = nil }
      let id = state.nextID
      state.nextID &+= 1
      state.registrations[id] = Registration(target: target, subscription: nil)
      return (id, dead.values.compactMap(\.subscription))
    }
    for subscription in dropped { subscription.cancel() }
    return id
  }

  /// Keeps a hook's subscription, unless the hook was cancelled while it subscribed.
  @usableFromInline
  func keep(_ subscription: AnyCancellable, for id: Int) {
    let kept = state.withLock { state in
      guard state.registrations[id] != nil else { return false }
      state.registrations[id]?.subscription = subscription
      return true
    }
    if !kept { subscription.cancel() }
  }

  /// Stops a hook and releases its subscription, outside the lock.
  @usableFromInline
  func remove(_ id: Int) {
    let registration = state.withLock { $0.registrations.removeValue(forKey: id) }
    registration?.subscription?.cancel()
  }

  /// Stops every hook, when the property itself goes away: each hook's subscription leads
  /// back to the property's relay, so nothing else would release them.
  func removeAll() {
    let registrations = state.withLock { state in
      defer { state.registrations = [:] }
      return Array(state.registrations.values)
    }
    for registration in registrations { registration.subscription?.cancel() }
  }
}

import Dispatch

/// Brings something that is either running or not (an autoconnected connection, a timer's
/// schedule) to what its users last asked for, one thread at a time: a value with no lock and no
/// thread, kept inside the state its owner's lock guards.
///
/// Starting and stopping call out (`connect()`, a scheduler, a `cancel()`), so they happen
/// outside the lock, and two threads doing them at once could land them in either order: a
/// subscriber arriving as the last one leaves would find the connection cancelled behind it. So
/// each change of mind is noted under the lock (`want(_:)`), and one thread at a time, the
/// *reconciler*, starts or stops until what runs is what is wanted. The reconciler is the thread
/// whose change found nobody reconciling; after `turns` steps it hands the rest to a block on a
/// global queue (`.handOn`), so that no caller is kept by other threads' changes of mind.
///
/// - Complexity: Every event is O(1).
struct Reconciliation<Resource> {
  /// What the reconciler does next, with no lock held.
  enum Step {
    /// Start the resource, then hand it to `started(_:)`.
    case start
    /// Stop this resource.
    case stop(Resource)
    /// Schedule a block that calls `resume()` and goes on.
    case handOn
    /// Nothing: what runs is what is wanted, and the caller is no longer the reconciler.
    case done
  }

  /// Whether the users want the resource running.
  private(set) var isWanted = false
  /// The running resource.
  private(set) var resource: Resource?
  /// Whether a reconciler is at work (or scheduled to be).
  private(set) var isReconciling = false
  private(set) var turnsLeft = 0
  let turns: Int

  /// Creates a reconciliation with nothing running or wanted.
  ///
  /// - Parameter turns: How many steps a reconciler takes before it hands on.
  init(turns: Int = 4) {
    precondition(turns > 0, "a reconciler must take at least one step")
    self.turns = turns
  }

  /// The users now want the resource running, or not.
  ///
  /// - Returns: Whether the caller is the reconciler and must run `next()` until `.done`.
  mutating func want(_ wanted: Bool) -> Bool {
    isWanted = wanted
    guard !isReconciling else { return false }
    isReconciling = true
    turnsLeft = turns
    return true
  }

  /// The reconciler's next step.
  mutating func next() -> Step {
    precondition(isReconciling, "a thread that does not reconcile asked for a step")
    guard isWanted != (resource != nil) else {
      isReconciling = false
      return .done
    }
    guard turnsLeft > 0 else { return .handOn }
    turnsLeft -= 1
    if isWanted { return .start }
    defer { resource = nil }
    return .stop(resource.unsafelyUnwrapped)
  }

  /// The reconciler started `resource`.
  mutating func started(_ resource: Resource) {
    precondition(self.resource == nil, "a resource started while another ran")
    self.resource = resource
  }

  /// The block a reconciler handed on to starts: it is the reconciler now.
  mutating func resume() {
    precondition(isReconciling, "a reconciler resumed that nobody handed on")
    turnsLeft = turns
  }

  /// Carries out steps until `.done`, or until it hands on to a block on a global queue that
  /// calls `owner.perform()`, which resumes (`resume()`) and carries out the rest.
  ///
  /// - Parameters:
  ///   - step: The step in hand.
  ///   - advance: Runs its argument on the reconciliation with the owner's lock held.
  ///   - start: Starts the resource, with no lock held.
  ///   - stop: Stops a resource, with no lock held.
  ///   - owner: What a handed-on block calls.
  static func carryOut(
    _ step: Step, advance: ((inout Reconciliation) -> Step) -> Step, start: () -> Resource,
    stop: (Resource) -> Void, owner: any SendableWork
  ) {
    var step = step
    while true {
      switch step {
      case .done: return
      case .start:
        let resource = start()
        step = advance {
          $0.started(resource)
          return $0.next()
        }
      case .stop(let resource):
        stop(resource)
        step = advance { $0.next() }
      case .handOn:
        DispatchQueue.global().async { owner.perform() }
        return
      }
    }
  }
}

extension Reconciliation: Sendable where Resource: Sendable {}

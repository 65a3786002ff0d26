/// How an `Assign` or a `WeakAssign` holds its object.
protocol AssignReference {
  associatedtype Object
  /// The object, while it is held (and, held weakly, while it exists).
  var object: Object? { get }
  /// Holds nothing.
  init()
}

/// Holds the object of an `Assign`, keeping it alive.
struct StrongAssignReference<Object>: AssignReference {
  var object: Object?
  init() {}
  init(_ object: Object) { self.object = object }
}

/// Holds the object of a `WeakAssign` without keeping it alive.
struct WeakAssignReference<Object: AnyObject>: AssignReference {
  weak var object: Object?
  init() {}
  init(_ object: Object) { self.object = object }
}

/// What an `Assign` or a `WeakAssign` keeps under its lock.
struct AssignState<Reference: AssignReference> {
  var status = SubscriberStatus.awaiting
  var reference: Reference

  init(_ reference: Reference) { self.reference = reference }

  /// The object to write a value to, if it is held, and whether the subscription lasts.
  var target: (object: Reference.Object?, isSubscribed: Bool) {
    guard case .subscribed = status else { return (nil, false) }
    return (reference.object, true)
  }

  /// Ends: returns the status and the reference it had, to release outside the lock.
  mutating func end() -> (status: SubscriberStatus, reference: Reference) {
    defer { reference = Reference() }
    return (status.end(), reference)
  }
}

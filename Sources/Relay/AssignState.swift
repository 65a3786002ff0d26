/// How a `Subscribers.ReferenceAssign` holds its object: strongly for `Assign`, weakly for
/// `WeakAssign`.
public protocol AssignReference {
  /// The type of the object held.
  associatedtype Object
  /// The name the subscriber's description starts with.
  static var subscriberName: String { get }
  /// The object, while it is held (and, held weakly, while it exists).
  var object: Object? { get }
  /// Holds nothing.
  init()
  /// Holds `object`.
  init(_ object: Object)
}

/// Holds the object of an `Assign`, keeping it alive.
public struct StrongAssignReference<Object>: AssignReference {
  /// `Assign`, as Combine names it.
  public static var subscriberName: String { "Assign" }
  /// The object, until the subscription ends.
  public private(set) var object: Object?
  /// Holds nothing.
  public init() {}
  /// Holds `object` strongly.
  public init(_ object: Object) { self.object = object }
}

/// Holds the object of a `WeakAssign` without keeping it alive.
public struct WeakAssignReference<Object: AnyObject>: AssignReference {
  /// `WeakAssign`.
  public static var subscriberName: String { "WeakAssign" }
  /// The object, while it exists and until the subscription ends.
  public private(set) weak var object: Object?
  /// Holds nothing.
  public init() {}
  /// Holds `object` weakly.
  public init(_ object: Object) { self.object = object }
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

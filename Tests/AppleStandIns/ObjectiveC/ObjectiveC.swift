// swift-format-ignore-file: TypeNamesShouldBeCapitalized, AlwaysUseLowerCamelCase
// A stand-in for the Objective-C runtime's associated objects, for type-checking DiffValue's
// `#if canImport(ObjectiveC)` code on Linux (NSObject.observe(_:) keeps its observations as an
// associated object of the object).
//
// It declares only what DiffValue uses, as Apple documents it:
// https://developer.apple.com/documentation/objectivec/objc_setassociatedobject(_:_:_:_:)
// https://developer.apple.com/documentation/objectivec/objc_getassociatedobject(_:_:)
// https://developer.apple.com/documentation/objectivec/objc_associationpolicy
// The bodies never run. A build against the real SDK on an Apple platform is still the final
// word. Apple's C names are kept, hence the formatter's naming rules are off here.

/// Type to specify the behavior of an association.
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
  case OBJC_ASSOCIATION_ASSIGN = 0
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  case OBJC_ASSOCIATION_RETAIN = 769
  case OBJC_ASSOCIATION_COPY = 771
}

/// Sets an associated value for a given object using a given key and association policy.
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) { fatalError("stand-in") }

/// Returns the value associated with a given object for a given key.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  fatalError("stand-in")
}

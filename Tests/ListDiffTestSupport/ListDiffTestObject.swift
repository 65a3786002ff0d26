import ListDiffKit

/// A list item that is a class: an identity and a title, which a test may change in place.
///
/// Two objects are the same item when their `id`s are equal; a different `title` is new
/// content. For tests of what happens to objects: updates detected by instance, content changed
/// behind an updater's back.
public final class ListDiffTestObject: Diffable, Equatable, CustomStringConvertible {
  /// The object's identity.
  public let id: Int
  /// The object's content.
  public var title: String

  /// Creates an object.
  ///
  /// - Parameters:
  ///   - id: The object's identity.
  ///   - title: The object's content.
  public init(_ id: Int, _ title: String = "") {
    self.id = id
    self.title = title
  }

  /// The object's identity, `id`.
  public var diffIdentifier: Int { id }

  /// Whether the other object has the same content, `title`.
  public func isContentEqual(to other: ListDiffTestObject) -> Bool { title == other.title }

  /// Whether both objects have the same identity and the same content.
  public static func == (lhs: ListDiffTestObject, rhs: ListDiffTestObject) -> Bool {
    lhs.id == rhs.id && lhs.title == rhs.title
  }

  /// `id:title`.
  public var description: String { "\(id):\(title)" }
}

/// An array of `Diffable` items: the values whose `@Diff` publisher has `listChanges`.
///
/// Only `Array` conforms; the protocol exists so that `listChanges` can be a property (a
/// property cannot introduce the element type itself). Do not conform other types.
public protocol _DiffableArray {
  /// The type of the items.
  associatedtype Element: Diffable
  /// The items, as an array.
  var _diffableItems: [Element] { get }
}

extension Array: _DiffableArray where Element: Diffable {
  /// The array itself.
  @inlinable public var _diffableItems: [Element] { self }
}

/// An array of `Diffable` items: the values whose `@Diff` publisher has `listChanges`, `ids`,
/// `[id:]` and `update(id:_:)`.
///
/// Only `Array` conforms; the protocol exists so that those can be properties and subscripts (a
/// property cannot introduce the element type itself). Do not conform other types.
public protocol _DiffableArray {
  /// The type of the items.
  associatedtype Element: Diffable
  /// The items, as an array.
  var _diffableItems: [Element] { get }
  /// The item at `index`, changed in place.
  subscript(_diffableItem index: Int) -> Element { get set }
  /// Where the items lie and how many there are: equal for two arrays sharing their storage.
  var _diffableStorage: (address: UnsafeRawPointer?, count: Int) { get }
}

extension Array: _DiffableArray where Element: Diffable {
  /// The array itself.
  @inlinable public var _diffableItems: [Element] { self }

  /// The element at `index`.
  @inlinable public subscript(_diffableItem index: Int) -> Element {
    get { self[index] }
    _modify { yield &self[index] }
  }

  /// The address of the elements and their count.
  @inlinable public var _diffableStorage: (address: UnsafeRawPointer?, count: Int) {
    withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
  }
}

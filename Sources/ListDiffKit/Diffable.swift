/// A type whose values a list diff can match by identity and compare by content.
///
/// Identity says *which* item a value is (a database key, a UUID); content equality says
/// whether a matched item must be redrawn. Two values with equal identifiers are the same item,
/// even if their content differs: the diff reports them as an update, not as a delete plus an
/// insert. (DiffValue's `EquatableWithIdentity.identity`, a default value, and
/// `DiffableKeyPath`, a selected part of a `@Diff` value, are unrelated to either.)
///
/// Defaults make most types conform with a bare `: Diffable`:
/// - a `Hashable` type is its own identifier;
/// - an `Identifiable` type uses `id` (also when it is `Hashable` too: `id` wins);
/// - an `Equatable` type compares content with `==`.
///
///     struct Contact: Identifiable, Equatable, Diffable {
///       let id: Int
///       var name: String
///     }
///     // Same contact (id 7), new name: an update.
///     let diff = ListDiff(
///       old: [Contact(id: 7, name: "Ann")], new: [Contact(id: 7, name: "Anne")])
///     // diff.updates == [0]
///
/// Identity must not change while a diff runs: `diffIdentifier` is read more than once per
/// element, and an identifier that changes in between (a class instance mutated from another
/// thread, a computed identifier that is not a pure function of the value) is the caller's
/// bug. The diff still terminates without crashing, but it pairs items by whichever identifier
/// it happened to read, so its result may not describe the lists.
public protocol Diffable {
  /// The type of the value that identifies an item across the old and the new list.
  associatedtype DiffIdentifier: Hashable

  /// The value that identifies this item: equal identifiers mean the same item.
  ///
  /// Identity is this value itself, compared with `==`; its hash value only speeds up the
  /// search, so two items whose identifiers merely share a hash value are never paired.
  var diffIdentifier: DiffIdentifier { get }

  /// Returns whether this item shows the same content as another item with the same identity.
  ///
  /// A `ListDiff` calls it once per matched pair (a `SectionedListDiff` may call it again);
  /// `false` reports the item as updated.
  ///
  /// - Parameter other: The matched item from the other list.
  /// - Returns: `true` if a view showing `self` needs no redraw to show `other`.
  func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Hashable {
  /// The value itself: a `Hashable` value is its own identity.
  @inlinable
  public var diffIdentifier: Self { self }
}

extension Diffable where Self: Identifiable {
  /// The value's `id`.
  @inlinable
  public var diffIdentifier: ID { id }
}

extension Diffable where Self: Hashable & Identifiable {
  /// The value's `id`: for a type that is both `Hashable` and `Identifiable`, `id` wins.
  ///
  /// This more constrained default makes the choice unambiguous: a `Hashable` value with an
  /// `id` usually hashes its content too, and content must not decide identity.
  @inlinable
  public var diffIdentifier: ID { id }
}

extension Diffable where Self: Equatable {
  /// Returns whether the two values are equal with `==`.
  ///
  /// - Parameter other: The matched item from the other list.
  /// - Returns: `self == other`.
  @inlinable
  public func isContentEqual(to other: Self) -> Bool { self == other }
}

/// An `Equatable` type with a default value, so `@Diff` needs no initial value for it.
///
/// ```swift
/// extension UserState: EquatableWithIdentity {
///   static var identity: UserState { UserState(userName: "", email: "", password: "") }
/// }
///
/// @Diff(\.userName, \.email) var userState: UserState   // starts as `.identity`
/// ```
///
/// Its `identity` is a default value, nothing more. It is unrelated to the identity of list
/// items, `Diffable.diffIdentifier`, which says which item a value is.
public protocol EquatableWithIdentity: Equatable {
  /// The value a `@Diff` property holds until it is first written.
  static var identity: Self { get }
}

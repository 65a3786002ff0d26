/// An `Equatable` type with a default value, so `@Diff` needs no initial value for it.
///
/// ```swift
/// extension UserState: EquatableWithIdentity {
///   static var identity: UserState { UserState(userName: "", email: "", password: "") }
/// }
///
/// @Diff(\.userName, \.email) var userState: UserState   // starts as `.identity`
/// ```
public protocol EquatableWithIdentity: Equatable {
  /// The value a `@Diff` property holds until it is first written.
  static var identity: Self { get }
}

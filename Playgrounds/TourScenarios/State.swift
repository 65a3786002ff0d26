import DiffValue

/// The seed's state: two properties, observed in different combinations.
public struct State: EquatableWithIdentity {
  /// A string, observed by `state1` and `state3`.
  public let stringProperty: String
  /// A number, observed by `state1` and `state2`.
  public let intProperty: Int

  /// Creates a state.
  public init(stringProperty: String, intProperty: Int) {
    self.stringProperty = stringProperty
    self.intProperty = intProperty
  }

  /// The default value a `@Diff` property starts from.
  public static var identity: State { State(stringProperty: "", intProperty: 0) }
}

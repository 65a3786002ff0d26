import DiffValue

/// The seed's class: the same state observed three ways.
public final class ExampleClass {
  /// Published when either property changes.
  @Diff(\.stringProperty, \.intProperty)
  public var state1: State

  /// Published only when `intProperty` changes.
  @Diff(\.intProperty)
  public var state2: State

  /// Published only when `stringProperty` changes.
  @Diff(\.stringProperty)
  public var state3: State

  /// Creates the class with every state at `State.identity`.
  public init() {}
}

import DiffValue

/// The seed's single-property example: a state whose string property is observed.
public final class ObservedExample {
  /// Published only when `stringProperty` changes.
  @Diff(\.stringProperty)
  public var state: State

  /// Creates it at `State.identity`.
  public init() {}
}

/// The seed's `TestClass`: it hooks one of its methods to one property.
public final class TestClass {
  /// The observed object.
  public let exampleClass = ObservedExample()
  let output: TourOutput

  /// Adds the hook; the seed ignores the returned handle, and so does this.
  public init(output: TourOutput) {
    self.output = output
    exampleClass.$state.add(
      \.stringProperty,
      target: self,
      hook: .method(TestClass.observeString)
    )
  }

  private func observeString(_ stringValue: String) {
    output.line("📝 Property Changed: \(stringValue)")
  }
}

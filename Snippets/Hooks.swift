// snippet.hide
// README.md, "Quick start", and DiffValue's "Getting started" show this file.
import DiffValue

struct ExampleState: EquatableWithIdentity {
  var stringProperty: String
  var count: Int
  static var identity: ExampleState { ExampleState(stringProperty: "", count: 0) }
}

final class ExampleClass {
  @Diff(\.stringProperty, \.count) var state: ExampleState
}

final class TestClass {
  let exampleClass = ExampleClass()

  func observeString(_ value: String) {
    print("stringProperty:", value)
  }

  func observe() {
    // snippet.show
    // Observe one property with a method of a weakly held target, or a closure.
    exampleClass.$state.add(\.stringProperty, target: self, hook: .method(TestClass.observeString))
    exampleClass.$state.add(\.count, target: self, on: .main, hook: .closure { print($0) })
    // snippet.hide
  }
}

let test = TestClass()
test.observe()
test.exampleClass.state.stringProperty = "changed"

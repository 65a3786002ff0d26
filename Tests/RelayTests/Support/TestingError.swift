/// An error for operator tests, compared by its description.
struct TestingError: Error, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
  let description: String

  init(description: String) { self.description = description }
  init(stringLiteral value: String) { description = value }

  static let oops = TestingError(description: "oops")
  static let boom = TestingError(description: "boom")
}

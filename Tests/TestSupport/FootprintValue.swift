/// A value of four fields, 40 bytes on a 64-bit platform: the one the footprint benchmark
/// (`Benchmarks footprint`) observes, for the tests that pin the layouts its figures depend on.
public struct FootprintValue: Equatable, Sendable {
  /// An integer.
  public var a = 0
  /// Another integer.
  public var b = 0
  /// A string (16 bytes).
  public var c = ""
  /// A double.
  public var d = 0.0

  /// All four at zero (the string empty).
  public init() {}
}

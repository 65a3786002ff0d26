/// A fast, reproducible random number generator for randomized tests (SplitMix64).
///
/// Every test that draws random cases should create one from a seed and print that seed when
/// a case fails, so that the failure can be replayed exactly:
///
///     var random = SeededRandomNumberGenerator(seed: 42)
///     let count = Int.random(in: 0..<10, using: &random)
///
/// The sequence for a given seed is fixed forever (it is SplitMix64, Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", OOPSLA 2014), on every platform. It is
/// not cryptographically secure.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  /// The generator's current state; the next output is derived from it.
  public private(set) var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  ///
  /// - Parameter seed: Any value; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// Returns the next 64 random bits.
  ///
  /// - Returns: A value uniformly distributed over all `UInt64` values.
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }

  /// Returns a generator for the `index`-th case of a run seeded with `seed`.
  ///
  /// Deriving one generator per case lets a failing case be replayed alone, without drawing
  /// the cases before it.
  ///
  /// - Parameters:
  ///   - seed: The seed of the whole run.
  ///   - index: The case number.
  /// - Returns: A generator whose sequence depends only on `seed` and `index`.
  public static func forCase(_ index: Int, of seed: UInt64) -> SeededRandomNumberGenerator {
    var mixer = SeededRandomNumberGenerator(
      seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
    return SeededRandomNumberGenerator(seed: mixer.next())
  }
}

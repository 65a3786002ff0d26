import DiffValue
import Foundation
import TestSupport

/// The counter of the stress that found `modify` publishing out of order (issue 35): three
/// threads each increment `inc` 500 times with `modify` while a fourth writes 1,500 whole values.
public struct StressCounter: Equatable, Sendable, CustomStringConvertible {
  /// Set by each whole write: `1_000 + i`.
  public var base: Int
  /// Incremented by each `modify`; a whole write sets it to 0.
  public var inc: Int
  /// Whether a `modify` wrote this value.
  public var byModify = false

  /// A value as the whole writes make them.
  public init(base: Int, inc: Int) {
    self.base = base
    self.inc = inc
  }

  /// `base/inc`, as the issue writes them.
  public var description: String { "\(base)/\(inc)" }
}

/// The owner of the stress's `@Diff(\.base, \.inc)` property.
public final class StressCounterOwner: @unchecked Sendable {
  // `@Diff` properties are thread-safe; the class has no other state.
  /// The property under test.
  @Diff(\.base, \.inc) public var counter = StressCounter(base: 0, inc: 0)

  /// An owner at `0/0`.
  public init() {}
}

/// The stress of issue 35, and its check: the published sequence is the commit sequence.
public enum ModifyOrderStress {
  /// How a modify is made: through `$counter.modify`, or in place (`owner.counter.inc += 1`).
  public enum Writes: String, Sendable {
    /// `$counter.modify { $0.inc += 1; $0.byModify = true; return $0 }`.
    case modify
    /// `owner.counter.inc += 1` and `owner.counter.byModify = true`, as one in-place write.
    case inPlace
  }

  /// Runs the stress once; returns what went wrong, empty when nothing did.
  ///
  /// - Parameters:
  ///   - writes: How the three incrementing threads write.
  ///   - incrementsPerThread: 500 in the issue.
  public static func run(writes: Writes = .modify, incrementsPerThread: Int = 500) -> [String] {
    let owner = StressCounterOwner()
    let published = Locked<[StressCounter]>([])
    let wholeWrites = incrementsPerThread * 3
    let subscription = owner.$counter.sink { value in published.withLock { $0.append(value) } }
    runConcurrently(threads: 4) { thread in
      if thread == 3 {
        for index in 1...wholeWrites { owner.counter = StressCounter(base: 1_000 + index, inc: 0) }
        return
      }
      for _ in 0..<incrementsPerThread {
        switch writes {
        case .modify:
          owner.$counter.modify {
            $0.inc += 1
            $0.byModify = true
            return $0
          }
        case .inPlace:
          owner.counter.increment()
        }
      }
    }
    let last = StressCounter(base: -1, inc: 0)
    owner.counter = last
    guard eventually(within: 60, { published.withLock { $0.last == last } }) else {
      return ["the last write never arrived"]
    }
    _ = subscription
    return check(published.withLock { $0 }.dropLast(), wholeWrites: wholeWrites)
  }

  /// Checks a published sequence: every whole write once, in order; every increment once,
  /// right after the value it incremented.
  static func check(_ sequence: ArraySlice<StressCounter>, wholeWrites: Int) -> [String] {
    var problems: [String] = []
    var seen = Set<String>()
    var nextWhole = 1
    var increments = 0
    for (index, value) in zip(sequence.indices, sequence) {
      if !seen.insert("\(value)").inserted {
        problems.append("\(value) was published twice (at \(index))")
      }
      if value.byModify {
        increments += 1
        let before = index > sequence.startIndex ? sequence[index - 1] : nil
        if before?.base != value.base || before?.inc != value.inc - 1 {
          problems.append(
            "\(value), an increment, was published after \(before.map { "\($0)" } ?? "nothing"), "
              + "not after the value it incremented")
        }
      } else if value.base > 0 {
        if value.base != 1_000 + nextWhole {
          problems.append("whole write \(value) was published where \(1_000 + nextWhole)/0 was due")
        }
        nextWhole = value.base - 1_000 + 1
      }
    }
    if nextWhole != wholeWrites + 1 {
      problems.append("the last whole write published was \(nextWhole - 1)")
    }
    if increments != wholeWrites {
      problems.append("\(increments) increments were published, of \(wholeWrites)")
    }
    return problems
  }
}

extension StressCounter {
  /// The in-place form of the stress's `modify`.
  public mutating func increment() {
    inc += 1
    byModify = true
  }
}

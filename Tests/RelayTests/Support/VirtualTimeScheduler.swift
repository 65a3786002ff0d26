import Foundation
import Relay
import TestSupport

/// A scheduler whose clock moves only when a test advances it, so time operators are tested
/// without real time, like OpenCombine's `VirtualTimeScheduler`.
///
/// Actions due at the same moment run in the order they were scheduled.
final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
  // `state` is guarded by `lock`; actions run outside it.
  struct SchedulerTimeType: Strideable, Hashable, CustomStringConvertible {
    var nanoseconds: Int

    func distance(to other: Self) -> Stride { .nanoseconds(other.nanoseconds - nanoseconds) }
    func advanced(by n: Stride) -> Self { Self(nanoseconds: nanoseconds + n.magnitude) }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    static func + (lhs: Self, rhs: Stride) -> Self { lhs.advanced(by: rhs) }
    static func seconds(_ s: Int) -> Self { Self(nanoseconds: s * 1_000_000_000) }
    static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: ms * 1_000_000) }
    static let beginningOfTime = Self(nanoseconds: 0)
    var description: String { "\(nanoseconds)ns" }

    struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, CustomStringConvertible
    {
      var magnitude: Int

      init(magnitude: Int) { self.magnitude = magnitude }
      init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
      init(floatLiteral value: Double) { magnitude = Int(value * 1_000_000_000) }
      init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

      static func seconds(_ s: Int) -> Self { Self(magnitude: s * 1_000_000_000) }
      static func seconds(_ s: Double) -> Self { Self(magnitude: Int(s * 1_000_000_000)) }
      static func milliseconds(_ ms: Int) -> Self { Self(magnitude: ms * 1_000_000) }
      static func microseconds(_ us: Int) -> Self { Self(magnitude: us * 1_000) }
      static func nanoseconds(_ ns: Int) -> Self { Self(magnitude: ns) }

      static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
      static func + (lhs: Self, rhs: Self) -> Self {
        Self(magnitude: lhs.magnitude + rhs.magnitude)
      }
      static func - (lhs: Self, rhs: Self) -> Self {
        Self(magnitude: lhs.magnitude - rhs.magnitude)
      }
      static func * (lhs: Self, rhs: Self) -> Self {
        Self(magnitude: lhs.magnitude * rhs.magnitude)
      }
      static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
      static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
      static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
      var description: String { "\(magnitude)ns" }
    }
  }

  enum SchedulerOptions: Equatable {
    case nontrivialOptions
  }

  enum Event: Equatable, CustomStringConvertible {
    case schedule(options: SchedulerOptions?)
    case scheduleAfterDate(
      SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?)
    case scheduleAfterDateWithInterval(
      SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?)

    var description: String {
      switch self {
      case .schedule(let options): ".schedule(\(String(describing: options)))"
      case .scheduleAfterDate(let date, let tolerance, let options):
        ".scheduleAfterDate(\(date), tolerance: \(tolerance), \(String(describing: options)))"
      case .scheduleAfterDateWithInterval(let date, let interval, let tolerance, let options):
        ".scheduleAfterDateWithInterval(\(date), interval: \(interval), tolerance: \(tolerance), "
          + "\(String(describing: options)))"
      }
    }
  }

  private struct Item {
    var date: SchedulerTimeType
    var sequence: Int
    var action: () -> Void
    var interval: SchedulerTimeType.Stride?
    var token: Token?
  }

  final class Token: Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    var isCancelled: Bool {
      lock.lock()
      defer { lock.unlock() }
      return cancelled
    }
    func cancel() {
      lock.lock()
      cancelled = true
      lock.unlock()
    }
  }

  private struct State {
    var now = SchedulerTimeType.beginningOfTime
    var items: [Item] = []
    var nextSequence = 0
    var history: [Event] = []
  }

  private let lock = NSLock()
  private var state = State()

  init() {}

  private func locked<R>(_ body: (inout State) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  var now: SchedulerTimeType { locked { $0.now } }
  var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(7) }
  var history: [Event] { locked { $0.history } }
  var scheduledCount: Int { locked { $0.items.count } }

  private func add(
    _ date: SchedulerTimeType, _ event: Event, interval: SchedulerTimeType.Stride?,
    token: Token?, _ action: @escaping () -> Void
  ) {
    locked { state in
      state.history.append(event)
      state.items.append(
        Item(
          date: date, sequence: state.nextSequence, action: action, interval: interval,
          token: token))
      state.nextSequence += 1
    }
  }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    add(now, .schedule(options: options), interval: nil, token: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    add(
      date, .scheduleAfterDate(date, tolerance: tolerance, options: options), interval: nil,
      token: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let token = Token()
    add(
      date,
      .scheduleAfterDateWithInterval(
        date, interval: interval, tolerance: tolerance,
        options: options), interval: interval, token: token, action)
    return token
  }

  /// Runs, in order, every action due by `now + stride`, moving the clock to each; then
  /// leaves the clock at `now + stride`.
  func advance(by stride: SchedulerTimeType.Stride) {
    let target = now.advanced(by: stride)
    while let action = nextDue(by: target) { action() }
    locked { $0.now = target }
  }

  /// Runs every action due by `now + stride`, as `advance(by:)` does, but picks each next one
  /// among those due with `random`, as a concurrent queue may start its blocks in any order.
  func advance(
    by stride: SchedulerTimeType.Stride, inAnyOrderUsing random: inout SeededRandomNumberGenerator
  ) {
    let target = now.advanced(by: stride)
    while let action = nextDue(by: target, choosing: { Int.random(in: 0..<$0, using: &random) }) {
      action()
    }
    locked { $0.now = target }
  }

  /// Moves the clock to `time`, running in order every action due by then.
  func rewind(to time: SchedulerTimeType) {
    advance(by: now.distance(to: max(time, now)))
  }

  /// Runs every action due now.
  func executeScheduledActions() { advance(by: .nanoseconds(0)) }

  /// Runs actions until none is left, moving the clock as far as needed.
  func runUntilIdle() {
    while let date = locked({ $0.items.map(\.date).min() }) {
      advance(by: now.distance(to: max(date, now)))
    }
  }

  /// The next action due by `target`: the earliest, or the one `choose` picks by its offset
  /// among all those due.
  private func nextDue(
    by target: SchedulerTimeType, choosing choose: (Int) -> Int = { _ in 0 }
  ) -> (() -> Void)? {
    locked { state in
      let due = state.items.indices.filter { state.items[$0].date <= target }
        .sorted {
          (state.items[$0].date, state.items[$0].sequence)
            < (state.items[$1].date, state.items[$1].sequence)
        }
      guard !due.isEmpty else { return nil }
      let index = due[choose(due.count)]
      let item = state.items.remove(at: index)
      if item.token?.isCancelled == true { return {} }
      state.now = max(state.now, item.date)
      if let interval = item.interval {
        var next = item
        next.date = item.date.advanced(by: interval)
        next.sequence = state.nextSequence
        state.nextSequence += 1
        state.items.append(next)
      }
      return item.action
    }
  }
}

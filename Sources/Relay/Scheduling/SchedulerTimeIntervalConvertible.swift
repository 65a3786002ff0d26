#if canImport(Combine)
  import Combine

  /// A time interval that can be written in seconds, milliseconds, microseconds or
  /// nanoseconds: on platforms with Combine, Combine's own protocol, as `Scheduler` is.
  public typealias SchedulerTimeIntervalConvertible = Combine.SchedulerTimeIntervalConvertible
#else
  /// A time interval that can be written in seconds, milliseconds, microseconds or nanoseconds, as
  /// Combine's `SchedulerTimeIntervalConvertible`.
  ///
  /// It is what makes `.milliseconds(300)` compile wherever a scheduler's stride is expected:
  ///
  /// ```swift
  /// $query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
  /// ```
  public protocol SchedulerTimeIntervalConvertible {
    /// An interval of whole seconds.
    ///
    /// - Parameter s: The number of seconds.
    /// - Returns: The interval.
    static func seconds(_ s: Int) -> Self

    /// An interval of seconds, fractions included.
    ///
    /// - Parameter s: The number of seconds.
    /// - Returns: The interval.
    static func seconds(_ s: Double) -> Self

    /// An interval of milliseconds.
    ///
    /// - Parameter ms: The number of milliseconds.
    /// - Returns: The interval.
    static func milliseconds(_ ms: Int) -> Self

    /// An interval of microseconds.
    ///
    /// - Parameter us: The number of microseconds.
    /// - Returns: The interval.
    static func microseconds(_ us: Int) -> Self

    /// An interval of nanoseconds.
    ///
    /// - Parameter ns: The number of nanoseconds.
    /// - Returns: The interval.
    static func nanoseconds(_ ns: Int) -> Self
  }
#endif

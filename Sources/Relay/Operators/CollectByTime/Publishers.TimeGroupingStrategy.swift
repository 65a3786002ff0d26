#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publishers {
  /// When `collect(_:options:)` publishes the values it collected: every interval, or also
  /// when a group is full.
  ///
  /// ```swift
  /// let strategy = Publishers.TimeGroupingStrategy.byTimeOrCount(
  ///   DispatchQueue.main, .seconds(1), 50)
  /// ```
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// Publishes what was collected every interval on the scheduler.
    case byTime(Context, Context.SchedulerTimeType.Stride)
    /// Publishes what was collected every interval on the scheduler, or as soon as the count
    /// is reached, whichever comes first.
    case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
  }
}

#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Publishes values for a span of time from the subscription, then finishes.
  ///
  /// ```swift
  /// searchResults.prefix(duration: .seconds(5), on: DispatchQueue.main).sink { show($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// It is `prefix(untilOutputFrom:)` with a value `duration` later on `scheduler`; the
  /// clock starts when the subscriber subscribes.
  /// - Parameters:
  ///   - duration: How long values pass.
  ///   - tolerance: How late the end may come; the scheduler's minimum by default.
  ///   - scheduler: The scheduler whose clock ends the span.
  ///   - options: How the scheduler runs the end.
  /// - Returns: A publisher of the values sent within `duration`.
  @inlinable
  public func prefix<S: Scheduler>(
    duration: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
    on scheduler: S, options: S.SchedulerOptions? = nil
  ) -> AnyPublisher<Output, Failure> {
    prefix(
      untilOutputFrom: Just(()).delay(
        for: duration, tolerance: tolerance, scheduler: scheduler, options: options)
    ).eraseToAnyPublisher()
  }
}

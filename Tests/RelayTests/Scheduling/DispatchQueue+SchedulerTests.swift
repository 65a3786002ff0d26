#if !canImport(Darwin) || !canImport(Combine)
  import Dispatch
  import Relay
  import Testing

  @Suite("DispatchQueue as a scheduler: repeating runs")
  struct DispatchQueueRepeatingScheduleTests {
    /// Dispatch takes the leeway as unsigned nanoseconds; a negative tolerance stopped the
    /// program inside it.
    @Test func aNegativeToleranceCountsAsZero() {
      let queue = DispatchQueue(label: "repeating")
      let ran = DispatchSemaphore(value: 0)
      let cancellable = queue.schedule(
        after: queue.now, interval: .milliseconds(5), tolerance: .seconds(-1), options: nil
      ) { ran.signal() }
      #expect(ran.wait(timeout: .now() + .seconds(5)) == .success)
      #expect(ran.wait(timeout: .now() + .seconds(5)) == .success)
      cancellable.cancel()
    }

    @Test func aNegativeIntervalStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        _ = DispatchQueue(label: "repeating").schedule(
          after: DispatchQueue.SchedulerTimeType(.now()), interval: .seconds(-1),
          tolerance: .zero, options: nil
        ) {}
      }
    }
  }
#endif

#if !canImport(Darwin)
  import Dispatch
  import Relay
  import Testing

  @Suite("DispatchQueue.SchedulerTimeType, Linux")
  struct DispatchQueueSchedulerTimeTypeTests {
    typealias Time = DispatchQueue.SchedulerTimeType

    @Test func aMomentPastDispatchsLatestUptimeIsTheDistantFuture() {
      let now = Time(.now())
      #expect(now.advanced(by: .seconds(Int.max)).dispatchTime == .distantFuture)
      #expect(now.advanced(by: .nanoseconds(Int.max)).dispatchTime == .distantFuture)
      let latest = Time(DispatchTime(uptimeNanoseconds: (1 << 62) - 1))
      #expect(latest.advanced(by: .nanoseconds(1)).dispatchTime == .distantFuture)
      #expect(latest.advanced(by: .zero) == latest)
      let future = Time(.distantFuture)
      #expect(future.advanced(by: .seconds(-1)).dispatchTime == .distantFuture)
      #expect(future.advanced(by: .seconds(1)).dispatchTime == .distantFuture)
      #expect(now.advanced(by: .seconds(1)).advanced(by: .seconds(-1)) == now)
      #expect(now.advanced(by: .seconds(Int.min)).dispatchTime.uptimeNanoseconds == 1)
    }

    /// A delay beyond Dispatch's latest uptime waits forever; it ran at once when the moment's
    /// top bit was set.
    @Test func aWorkItemAHundredYearsOffDoesNotRunNow() {
      let queue = DispatchQueue(label: "far future")
      let ran = DispatchSemaphore(value: 0)
      queue.schedule(after: Time(.now()).advanced(by: .seconds(Int.max))) { ran.signal() }
      queue.schedule(after: Time(.now()).advanced(by: .nanoseconds(Int.max / 2 + 1))) {
        ran.signal()
      }
      #expect(ran.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    }
  }
#endif

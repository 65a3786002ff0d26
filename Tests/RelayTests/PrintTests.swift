import Relay
import TestSupport
import Testing

@Suite struct PrintTests {
  @Test func writesCombinesLinesForASink() {
    let relay = CurrentValueRelay(0)
    let log = LineRecorder()
    let cancellable = relay.print("P", to: log).sink { _ in }
    relay.send(1)
    cancellable.cancel()
    relay.send(2)
    #expect(
      log.lines == [
        "P: receive subscription: (CurrentValueSubject)",
        "P: request unlimited",
        "P: receive value: (0)",
        "P: receive value: (1)",
        "P: receive cancel",
      ])
  }

  @Test func logsFiniteAndSynchronousDemandWithoutPrefix() {
    let relay = PassthroughRelay<String>()
    let log = LineRecorder()
    let tracker = TrackingSubscriber<String, Never>(initialDemand: .max(1), demandPerValue: .max(2))
    relay.print(to: log).subscribe(tracker)
    relay.send("a")
    tracker.request(.max(3))
    #expect(
      log.lines == [
        "receive subscription: (PassthroughSubject)",
        "request max: (1)",
        "receive value: (a)",
        "request max: (2) (synchronous)",
        "request max: (3)",
      ])
  }

  @Test func namesTheSingleReplaySubscription() {
    let relay = CurrentValueRelay(0)
    let shared = relay.singleReplay()
    let log = LineRecorder()
    let tracker = TrackingSubscriber<Int, Never>()
    shared.print("S", to: log).subscribe(tracker)
    #expect(log.lines.first == "S: receive subscription: (SingleReplay)")
  }
}

import DiffValue
import DiffValueTesting
import Foundation
import TestSupport
import Testing

@Suite struct RecordingSubscriberTests {
  @Test func recordsValuesAndTheCompletion() {
    let relay = CurrentValueRelay(1)
    let recorder = relay.record()
    relay.send(2)
    relay.send(3)
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.completion == nil)
    recorder.receive(completion: .finished)  // as a finite publisher would
    #expect(recorder.completion == .finished)
  }

  @Test func limitedDemand() {
    let relay = CurrentValueRelay(1)
    let recorder = relay.record(demand: .max(1))
    relay.send(2)
    #expect(recorder.values == [1])
    recorder.request(.max(1))
    #expect(recorder.values == [1, 2])
  }

  @Test func cancellingStopsRecording() {
    let relay = PassthroughRelay<Int>()
    let recorder = relay.record()
    relay.send(1)
    recorder.cancel()
    relay.send(2)
    #expect(recorder.values == [1])
  }

  /// Values delivered through the main queue arrive while a main-actor test waits.
  @MainActor
  @Test func waitsForValuesDeliveredLater() async {
    let relay = CurrentValueRelay(0)
    let recorder = relay.receive(on: .main).record()
    runConcurrently(threads: 1) { _ in relay.send(1) }
    #expect(await recorder.waitForValues(2) == [0, 1])
    #expect(await recorder.waitForValues(3, timeout: .milliseconds(50)) == nil)
  }
}

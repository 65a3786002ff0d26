import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `RecordTests`, ported.
@Suite struct RecordTests {
  @Test(arguments: [nil, TestingError.oops])
  func anEmptyRecordCompletesAtOnce(failure: TestingError?) {
    let record = Record<Int, TestingError>(
      output: [], completion: failure.map { .failure($0) } ?? .finished)
    let tracker = TrackingSubscriber<Int, TestingError>()
    record.subscribe(tracker)
    let completion: TrackingSubscriber<Int, TestingError>.Event =
      failure.map { .failure($0) } ?? .finished
    #expect(tracker.history == [.subscription("Empty"), completion])
  }

  @Test func valuesGoAgainstDemandThenTheCompletion() {
    let record = Record<Int, TestingError>(
      output: [1, 2, 3, 4, 5, 6, 7, 8, 9], completion: .failure(.oops))
    let tracker = TrackingSubscriber<Int, TestingError>()
    record.subscribe(tracker)
    let name = "[1, 2, 3, 4, 5, 6, 7, 8, 9]"
    #expect(tracker.history == [.subscription(name)])
    tracker.request(.max(3))
    #expect(tracker.history == [.subscription(name), .value(1), .value(2), .value(3)])
    tracker.request(.max(5))
    #expect(tracker.values == Array(1...8))
    tracker.request(.max(1))
    #expect(
      tracker.history
        == [.subscription(name)] + (1...9).map { .value($0) } + [.failure(.oops)])
    #expect("\(tracker.subscription!)" == "Cancelled Events")
  }

  @Test func eachSubscriberGetsTheWholeRecording() {
    let record = Record<Int, Never> { recording in
      recording.receive(1)
      recording.receive(2)
      recording.receive(completion: .finished)
    }
    #expect(record.recording.output == [1, 2])
    var first: [Int] = []
    var second: [Int] = []
    let a = record.sink { first.append($0) }
    let b = record.sink { second.append($0) }
    #expect(first == [1, 2])
    #expect(second == [1, 2])
    _ = (a, b)
  }

  @Test func cancellingFromAValueStopsTheRest() {
    var subscription: (any Subscription)?
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: {
        subscription = $0
        $0.request(.unlimited)
      },
      receiveValue: {
        if $0 == 2 { subscription?.cancel() }
        return .none
      })
    Record(output: [1, 2, 3], completion: .finished).subscribe(tracker)
    #expect(tracker.values == [1, 2])
    #expect(tracker.completions.isEmpty)
  }

  @Test func recordingAfterTheCompletionStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var recording = Record<Int, Never>.Recording()
      recording.receive(completion: .finished)
      recording.receive(1)
    }
  }
}

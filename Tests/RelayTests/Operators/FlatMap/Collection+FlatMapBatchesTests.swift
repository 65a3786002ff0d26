import Relay
import RelayTestSupport
import Testing

/// CombineExt's `FlatMapBatchesTests`, ported.
@Suite struct FlatMapBatchesTests {
  typealias Tracker = TrackingSubscriber<[Int], TestingError>

  static func run<P: Publisher>(_ publishers: [P], size: Int = 2) -> [Tracker.Event]
  where P.Output == Int, P.Failure == TestingError {
    let tracker = Tracker(demand: .unlimited)
    publishers.flatMapBatches(of: size).subscribe(tracker)
    return Array(tracker.history.dropFirst())
  }

  static func just(_ value: Int) -> AnyPublisher<Int, TestingError> {
    Just(value).setFailureType(to: TestingError.self).eraseToAnyPublisher()
  }

  /// Sends its number twice, then finishes only when `finishes`.
  static func twice(_ number: Int, finishes: Bool) -> AnyPublisher<Int, TestingError> {
    AnyPublisher.create { subscriber in
      subscriber.send(number)
      subscriber.send(number)
      if finishes { subscriber.send(completion: .finished) }
      return AnyCancellable {}
    }
  }

  @Test func evenBatches() {
    let events = Self.run((1...6).map(Self.just))
    #expect(events == [.value([1, 2]), .value([3, 4]), .value([5, 6]), .finished])
  }

  @Test func unevenBatches() {
    let events = Self.run((1...5).map(Self.just))
    #expect(events == [.value([1, 2]), .value([3, 4]), .value([5]), .finished])
  }

  @Test func aFailureEndsIt() {
    let events = Self.run([Fail(error: .oops).eraseToAnyPublisher()] + (1...3).map(Self.just))
    #expect(events == [.failure(.oops)])
  }

  @Test func aBatchThatNeverFinishesHoldsBackTheRest() {
    let events = Self.run(
      [Self.twice(1, finishes: false), Self.twice(2, finishes: false)]
        + (3...4).map(Self.just))
    #expect(events == [.value([1, 2]), .value([1, 2])])
  }

  @Test func severalValuesPerPublisher() {
    let events = Self.run(
      [Self.twice(1, finishes: true), Self.twice(2, finishes: true)]
        + (3...4).map(Self.just))
    #expect(events == [.value([1, 2]), .value([1, 2]), .value([3, 4]), .finished])
  }

  @Test func anEmptyCollectionFinishes() {
    #expect(Self.run([AnyPublisher<Int, TestingError>]()) == [.finished])
  }

  @Test func aBatchLargerThanTheCollection() {
    #expect(Self.run([Self.just(1)], size: 5) == [.value([1]), .finished])
  }
}

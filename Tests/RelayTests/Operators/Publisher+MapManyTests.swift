import Relay
import RelayTestSupport
import Testing

/// CombineExt's `MapManyTests` and `FilterManyTests`, ported.
@Suite struct MapManyTests {
  struct Model: Equatable {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  @Test(arguments: [true, false]) func mapsEveryElement(fails: Bool) {
    let source = TestSubject<[Int], TestingError>()
    let tracker = TrackingSubscriber<[Model], TestingError>(demand: .unlimited)
    source.mapMany(Model.init).subscribe(tracker)
    source.send([10, 2, 2, 4, 3, 8])
    source.send(completion: fails ? .failure(.oops) : .finished)
    let expected: [TrackingSubscriber<[Model], TestingError>.Event] = [
      .value([10, 2, 2, 4, 3, 8].map(Model.init)), fails ? .failure(.oops) : .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test(arguments: [true, false]) func filtersEveryElement(fails: Bool) {
    let source = TestSubject<[Int], TestingError>()
    let tracker = TrackingSubscriber<[Int], TestingError>(demand: .unlimited)
    source.filterMany { $0.isMultiple(of: 2) }.subscribe(tracker)
    source.send([10, 1, 2, 4, 3, 8])
    source.send([1])
    source.send(completion: fails ? .failure(.oops) : .finished)
    let expected: [TrackingSubscriber<[Int], TestingError>.Event] = [
      .value([10, 2, 4, 8]), .value([]), fails ? .failure(.oops) : .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func mapsASetIntoAnArray() {
    let tracker = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    Just(Set([3])).mapMany { $0 * 2 }.subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value([6]), .finished])
  }
}

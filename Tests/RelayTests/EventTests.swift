import Relay
import Testing

@Suite struct EventTests {
  @Test func equalityComparesCaseAndContents() {
    typealias E = Event<Int, TestingError>
    #expect(E.value(1) == .value(1))
    #expect(E.value(1) != .value(2))
    #expect(E.failure(.oops) == .failure(.oops))
    #expect(E.failure(.oops) != .failure(.boom))
    #expect(E.finished == .finished)
    #expect(E.finished != .value(1))
    #expect(E.failure(.oops) != .finished)
  }

  @Test func descriptionNamesTheCase() {
    let events: [Event<Int, TestingError>] = [.value(1), .failure(.oops), .finished]
    #expect(events.map(\.description) == ["value(1)", "failure(oops)", "finished"])
  }

  @Test func anEventIsItsOwnEvent() {
    #expect(Event<Int, TestingError>.value(3).event == .value(3))
  }
}

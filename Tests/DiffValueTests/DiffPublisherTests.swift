import DiffValue
import TestSupport
import Testing

/// `$property.modify { }`: several writes in place, published once, and only when a selected
/// part changed.
@Suite struct DiffModifyTests {
  @Test func modifyPublishesOnceAndOnlyForSelectedChanges() {
    let holder = Holder()
    var published: [Account] = []
    let subscription = holder.$account.sink { published.append($0) }
    holder.$account.modify {
      $0.user.name = "ann"
      $0.friend = Profile(name: "bob", age: 3)
      $0.note = "both in one write"
    }
    holder.$account.modify { $0.note = "unselected only" }
    #expect(published.count == 2)
    #expect(published.last?.friend?.name == "bob")
    #expect(holder.account.note == "unselected only")
    _ = subscription
  }

  @Test func concurrentModifiesLoseNoWrite() {
    final class Counter: @unchecked Sendable {
      @Diff(\.age) var profile = Profile(name: "n", age: 0)
    }
    let counter = Counter()
    runConcurrently(threads: 4) { _ in
      for _ in 0..<1_000 { counter.$profile.modify { $0.age += 1 } }
    }
    #expect(counter.profile.age == 4_000)
  }

  /// The comparison sees values: an object mutated in place and written back compares equal to
  /// the last published value, which refers to the same object.
  ///
  /// A new instance publishes.
  @Test func aClassMutatedInPlaceAndWrittenBackPublishesNothing() {
    final class Score: Equatable, @unchecked Sendable {
      var points: Int
      init(points: Int) { self.points = points }
      static func == (lhs: Score, rhs: Score) -> Bool { lhs.points == rhs.points }
    }
    struct Game: Equatable, Sendable { var score: Score }
    final class Model {
      @Diff(\.score) var selected = Game(score: Score(points: 0))
      @Diff var whole = Game(score: Score(points: 0))
    }
    let model = Model()
    var selected: [Int] = []
    var whole: [Int] = []
    let subscriptions = [
      model.$selected.sink { selected.append($0.score.points) },
      model.$whole.sink { whole.append($0.score.points) },
    ]
    let game = model.selected
    game.score.points = 1  // the same object the last published value holds
    model.selected = game
    model.whole.score.points = 1
    model.whole = model.whole
    #expect(model.selected.score.points == 1)  // stored all the same
    #expect(selected == [0] && whole == [0])
    model.selected.score = Score(points: 2)
    model.whole.score = Score(points: 2)
    #expect(selected == [0, 2] && whole == [0, 2])
    _ = subscriptions
  }

  /// `@Diff` keeps its state in an object, so copies of a struct holding one share it.
  @Test func copiesOfAStructShareTheProperty() {
    struct Screen {
      @Diff(\.name) var profile = Profile(name: "a", age: 0)
    }
    let original = Screen()
    let copy = original
    var seen: [String] = []
    let subscription = original.$profile.sink { seen.append($0.name) }
    copy.profile.name = "b"
    #expect(original.profile.name == "b")
    #expect(seen == ["a", "b"])
    _ = subscription
  }
}

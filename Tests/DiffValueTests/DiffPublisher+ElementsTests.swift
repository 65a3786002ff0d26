import DiffValue
import Foundation
import Observation
import TestSupport
import Testing

/// A row of a list: `Identifiable & Equatable`, so `Diffable` with no code.
struct ListRow: Identifiable, Equatable, Diffable, Sendable {
  var id: Int
  var title: String
  var likes = 0
}

/// A list model: the whole array compared, as `@Diff var items` is.
final class ListModel: @unchecked Sendable {
  // `@Diff` properties are thread-safe; the class has no other state.
  @Diff var items: [ListRow]

  init(_ ids: [Int], subscribed: Bool) {
    items = ids.map { ListRow(id: $0, title: "row \($0)") }
    if subscribed { subscription = $items.sink { _ in } }
  }

  var subscription: AnyCancellable?
}

/// Views of a list: the list view reads the identifiers, each row its own element; each
/// records whether it was told.
final class ListViews: @unchecked Sendable {
  let model: ListModel
  let list = ChangeCounter()
  var rows: [Int: ChangeCounter] = [:]

  init(_ model: ListModel, rows ids: [Int]) {
    self.model = model
    track(list) { _ = model.$items.ids }
    for id in ids {
      let counter = ChangeCounter()
      rows[id] = counter
      track(counter) { _ = model.$items[id: id] }
    }
  }

  /// The views told so far: "list" and the ids of the rows, in order.
  var told: [String] {
    (list.count > 0 ? ["list"] : [])
      + rows.keys.sorted().filter { rows[$0]!.count > 0 }.map(String.init)
  }

  /// How often each was told, at most.
  var mostTellsOfOne: Int { ([list.count] + rows.values.map(\.count)).max() ?? 0 }
}

/// `$items.ids` and `$items[id:]`: an array of `Diffable` elements observed by identity.
///
/// The identifiers are told of arrivals, departures and moves; an element of its own content
/// changing, leaving or coming back; nobody of a write that changes nothing; each at most once
/// per write; with or without a subscriber (the value inline, or in the relay).
@Suite struct DiffPublisherElementsTests {
  /// Each kind of write, from [1, 2, 3, 4], and the views it must tell.
  static let writes: [(String, @Sendable (ListModel) -> Void, [String])] = [
    ("element in place", { $0.items[1].likes += 1 }, ["2"]),
    ("element write", { $0.$items.update(id: 3) { $0.title = "three" } }, ["3"]),
    (
      "whole array, one element changed",
      { $0.items = [1, 2, 3, 4].map { ListRow(id: $0, title: $0 == 4 ? "x" : "row \($0)") } }, ["4"]
    ),
    ("append", { $0.items.append(ListRow(id: 5, title: "row 5")) }, ["list"]),
    ("insert at the top", { $0.items.insert(ListRow(id: 0, title: "row 0"), at: 0) }, ["list"]),
    ("remove", { $0.items.remove(at: 1) }, ["list", "2"]),
    ("move", { $0.items.swapAt(0, 3) }, ["list"]),
    ("sort", { $0.items.sort { $0.id > $1.id } }, ["list"]),
    (
      "modify",
      {
        $0.$items.modify {
          $0[0].title = "one"
          $0.removeLast()
        }
      }, ["list", "1", "4"]
    ),
    ("nothing changed", { $0.items = $0.items }, []),
    (
      "an equal whole array",
      { $0.items = [1, 2, 3, 4].map { ListRow(id: $0, title: "row \($0)") } }, []
    ),
    ("an element write that changes nothing", { $0.$items.update(id: 2) { $0.likes += 0 } }, []),
  ]

  @Test(arguments: 0..<writes.count, [false, true])
  func eachWriteTellsTheViewsItConcernsOnce(write index: Int, subscribed: Bool) {
    let (name, write, expected) = Self.writes[index]
    let model = ListModel([1, 2, 3, 4], subscribed: subscribed)
    let views = ListViews(model, rows: [1, 2, 3, 4])
    write(model)
    #expect(views.told == expected, "\(name), subscribed: \(subscribed)")
    #expect(views.mostTellsOfOne <= 1, "\(name): a view told twice for one write")
  }

  @Test(arguments: [false, true])
  func readsFollowIdentityNotPosition(subscribed: Bool) {
    let model = ListModel([1, 2, 3], subscribed: subscribed)
    #expect(model.$items.ids == [1, 2, 3])
    #expect(model.$items[id: 2]?.title == "row 2")
    #expect(model.$items[id: 9] == nil)
    model.items.insert(ListRow(id: 0, title: "row 0"), at: 0)
    #expect(model.$items.ids == [0, 1, 2, 3])
    #expect(model.$items[id: 2]?.title == "row 2")  // same row, another position
    model.items.removeAll { $0.id == 2 }
    #expect(model.$items[id: 2] == nil)
  }

  @Test func anElementThatLeavesAndComesBackIsToldEachTime() {
    let model = ListModel([1, 2], subscribed: false)
    let counter = ChangeCounter()
    track(counter) { _ = model.$items[id: 2] }
    model.items.removeLast()
    #expect(counter.count == 1)
    track(counter) { _ = model.$items[id: 2] }  // re-armed, reads nil
    model.items.append(ListRow(id: 2, title: "back"))
    #expect(counter.count == 2)
  }

  @Test(arguments: [false, true])
  func anElementWriteChangesTheFirstElementInPlace(subscribed: Bool) {
    let model = ListModel([1, 2, 2, 3], subscribed: subscribed)
    var published: [[ListRow]] = []
    let subscription = model.$items.dropFirst().sink { published.append($0) }
    let storage = model.items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    _ = model.$items[id: 2]  // indexes the array
    let result = model.$items.update(id: 2) { row -> Int in
      row.likes = 7
      return row.likes
    }
    #expect(result == 7)
    #expect(model.items.map(\.likes) == [0, 7, 0, 0])
    #expect(model.$items.update(id: 9) { $0.likes = 1 } == nil)
    #expect(published.count == 1, "one publication, for the one change")
    if !subscribed {
      let after = model.items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      #expect(after == storage, "the array was copied, not changed in place")
    }
    _ = subscription
  }

  @Test func anElementWriteThatChangesTheIdentifierTellsTheList() {
    let model = ListModel([1, 2, 3], subscribed: false)
    let views = ListViews(model, rows: [1, 2, 3])
    model.$items.update(id: 2) { $0.id = 20 }
    #expect(views.told == ["list", "2"])
    #expect(model.$items.ids == [1, 20, 3])
    #expect(model.$items[id: 20]?.title == "row 2")
  }

  /// The index is remade after any write that changed the array, or carried to the new array
  /// when every identifier stayed in place; never used stale.
  @Test func lookupsAfterEveryKindOfWriteFindTheRightElement() {
    var random = SeededRandomNumberGenerator(seed: 36)
    let model = ListModel(Array(0..<20), subscribed: false)
    var mirror = model.items
    for step in 0..<1_000 {
      let index = mirror.isEmpty ? nil : Int.random(in: 0..<mirror.count, using: &random)
      switch (Int.random(in: 0..<10, using: &random), index) {
      case (0, _):
        let row = ListRow(id: 100 + step, title: "\(step)")
        model.items.insert(row, at: 0)
        mirror.insert(row, at: 0)
      case (1, let index?):
        model.items.remove(at: index)
        mirror.remove(at: index)
      case (2, let index?):
        let id = mirror[index].id
        model.$items.update(id: id) { $0.likes += 1 }
        mirror[mirror.firstIndex { $0.id == id }!].likes += 1
      case (3, _):
        model.items.shuffle(using: &random)
        mirror = model.items
      case (4, let index?):  // content in place: the index is carried over
        model.items[index].likes += 1
        mirror[index].likes += 1
      case (5, let index?):  // an identifier changed in place: same count, the index remade
        model.items[index].id = 100 + step
        mirror[index].id = 100 + step
      case (6, let index?):  // a duplicate identifier, or an element back where it was
        let id = mirror[Int.random(in: 0..<mirror.count, using: &random)].id
        model.items[index].id = id
        mirror[index].id = id
      case (7, let index?):
        model.items.swapAt(index, mirror.count - 1)
        mirror.swapAt(index, mirror.count - 1)
      case (8, _):  // the whole array again, every title changed, no identifier moved
        mirror = mirror.map { ListRow(id: $0.id, title: "\(step)", likes: $0.likes) }
        model.items = mirror
      default:
        model.items.reverse()
        mirror.reverse()
      }
      #expect(model.items == mirror, "step \(step)")
      guard let probe = mirror.randomElement(using: &random) else { continue }
      #expect(model.$items[id: probe.id] == mirror.first { $0.id == probe.id }, "step \(step)")
      #expect(model.$items.ids == mirror.map(\.id), "step \(step)")
    }
  }
}

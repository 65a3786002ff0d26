import DiffValue
import Foundation
import Observation
import TestSupport
import Testing

/// A row holding an object, to see when the property lets go of it.
struct ObjectRow: Identifiable, Equatable, Diffable, @unchecked Sendable {
  // The object is only compared by identity, never changed.
  var id: Int
  var object: LifetimeProbe
  var likes = 0

  static func == (lhs: ObjectRow, rhs: ObjectRow) -> Bool {
    lhs.id == rhs.id && lhs.object === rhs.object && lhs.likes == rhs.likes
  }
}

/// An object whose release sets a flag.
final class LifetimeProbe: @unchecked Sendable {
  // Set once, by `deinit`, read after.
  let released: ReleaseFlag
  init(_ released: ReleaseFlag) { self.released = released }
  deinit { released.isSet = true }
}

/// Whether a `LifetimeProbe` was released.
final class ReleaseFlag: @unchecked Sendable {
  // Written by one thread, read by the same test after.
  var isSet = false
}

/// A model of rows holding objects.
final class ObjectRows: @unchecked Sendable {
  // `@Diff` properties are thread-safe; the class has no other state.
  @Diff var items: [ObjectRow]
  init(_ items: [ObjectRow]) { self.items = items }
}

/// How an in-place write of an array whose elements are observed is compared: with the
/// property's own copy of the array before it, which each write brings up to date by writing the
/// elements whose bytes changed, so that the array the write changes is its own alone and is not
/// copied; and that copy never tells wrong, never outlives what it mirrors.
@Suite struct DiffElementsTests {
  /// Views of every row and of the list, re-armed after each write, are told as a model says.
  ///
  /// The list when the identifiers changed (membership or order), a row when the first element with
  /// its identifier changed content or arrived or left. Every kind of write, in a seeded mix.
  @Test(arguments: [false, true])
  func eachWriteTellsWhatAModelOfTheArraySays(subscribed: Bool) {
    var random = SeededRandomNumberGenerator(seed: subscribed ? 3_601 : 3_602)
    let model = ListModel(Array(0..<12), subscribed: subscribed)
    var nextID = 100
    var tracked: [Int: ChangeCounter] = [:]
    var list = ChangeCounter()
    func arm(_ id: Int) {
      let counter = ChangeCounter()
      tracked[id] = counter
      track(counter) { _ = model.$items[id: id] }
    }
    track(list) { _ = model.$items.ids }
    for id in 0..<12 { arm(id) }
    for step in 0..<600 {
      let before = model.items
      let count = before.count
      let position = count == 0 ? 0 : Int.random(in: 0..<count, using: &random)
      switch Int.random(in: 0..<12, using: &random) {
      case 0..<4 where count > 0:  // the friendly and common one: content in place
        model.items[position].likes += 1
      case 4 where count > 0:
        model.items[position].title = "\(step)"
        model.items[(position + 1) % count].likes += 1
      case 5 where count > 0:
        model.$items.update(id: before[position].id) { $0.likes += 2 }
      case 6 where count > 0:  // an identifier changed in place
        model.items[position].id = nextID
        nextID += 1
      case 7:
        model.items.insert(ListRow(id: nextID, title: "new"), at: position)
        nextID += 1
      case 8 where count > 1:
        model.items.remove(at: position)
      case 9 where count > 1:
        model.items.swapAt(position, count - 1 - position)
      case 10:
        var whole = before
        if count > 0 { whole[position].likes += 5 }
        model.items = whole
      case 11 where count > 0:
        model.$items.modify { $0[position].likes += 1 }
      default:
        model.items.reverse()
      }
      let after = model.items
      let listExpected = before.map(\.id) != after.map(\.id)
      #expect((list.count == 1) == listExpected, "step \(step): the list")
      for (id, counter) in tracked {
        let old = before.first { $0.id == id }
        let new = after.first { $0.id == id }
        #expect((counter.count == 1) == (old != new), "step \(step): row \(id)")
      }
      // Re-armed as views are: the list when told, each row told, and rows that arrived.
      if list.count > 0 {
        list = ChangeCounter()
        track(list) { _ = model.$items.ids }
      }
      for (id, counter) in tracked where counter.count > 0 { arm(id) }
      for row in after where tracked[row.id] == nil { arm(row.id) }
    }
  }

  /// After the first in-place write, each further one changes the array where it lies: the
  /// property keeps its own copy to compare with, rather than the array (which the write would
  /// then copy whole).
  @Test func inPlaceWritesOfObservedElementsChangeTheArrayWhereItLies() {
    let model = ListModel(Array(0..<1_000), subscribed: false)
    let counter = ChangeCounter()
    track(counter) { _ = model.$items[id: 500] }
    _ = model.$items.ids
    // Where element 1 lies, seen through an element write (a whole read would make the next
    // write copy the array, to compare it for the whole value's observers).
    func address() -> UInt? {
      model.$items.update(id: 1) { row in
        withUnsafeMutablePointer(to: &row) { UInt(bitPattern: $0) }
      }
    }
    model.items[0].likes += 1  // makes the copy
    let before = address()
    for step in 2...20 {
      model.items[step].likes += 1
      _ = model.$items[id: step]  // a read between writes, as a row's re-evaluation
    }
    #expect(address() == before, "an in-place write copied the array")
    #expect(counter.count == 0)
    model.items[500].likes += 1
    #expect(counter.count == 1)
  }

  /// The copy holds nothing the array no longer holds once a write let go of it: an element
  /// replaced in place, removed, or the whole array replaced.
  @Test(arguments: ["in place", "remove", "whole", "element write"])
  func theCopyLetsGoOfWhatTheArrayLetGoOf(write: String) {
    let flag = ReleaseFlag()
    let model = ObjectRows(
      [
        ObjectRow(id: 1, object: LifetimeProbe(flag)),
        ObjectRow(id: 2, object: LifetimeProbe(.init())),
      ])
    let counter = ChangeCounter()
    track(counter) { _ = model.$items[id: 1] }
    model.items[1].likes += 1  // the copy exists now
    model.items[1].likes += 1  // and compares this one
    switch write {
    case "in place": model.items[0].object = LifetimeProbe(.init())
    case "remove": model.items.remove(at: 0)
    case "element write": model.$items.update(id: 1) { $0.object = LifetimeProbe(.init()) }
    default: model.items = [model.items[1]]
    }
    #expect(flag.isSet, "\(write): the object of the element replaced is still alive")
    #expect(counter.count == 1)
  }

  /// A whole write made while an in-place write holds the property (from another thread) is
  /// stored after it: the element observers are told of what either changed, from the value
  /// before both, even where the whole write wrote what the in-place write had.
  @Test func aWholeWriteBehindAnInPlaceWriteTellsWhatBothChanged() {
    let model = ListModel([1, 2, 3], subscribed: false)
    let rows = [1, 2, 3].map { _ in ChangeCounter() }
    _ = model.$items[id: 1]
    model.items[1].likes += 1  // the copy exists now
    model.items[1].likes -= 1
    for (index, counter) in rows.enumerated() { track(counter) { _ = model.$items[id: index + 1] } }
    var after = model.items
    after[0].title = "both"  // what the in-place write writes too
    after[2].likes = 9
    let whole = after
    let written = DispatchSemaphore(value: 0)
    model.items[0].retitle("both") {
      DispatchQueue.global().async {
        model.items = whole  // kept behind the in-place write: it holds the property
        written.signal()
      }
      written.wait()
    }
    #expect(model.items == whole)
    #expect(rows.map(\.count) == [1, 0, 1])
  }

  /// Four threads write their own rows in place and through element writes, each row's view
  /// re-armed by its thread after each tell: every write tells its row exactly once, and no
  /// write tells another thread's row (the copy compared with is never stale, nor raced).
  @Test func concurrentInPlaceWritesTellEachRowOncePerChange() async {
    let threads = 4
    let rowsPerThread = 8
    let writes = 300
    let model = ListModel(Array(0..<(threads * rowsPerThread)), subscribed: false)
    _ = model.$items.ids
    await withTaskGroup(of: [Int].self) { group in
      for thread in 0..<threads {
        group.addTask {
          var random = SeededRandomNumberGenerator(seed: UInt64(40 + thread))
          let rows = Array((thread * rowsPerThread)..<((thread + 1) * rowsPerThread))
          var counters = rows.map { _ in ChangeCounter() }
          var written = rows.map { _ in 0 }
          var told = rows.map { _ in 0 }
          for (slot, id) in rows.enumerated() { track(counters[slot]) { _ = model.$items[id: id] } }
          for step in 0..<writes {
            let slot = Int.random(in: 0..<rowsPerThread, using: &random)
            let id = rows[slot]
            if step % 3 == 0 {
              model.$items.update(id: id) { $0.likes += 1 }
            } else {
              model.items[id].likes += 1  // rows never move: the position is the identifier
            }
            written[slot] += 1
            for index in counters.indices where counters[index].count > 0 {
              told[index] += counters[index].count
              counters[index] = ChangeCounter()
              let id = rows[index]
              track(counters[index]) { _ = model.$items[id: id] }
            }
          }
          return zip(written, told).map { $0 - $1 }
        }
      }
      for await differences in group {
        #expect(differences.allSatisfy { $0 == 0 }, "writes minus tells, per row: \(differences)")
      }
    }
    #expect(model.items.map(\.likes).reduce(0, +) == threads * writes)
  }
}

extension ListRow {
  /// Changes the title, calling `during` in the middle of the change.
  mutating func retitle(_ title: String, during: () -> Void) {
    during()
    self.title = title
  }
}

import DiffValue
import Dispatch
import MallocCounter
import Observation

// A list of rows as a SwiftUI screen observes it: a model holds `items: [Row]`, one "list view"
// reads the list and one "row view" per row reads its own element, each a
// `withObservationTracking` re-armed after it is told, as SwiftUI re-evaluates a `body` (the list
// view's re-evaluation also arms the rows that arrived). Per write: the time of the write and
// of the re-evaluations it causes, and how many views were told. Three ways to observe:
//
// - `@Observable`: the list reads `model.items`, a row reads `model.items[i]`;
// - `@Diff`, whole reads: the same reads of a `@Diff var items`;
// - `@Diff`, by identity: the list reads `model.$items.ids`, a row `model.$items[id: id]`.
//
// Positions are random (seeded), never the friendly end of the array.

/// A row of the list: what a feed or a to-do list shows.
struct BenchRow: Identifiable, Equatable, Diffable, Sendable {
  let id: Int
  var title: String
  var likes: Int
}

/// The rows in an `@Observable` model.
@Observable final class ObservableRows: @unchecked Sendable {
  var items: [BenchRow]
  init(_ items: [BenchRow]) { self.items = items }
}

/// The rows in a `@Diff` property.
final class DiffRows: @unchecked Sendable {
  @Diff var items: [BenchRow]
  init(_ items: [BenchRow]) { self.items = items }
}

/// How the views of a kind read the model, and how its writes are spelled.
struct RowsModel {
  /// The list view's read: returns the identifiers in order.
  let readList: () -> [Int]
  /// A row view's read of the row with `id`, at `position`.
  let readRow: (_ id: Int, _ position: Int) -> BenchRow?
  /// Changes the array in one write.
  let mutate: ((inout [BenchRow]) -> Void) -> Void
  /// Adds a like to the row with `id`, at `position`, as the kind's best element write does.
  let like: (_ id: Int, _ position: Int) -> Void
  /// Replaces the whole array.
  let replace: ([BenchRow]) -> Void
  /// The array as it is.
  let items: () -> [BenchRow]
}

/// A model whose views read its rows by position.
protocol PositionalRows: AnyObject {
  var items: [BenchRow] { get set }
}

extension ObservableRows: PositionalRows {}
extension DiffRows: PositionalRows {}

extension RowsModel {
  /// The list reads `model.items`, a row `model.items[i]`: `@Observable`, or `@Diff` read whole.
  static func positional(_ model: some PositionalRows) -> RowsModel {
    RowsModel(
      readList: { model.items.map(\.id) },
      readRow: { _, position in model.items[position] },
      mutate: { body in body(&model.items) },
      like: { _, position in model.items[position].likes += 1 },
      replace: { model.items = $0 }, items: { model.items })
  }

  static func diffIdentity(_ model: DiffRows) -> RowsModel {
    RowsModel(
      readList: { model.$items.ids },
      readRow: { id, _ in model.$items[id: id] },
      mutate: { body in body(&model.items) },
      like: { id, _ in model.$items.update(id: id) { $0.likes += 1 } },
      replace: { model.items = $0 }, items: { model.items })
  }
}

/// The views of one screen: a list view and a row view per row, each tracked and re-armed after
/// it is told.
final class RowsScreen: @unchecked Sendable {
  // Used by the benchmark's thread alone; `onChange` runs on the writing thread.
  let model: RowsModel
  var ids: [Int] = []
  var positions: [Int: Int] = [:]
  var listTold = false
  var toldRows: [Int] = []
  var told = 0
  /// Each row's tracking generation: a tracking armed for a row no longer shown still fires
  /// once (Observation cannot cancel it), and is then not re-armed.
  var shown: Set<Int> = []
  var sum = 0

  init(_ model: RowsModel) {
    self.model = model
    evaluateList()
    for id in ids { armRow(id) }
  }

  private func evaluateList() {
    listTold = false
    ids = withObservationTracking(model.readList) { [unowned self] in
      told &+= 1
      listTold = true
    }
    positions.removeAll(keepingCapacity: true)
    for (position, id) in ids.enumerated() { positions[id] = position }
  }

  private func armRow(_ id: Int) {
    guard let position = positions[id] else { return }
    shown.insert(id)
    let row = withObservationTracking {
      model.readRow(id, position)
    } onChange: {
      [unowned self] in
      told &+= 1
      toldRows.append(id)
    }
    sum &+= row?.likes ?? 0
  }

  /// Re-evaluates what was told: the list first (rows that arrived are armed, rows that left are
  /// no longer shown), then each told row still shown.
  func update() {
    if listTold {
      let before = Set(ids)
      evaluateList()
      let after = Set(ids)
      for id in ids where !before.contains(id) { armRow(id) }
      shown.subtract(before.subtracting(after))
    }
    let rows = toldRows
    toldRows.removeAll(keepingCapacity: true)
    for id in rows where shown.contains(id) && positions[id] != nil {
      shown.remove(id)
      armRow(id)
    }
  }
}

/// One write of the matrix, given the screen's state and a seeded generator.
struct RowsWrite {
  let label: String
  let run: (_ screen: RowsScreen, _ index: Int, _ random: inout SeededRows) -> Void
}

/// A small seeded generator (SplitMix64), so that every kind sees the same positions.
struct SeededRows {
  var state: UInt64
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

func rowsWrites() -> [RowsWrite] {
  [
    RowsWrite(label: "one element in place, `items[i].likes += 1`") { screen, _, random in
      let position = random.next(below: screen.ids.count)
      screen.model.mutate { $0[position].likes += 1 }
    },
    RowsWrite(label: "element write (`update(id:)` where the kind has one)") { screen, _, random in
      let position = random.next(below: screen.ids.count)
      screen.model.like(screen.ids[position], position)
    },
    RowsWrite(label: "insert at the top, then remove it") { screen, index, _ in
      if index & 1 == 0 {
        screen.model.mutate { $0.insert(BenchRow(id: -1 - index, title: "new", likes: 0), at: 0) }
      } else {
        screen.model.mutate { $0.removeFirst() }
      }
    },
    RowsWrite(label: "move one row to a random position") { screen, _, random in
      let from = random.next(below: screen.ids.count)
      let to = random.next(below: screen.ids.count)
      screen.model.mutate { $0.insert($0.remove(at: from), at: to) }
    },
    RowsWrite(label: "sort (by likes, then by id, in turn)") { screen, index, _ in
      if index & 1 == 0 {
        screen.model.mutate { $0.sort { ($0.likes, $0.id) > ($1.likes, $1.id) } }
      } else {
        screen.model.mutate { $0.sort { $0.id < $1.id } }
      }
    },
    RowsWrite(label: "whole replace, one row changed (a refetch)") { screen, _, random in
      var items = screen.model.items()
      items[random.next(below: items.count)].likes += 1
      screen.model.replace(items)
    },
  ]
}

/// The rows, with likes spread so that a sort moves them.
func benchRows(_ count: Int) -> [BenchRow] {
  var random = SeededRows(state: 7)
  return (0..<count).map { BenchRow(id: $0, title: "row \($0)", likes: random.next(below: 50)) }
}

/// Time per write (median of five samples, each of enough writes to last ~30 ms) and views told
/// per write, for one kind, one size and one write.
func measureRows(
  _ makeModel: () -> RowsModel, count: Int, write: RowsWrite
) -> (nanoseconds: Double, told: Double) {
  let screen = RowsScreen(makeModel())
  var random = SeededRows(state: 42)
  var index = 0
  var lastTold = 0.0
  func writes(_ n: Int) -> Double {
    let toldBefore = screen.told
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<n {
      write.run(screen, index, &random)
      screen.update()
      index += 1
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    lastTold = Double(screen.told - toldBefore) / Double(n)
    return elapsed / Double(n)
  }
  let first = writes(2)
  let perSample = max(2, min(5_000, Int(30_000_000 / max(first, 1))) & ~1)
  var samples: [Double] = []
  var told: [Double] = []
  for _ in 0..<5 {
    samples.append(writes(perSample))
    told.append(lastTold)
  }
  blackHole(screen.sum)
  return (median(samples), median(told))
}

func runRowBenchmarks() {
  for count in [100, 1_000, 10_000] {
    print("")
    print(
      "| \(count) rows, per write | `@Observable` | `@Diff`, whole reads | `@Diff`, by identity "
        + "| x `@Observable` |")
    print("|---|---|---|---|---|")
    for write in rowsWrites() {
      let observable = measureRows(
        { .positional(ObservableRows(benchRows(count))) }, count: count, write: write)
      let whole = measureRows(
        { .positional(DiffRows(benchRows(count))) }, count: count, write: write)
      let identity = measureRows(
        { .diffIdentity(DiffRows(benchRows(count))) }, count: count, write: write)
      func cell(_ figures: (nanoseconds: Double, told: Double)) -> String {
        "\(nanoseconds(figures.nanoseconds)), \(String(format: "%g", figures.told)) told"
      }
      print(
        "| \(write.label) | \(cell(observable)) | \(cell(whole)) | \(cell(identity)) | "
          + String(format: "%.3fx |", identity.nanoseconds / observable.nanoseconds))
    }
  }
  runElementTrackingMemory()
}

/// What trackings of distinct elements hold while armed, and what is left once they were told:
/// 100,000 row views each read a different element by identity, then one write changes every
/// element.
func runElementTrackingMemory() {
  let count = 100_000
  print("")
  print("| \(count) rows, each read once by identity | heap bytes |")
  print("|---|---|")
  let model = DiffRows(benchRows(count))
  _ = model.$items.ids  // the index, made once
  let before = malloc_counter_bytes_in_use()
  var sum = 0
  for id in 0..<count {
    sum &+= withObservationTracking {
      model.$items[id: id]?.likes ?? 0
    } onChange: {
    }
  }
  let armed = malloc_counter_bytes_in_use()
  model.items = model.items.map { BenchRow(id: $0.id, title: $0.title, likes: $0.likes + 1) }
  _ = model.$items.ids  // the index of the new array, as before
  let after = malloc_counter_bytes_in_use()
  print(
    "| armed, per tracking | \(String(format: "%.0f", Double(armed - before) / Double(count))) |")
  print(
    "| once every element changed (each tracking told and gone), total left "
      + "| \(Int(after) - Int(before)) |")
  // One tracking at a time, each of another element, told by a write to it before the next is
  // armed: what stays is what live trackings hold, not every identifier ever read.
  let oneAtATime = malloc_counter_bytes_in_use()
  for id in 0..<count {
    sum &+= withObservationTracking {
      model.$items[id: id]?.likes ?? 0
    } onChange: {
    }
    model.$items.update(id: id) { $0.likes += 1 }
  }
  print(
    "| \(count) distinct elements read one at a time, each told before the next, total left "
      + "| \(Int(malloc_counter_bytes_in_use()) - Int(oneAtATime)) |")
  blackHole(sum)
}

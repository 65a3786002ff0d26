import DiffValue
import TestSupport
import Testing

// Every way of selecting parts, against an oracle written by hand: a write is published
// exactly when a selected part differs from the value written before it, by that part's own
// `==`, and `changes` names exactly the parts that differ.

/// A nested struct, with a set: equal sets may iterate in different orders.
struct MixedDetail: Equatable, Sendable {
  var x: Int
  var label: String
  var tags: Set<String> = []
}

/// An enum with payloads, one of them of two fields.
enum MixedMode: Equatable, Sendable {
  case idle
  case loading(progress: Double)
  case failed(reason: String, code: Int)
}

/// A class, compared by its `id`; a new instance stands for a new value.
final class MixedOwner: Equatable, @unchecked Sendable {
  // Never written after init.
  let id: Int
  init(id: Int) { self.id = id }
  static func == (lhs: MixedOwner, rhs: MixedOwner) -> Bool { lhs.id == rhs.id }
}

/// A state with a field of each kind a selection can name.
struct Mixed: EquatableWithIdentity, Sendable {
  var name = ""
  var count = 0
  var ratio = 0.0
  var items: [Int] = []
  var mode = MixedMode.idle
  var detail = MixedDetail(x: 0, label: "")
  var maybe: MixedDetail? = nil
  var flag = false
  var owner = MixedOwner(id: 0)

  /// A computed part.
  var total: Int { count + detail.x }

  static var identity: Mixed { Mixed() }
}

/// One selection and its oracle.
struct SelectionCase: CustomStringConvertible, Sendable {
  /// One part named by key path, with its own comparison written by hand.
  // Key paths are immutable; Swift does not declare `PartialKeyPath` sendable.
  struct Part: @unchecked Sendable {
    let keyPath: PartialKeyPath<Mixed>
    let same: @Sendable (Mixed, Mixed) -> Bool
  }

  let description: String
  /// Makes the `@Diff` with its initial value.
  let make: @Sendable (Mixed) -> Diff<Mixed>
  /// The key paths `changes` reports, without repeats, in order; empty for the whole value.
  let parts: [Part]
  /// The part read by `select:`, if any.
  let selected: (@Sendable (Mixed, Mixed) -> Bool)?

  var isWholeValue: Bool { parts.isEmpty && selected == nil }

  func publishes(from old: Mixed, to new: Mixed) -> Bool {
    if isWholeValue { return old != new }
    return parts.contains { !$0.same(old, new) } || selected.map { !$0(old, new) } ?? false
  }

  func changedKeyPaths(from old: Mixed, to new: Mixed) -> [PartialKeyPath<Mixed>] {
    if isWholeValue { return [\Mixed.self] }
    return parts.filter { !$0.same(old, new) }.map(\.keyPath)
  }
}

// Hand-written comparisons for the oracle.
private let name = SelectionCase.Part(keyPath: \Mixed.name) { $0.name == $1.name }
private let count = SelectionCase.Part(keyPath: \Mixed.count) { $0.count == $1.count }
private let ratio = SelectionCase.Part(keyPath: \Mixed.ratio) { $0.ratio == $1.ratio }
private let items = SelectionCase.Part(keyPath: \Mixed.items) { $0.items == $1.items }
private let mode = SelectionCase.Part(keyPath: \Mixed.mode) { $0.mode == $1.mode }
private let detail = SelectionCase.Part(keyPath: \Mixed.detail) { $0.detail == $1.detail }
private let detailX = SelectionCase.Part(keyPath: \Mixed.detail.x) { $0.detail.x == $1.detail.x }
private let maybe = SelectionCase.Part(keyPath: \Mixed.maybe) { $0.maybe == $1.maybe }
private let maybeX = SelectionCase.Part(keyPath: \Mixed.maybe?.x) { $0.maybe?.x == $1.maybe?.x }
private let flag = SelectionCase.Part(keyPath: \Mixed.flag) { $0.flag == $1.flag }
private let owner = SelectionCase.Part(keyPath: \Mixed.owner) { $0.owner == $1.owner }
private let ownerID = SelectionCase.Part(keyPath: \Mixed.owner.id) { $0.owner.id == $1.owner.id }
private let total = SelectionCase.Part(keyPath: \Mixed.total) { $0.total == $1.total }

/// A pack of key paths passed along from generic code: the parameter-pack initializers.
private func packDiff<each Property: Equatable>(
  _ value: Mixed, _ keyPaths: repeat KeyPath<Mixed, each Property>
) -> Diff<Mixed> {
  Diff(wrappedValue: value, repeat each keyPaths)
}

private func packDiff<each Property: Equatable, Selected: Equatable>(
  _ value: Mixed, _ keyPaths: repeat KeyPath<Mixed, each Property>,
  select: @escaping @Sendable (Mixed) -> Selected
) -> Diff<Mixed> {
  Diff(wrappedValue: value, repeat each keyPaths, select: select)
}

private let cases: [SelectionCase] = [
  SelectionCase(
    description: "whole value", make: { Diff(wrappedValue: $0) }, parts: [], selected: nil),
  SelectionCase(
    description: "whole value, value:", make: { Diff(value: $0) }, parts: [], selected: nil),
  SelectionCase(
    description: "1: String", make: { Diff(wrappedValue: $0, \.name) }, parts: [name],
    selected: nil),
  SelectionCase(
    description: "1: Double", make: { Diff(wrappedValue: $0, \.ratio) }, parts: [ratio],
    selected: nil),
  SelectionCase(
    description: "1: [Int]", make: { Diff(wrappedValue: $0, \.items) }, parts: [items],
    selected: nil),
  SelectionCase(
    description: "1: enum with payloads", make: { Diff(wrappedValue: $0, \.mode) },
    parts: [mode], selected: nil),
  SelectionCase(
    description: "1: nested struct", make: { Diff(wrappedValue: $0, \.detail) },
    parts: [detail], selected: nil),
  SelectionCase(
    description: "1: nested key path", make: { Diff(wrappedValue: $0, \.detail.x) },
    parts: [detailX], selected: nil),
  SelectionCase(
    description: "1: optional struct", make: { Diff(wrappedValue: $0, \.maybe) },
    parts: [maybe], selected: nil),
  SelectionCase(
    description: "1: optional chain", make: { Diff(wrappedValue: $0, \.maybe?.x) },
    parts: [maybeX], selected: nil),
  SelectionCase(
    description: "1: computed", make: { Diff(wrappedValue: $0, \.total) }, parts: [total],
    selected: nil),
  SelectionCase(
    description: "1: class-typed", make: { Diff(wrappedValue: $0, \.owner) }, parts: [owner],
    selected: nil),
  SelectionCase(
    description: "1: through a class", make: { Diff(wrappedValue: $0, \.owner.id) },
    parts: [ownerID], selected: nil),
  SelectionCase(
    description: "2", make: { Diff(wrappedValue: $0, \.name, \.count) }, parts: [name, count],
    selected: nil),
  SelectionCase(
    description: "2, value:", make: { Diff(value: $0, \.items, \.mode) }, parts: [items, mode],
    selected: nil),
  SelectionCase(
    description: "3, stored and not",
    make: { Diff(wrappedValue: $0, \.maybe?.x, \.count, \.total) },
    parts: [maybeX, count, total], selected: nil),
  SelectionCase(
    description: "4", make: { Diff(wrappedValue: $0, \.ratio, \.items, \.mode, \.detail) },
    parts: [ratio, items, mode, detail], selected: nil),
  SelectionCase(
    description: "5",
    make: { Diff(wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode) },
    parts: [name, count, ratio, items, mode], selected: nil),
  SelectionCase(
    description: "6",
    make: { Diff(wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.detail.x) },
    parts: [name, count, ratio, items, mode, detailX], selected: nil),
  SelectionCase(
    description: "7",
    make: {
      Diff(wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.detail, \.flag)
    }, parts: [name, count, ratio, items, mode, detail, flag], selected: nil),
  SelectionCase(
    description: "8",
    make: {
      Diff(
        wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.detail, \.maybe, \.flag)
    }, parts: [name, count, ratio, items, mode, detail, maybe, flag], selected: nil),
  SelectionCase(
    description: "9: eight and a tail",
    make: {
      Diff(
        wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.detail, \.maybe, \.flag,
        \.owner)
    }, parts: [name, count, ratio, items, mode, detail, maybe, flag, owner], selected: nil),
  SelectionCase(
    description: "12, value:, repeats in the tail",
    make: {
      Diff(
        value: $0, \.flag, \.flag, \.flag, \.flag, \.flag, \.flag, \.flag, \.flag, \.maybe?.x,
        \.owner.id, \.total, \.flag)
    }, parts: [flag, maybeX, ownerID, total], selected: nil),
  SelectionCase(
    description: "the same key path twice", make: { Diff(wrappedValue: $0, \.count, \.count) },
    parts: [count], selected: nil),
  SelectionCase(
    description: "repeats among others",
    make: { Diff(wrappedValue: $0, \.name, \.items, \.name, \.items) }, parts: [name, items],
    selected: nil),
  SelectionCase(
    description: "pack from generic code", make: { packDiff($0, \.name, \.maybe?.x, \.items) },
    parts: [name, maybeX, items], selected: nil),
  SelectionCase(
    description: "empty pack from generic code: whole value", make: { packDiff($0) },
    parts: [], selected: nil),
  SelectionCase(
    description: "keyPaths: array",
    make: {
      Diff(
        wrappedValue: $0,
        keyPaths: [(\Mixed.mode).diffable, (\Mixed.maybe?.x).diffable, (\Mixed.mode).diffable])
    }, parts: [mode, maybeX], selected: nil),
  SelectionCase(
    description: "keyPaths: empty array: whole value",
    make: { Diff(value: $0, keyPaths: []) }, parts: [], selected: nil),
  SelectionCase(
    description: "select: alone", make: { Diff(wrappedValue: $0, select: { $0.maybe?.x }) },
    parts: [], selected: { $0.maybe?.x == $1.maybe?.x }),
  SelectionCase(
    description: "select: computed, value:", make: { Diff(value: $0, select: { $0.total }) },
    parts: [], selected: { $0.total == $1.total }),
  SelectionCase(
    description: "select: beside one key path",
    make: { Diff(wrappedValue: $0, \.items, select: { $0.owner.id }) }, parts: [items],
    selected: { $0.owner.id == $1.owner.id }),
  SelectionCase(
    description: "select: beside three",
    make: { Diff(value: $0, \.name, \.name, \.mode, select: { $0.maybe?.label }) },
    parts: [name, mode], selected: { $0.maybe?.label == $1.maybe?.label }),
  SelectionCase(
    description: "select: beside eight",
    make: {
      Diff(
        wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.detail, \.maybe, \.flag,
        select: { $0.owner.id })
    }, parts: [name, count, ratio, items, mode, detail, maybe, flag],
    selected: { $0.owner.id == $1.owner.id }),
  SelectionCase(
    description: "select: beside nine",
    make: {
      Diff(
        wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.detail, \.maybe, \.flag,
        \.owner, select: { $0.total })
    }, parts: [name, count, ratio, items, mode, detail, maybe, flag, owner],
    selected: { $0.total == $1.total }),
  SelectionCase(
    description: "select: beside a pack from generic code",
    make: { packDiff($0, \.flag, \.detail.label, select: { $0.items.count }) },
    parts: [
      flag, SelectionCase.Part(keyPath: \Mixed.detail.label) { $0.detail.label == $1.detail.label },
    ],
    selected: { $0.items.count == $1.items.count }),
]

/// A random write: one to three fields set from small domains, so that many writes repeat
/// a part, often with an equal value in new storage (`-0.0` for `0.0`, a rebuilt string or
/// array, a new instance of an equal class value).
private func randomWrite(
  to value: Mixed, using random: inout SeededRandomNumberGenerator
) -> Mixed {
  var value = value
  for _ in 0..<Int.random(in: 1...3, using: &random) {
    switch Int.random(in: 0..<11, using: &random) {
    case 0:
      value.name = ["", "a", String(repeating: "long name ", count: 3)].randomElement(
        using: &random)!
    case 1: value.count = Int.random(in: 0..<2, using: &random)
    case 2: value.ratio = [0.0, -0.0, 1.5].randomElement(using: &random)!
    case 3: value.items = Array(0..<Int.random(in: 0..<3, using: &random))
    case 4:
      value.mode = [
        .idle, .loading(progress: 0.5), .loading(progress: 0.7), .failed(reason: "x", code: 1),
        .failed(reason: "x", code: 2),
      ].randomElement(using: &random)!
    case 5:
      value.detail = MixedDetail(
        x: Int.random(in: 0..<2, using: &random), label: ["l", "m"].randomElement(using: &random)!)
    case 6:
      value.maybe =
        Bool.random(using: &random)
        ? nil
        : MixedDetail(
          x: Int.random(in: 0..<2, using: &random),
          label: ["l", "m"].randomElement(using: &random)!)
    case 7: value.flag.toggle()
    case 8: value.owner = MixedOwner(id: Int.random(in: 0..<2, using: &random))
    case 9:
      value.detail.tags = [[], ["a"], ["a", "b"], ["b", "a"]].randomElement(using: &random)!
    default: value.detail.label = ["l", "m"].randomElement(using: &random)!
    }
  }
  return value
}

@Suite struct DiffSelectionTests {
  @Test(arguments: cases)
  func publishesExactlyWhenASelectedPartChanges(_ selection: SelectionCase) {
    let seed: UInt64 = 0x5E1E_C7ED
    var random = SeededRandomNumberGenerator(seed: seed)
    let diff = selection.make(.identity)
    var published: [Mixed] = []
    var changes: [DiffChange<Mixed>] = []
    let subscriptions = [
      diff.projectedValue.sink { published.append($0) },
      diff.projectedValue.changes.sink { changes.append($0) },
    ]
    var last = Mixed.identity
    var expectedPublished = 1  // the current value, on subscription
    var expectedChanges = 0
    for step in 0..<400 {
      let next = randomWrite(to: last, using: &random)
      let publishes = selection.publishes(from: last, to: next)
      diff.wrappedValue = next
      if publishes {
        expectedPublished += 1
        expectedChanges += 1
      }
      #expect(
        published.count == expectedPublished,
        "\(selection), seed \(seed), step \(step): published \(published.count)")
      #expect(changes.count == expectedChanges, "\(selection), seed \(seed), step \(step)")
      if publishes, let change = changes.last {
        #expect(
          change.changedKeyPaths == selection.changedKeyPaths(from: last, to: next),
          "\(selection), seed \(seed), step \(step): \(change.changedKeyPaths)")
        #expect(
          change.selectedValueChanged == selection.selected.map { !$0(last, next) } ?? false,
          "\(selection), seed \(seed), step \(step)")
      }
      #expect(diff.wrappedValue.count == next.count && diff.wrappedValue.owner === next.owner)
      last = next
      if published.count != expectedPublished || changes.count != expectedChanges { break }
    }
    #expect(expectedChanges > 20, "\(selection): the random writes rarely change the selection")
    #expect(expectedChanges < 399, "\(selection): the random writes rarely keep the selection")
    withExtendedLifetime(subscriptions) {}
  }

  @Test func aDoubleIsComparedWithItsOwnEqualNotItsBits() {
    final class Model {
      @Diff(\.ratio) var state = Mixed()
    }
    let model = Model()
    var published: [Double] = []
    let subscription = model.$state.sink { published.append($0.ratio) }
    model.state.ratio = -0.0  // equal to 0.0: not published
    model.state.ratio = .nan  // published
    model.state.ratio = .nan  // NaN is not equal to itself: published again, as `==` says
    #expect(published.count == 3)
    #expect(published[0] == 0 && published[1].isNaN && published[2].isNaN)
    withExtendedLifetime(subscription) {}
  }

  @Test func everySpellingOfASelectForm() {
    final class Model {
      @Diff(select: { $0.maybe?.x }) var identityOnly: Mixed
      @Diff(\.name, select: { $0.maybe?.x }) var identityWithKeyPath: Mixed
      @Diff(\.name, select: { $0.total }) var initial = Mixed(name: "start")
      @Diff(value: Mixed(count: 3), select: { $0.owner.id }) var valued: Mixed
    }
    let model = Model()
    var seen: [String: Int] = [:]
    let subscriptions = [
      model.$identityOnly.sink { _ in seen["identityOnly", default: 0] += 1 },
      model.$identityWithKeyPath.sink { _ in seen["identityWithKeyPath", default: 0] += 1 },
      model.$initial.sink { _ in seen["initial", default: 0] += 1 },
      model.$valued.sink { _ in seen["valued", default: 0] += 1 },
    ]
    #expect(model.initial.name == "start" && model.valued.count == 3)
    model.identityOnly.maybe = MixedDetail(x: 0, label: "")  // nil → 0: published
    model.identityOnly.maybe?.label = "silent"
    model.identityWithKeyPath.name = "n"  // published
    model.identityWithKeyPath.maybe = MixedDetail(x: 1, label: "")  // published
    model.initial.count = 1  // total changes: published
    model.initial.detail.x = -1  // total back to 0: published
    model.initial.flag = true
    model.valued.owner = MixedOwner(id: 0)  // an equal id: silent
    model.valued.owner = MixedOwner(id: 1)  // published
    #expect(seen == ["identityOnly": 2, "identityWithKeyPath": 3, "initial": 3, "valued": 2])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func changesNameTheKeyPathsAndTheSelectedValue() {
    final class Model {
      @Diff(\.name, \.count, select: { $0.maybe?.x }) var state: Mixed
    }
    let model = Model()
    var changes: [DiffChange<Mixed>] = []
    let subscription = model.$state.changes.sink { changes.append($0) }
    model.state.maybe = MixedDetail(x: 1, label: "")
    model.state.name = "n"
    model.$state.modify {
      $0.count = 2
      $0.maybe = nil
    }
    #expect(changes.map(\.changedKeyPaths) == [[], [\Mixed.name], [\Mixed.count]])
    #expect(changes.map(\.selectedValueChanged) == [true, false, true])
    #expect(changes[2].changed(\Mixed.count) && !changes[2].changed(\Mixed.name))
    withExtendedLifetime(subscription) {}
  }

  @Test func aDiffableKeyPathComparesEachKindOfPart() {
    var a = Mixed()
    var b = Mixed()
    b.detail.label = "other"
    b.owner = MixedOwner(id: 0)
    #expect((\Mixed.detail.x).diffable.valuesAreEqual(a, b))
    #expect(!(\Mixed.detail).diffable.valuesAreEqual(a, b))
    #expect((\Mixed.owner).diffable.valuesAreEqual(a, b))
    #expect((\Mixed.owner.id).diffable.valuesAreEqual(a, b))
    #expect((\Mixed.maybe?.x).diffable.valuesAreEqual(a, b))
    a.maybe = MixedDetail(x: 1, label: "")
    #expect(!(\Mixed.maybe?.x).diffable.valuesAreEqual(a, b))
    #expect(!(\Mixed.maybe).diffable.valuesAreEqual(a, b))
    b.maybe = MixedDetail(x: 1, label: "different")
    #expect((\Mixed.maybe?.x).diffable.valuesAreEqual(a, b))
    #expect((\Mixed.total).diffable.valuesAreEqual(a, b))
    a.mode = .failed(reason: "a", code: 1)
    b.mode = .failed(reason: String(repeating: "a", count: 1), code: 1)
    #expect((\Mixed.mode).diffable.valuesAreEqual(a, b))
    b.mode = .failed(reason: "a", code: 2)
    #expect(!(\Mixed.mode).diffable.valuesAreEqual(a, b))
    b.mode = .failed(reason: "b", code: 1)
    #expect(!(\Mixed.mode).diffable.valuesAreEqual(a, b))
  }
}

@Suite struct DiffSelectReadmeTests {
  /// The README's optional-chain example, as written there.
  @Test func anOptionalChainReadByAClosure() {
    final class Model {
      @Diff(\.user.name, \.friend?.name) var byKeyPath: Account
      @Diff(\.user.name, select: { $0.friend?.name }) var account: Account
    }
    let model = Model()
    var published: [String] = []
    let subscriptions = [
      model.$byKeyPath.sink { published.append("key path: \($0.friend?.name ?? "-")") },
      model.$account.sink { published.append("select: \($0.friend?.name ?? "-")") },
    ]
    for write in [
      { (account: inout Account) in account.friend = Profile(name: "bob", age: 1) },
      { $0.friend?.age = 2 },
      { $0.note = "unselected" },
      { $0.friend = nil },
    ] {
      write(&model.byKeyPath)
      write(&model.account)
    }
    #expect(
      published == [
        "key path: -", "select: -", "key path: bob", "select: bob", "key path: -", "select: -",
      ])
    withExtendedLifetime(subscriptions) {}
  }
}

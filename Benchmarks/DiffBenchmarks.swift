// The @Diff benchmark matrix: each selection on a realistic eight-field state next to its own
// hand-written floor, measured in alternation in the same run, a write that leaves the
// selected parts equal and one that changes the last of them; then a write with 0, 1 and 10
// subscribers and with 10 hooks; then what the relay alone costs per write.
//
// A floor is what a programmer would write by hand for the same selection: take a pthread
// mutex, compare the same fields with their own `==`, store the value (a @Diff write is always
// stored), release the mutex, and call the subscriber's closure if a field differed.

import DiffValue

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(Observation)
  import Observation
#endif

// MARK: The state

/// A nested struct of the benchmark state.
struct BenchmarkDetail: Equatable, Sendable {
  var x: Int
  var label: String
}

/// An enum with payloads, as screens model their loading state.
enum BenchmarkMode: Equatable, Sendable {
  case idle
  case loading(progress: Double)
  case failed(reason: String)
}

/// The realistic state: eight fields of the kinds apps hold.
struct BenchmarkState: Equatable, Sendable {
  var name: String
  var count: Int
  var ratio: Double
  var items: [Int]
  var mode: BenchmarkMode
  var inner: BenchmarkDetail
  var maybe: BenchmarkDetail?
  var flag: Bool

  /// A computed part.
  var total: Int { count + inner.x }

  static let base = BenchmarkState(
    name: "Ada Lovelace, Countess of Lovelace", count: 1, ratio: 0.5, items: [1, 2, 3],
    mode: .loading(progress: 0.25), inner: BenchmarkDetail(x: 1, label: "a nested label"),
    maybe: BenchmarkDetail(x: 2, label: "an optional label"), flag: false)

  /// The base value and a copy with `keyPath` set to `value`.
  static func pair<Part>(
    _ keyPath: WritableKeyPath<BenchmarkState, Part>, _ value: Part
  ) -> [BenchmarkState] {
    var changed = base
    changed[keyPath: keyPath] = value
    return [base, changed]
  }
}

/// A class reached from the state, for a key path through a class.
final class BenchmarkSession: @unchecked Sendable {
  // Written only before the benchmark starts.
  var id: Int
  init(id: Int) { self.id = id }
}

/// A state that holds a class reference.
struct BenchmarkSessionState: Equatable, Sendable {
  var session: BenchmarkSession
  var name: String

  static func == (lhs: BenchmarkSessionState, rhs: BenchmarkSessionState) -> Bool {
    lhs.session === rhs.session && lhs.name == rhs.name
  }
}

// MARK: Floors

/// A hand-written comparison of the fields a selection names.
protocol HandComparison {
  associatedtype State
  static func same(_ lhs: State, _ rhs: State) -> Bool
}

/// The floor: a pthread-mutex-guarded compare by hand, a store, and a closure call per
/// subscriber.
final class HandFloor<Comparison: HandComparison>: @unchecked Sendable {
  typealias State = Comparison.State
  // `current` is guarded by `mutex`.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  let current: UnsafeMutablePointer<State>
  let subscribers: [(State) -> Void]

  init(_ value: State, subscribers: [(State) -> Void]) {
    self.subscribers = subscribers
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    current = .allocate(capacity: 1)
    current.initialize(to: value)
  }

  @inline(never)
  func write(_ value: State) {
    pthread_mutex_lock(mutex)
    let changed = !Comparison.same(current.pointee, value)
    current.pointee = value
    pthread_mutex_unlock(mutex)
    if changed { for subscriber in subscribers { subscriber(value) } }
  }
}

/// A write through the property wrapper, out of line as a property's setter would be.
@inline(never)
func write<State>(_ diff: Diff<State>, _ value: State) {
  diff.wrappedValue = value
}

enum SameCount: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool { a.count == b.count }
}
enum SameNameCount: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool {
    a.name == b.name && a.count == b.count
  }
}
enum SameThree: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool {
    a.name == b.name && a.count == b.count && a.items == b.items
  }
}
enum SameFive: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool {
    a.name == b.name && a.count == b.count && a.ratio == b.ratio && a.items == b.items
      && a.mode == b.mode
  }
}
enum SameSeven: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool {
    a.name == b.name && a.count == b.count && a.ratio == b.ratio && a.items == b.items
      && a.mode == b.mode && a.inner == b.inner && a.flag == b.flag
  }
}
enum SameEight: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool {
    a.name == b.name && a.count == b.count && a.ratio == b.ratio && a.items == b.items
      && a.mode == b.mode && a.inner == b.inner && a.maybe == b.maybe && a.flag == b.flag
  }
}
enum SameNested: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool { a.inner.x == b.inner.x }
}
enum SameOptionalChain: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool { a.maybe?.x == b.maybe?.x }
}
enum SameComputed: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool { a.total == b.total }
}
enum SameWhole: HandComparison {
  static func same(_ a: BenchmarkState, _ b: BenchmarkState) -> Bool { a == b }
}
enum SameSessionID: HandComparison {
  static func same(_ a: BenchmarkSessionState, _ b: BenchmarkSessionState) -> Bool {
    a.session.id == b.session.id
  }
}
enum SameFieldsAB: HandComparison {
  static func same(_ a: Fields, _ b: Fields) -> Bool { a.a == b.a && a.b == b.b }
}
enum NeverSame<State>: HandComparison {
  static func same(_ a: State, _ b: State) -> Bool { false }
}

// MARK: The matrix

/// Prints the table's header.
private func printMatrixHeader() {
  if callgrindIterations != nil { return }
  print("")
  print(
    "Each row: the floor; the relay with the same hand-written comparison"
      + " (`CurrentValueRelay(_:removingDuplicatesBy:)`), which is all @Diff adds to the floor"
      + " besides its own comparison; @Diff; @Diff's ratio to each. One sink.")
  print("")
  print(
    "| selection | unchanged: floor | relay + hand | @Diff | x floor | x relay + hand"
      + " | changed: floor | relay + hand | @Diff | x floor | x relay + hand |")
  print("|---|---|---|---|---|---|---|---|---|---|---|")
}

private func cell(_ pair: Paired) -> String {
  String(format: "%6.1f ns | %6.1f ns | %5.2fx", pair.floor, pair.candidate, pair.ratio)
}

private func tripleCell(_ pair: Paired) -> String {
  String(
    format: "%6.1f ns | %6.1f ns | %6.1f ns | %5.2fx | %5.2fx", pair.floor, pair.reference,
    pair.candidate, pair.ratio, pair.referenceRatio)
}

/// Measures one selection: its `@Diff` against its hand-written floor and against the relay
/// with the same hand-written comparison, with a write that keeps the selected parts equal
/// and one that changes the last of them, one sink each.
private func measureSelection<Comparison: HandComparison>(
  _ label: String, _: Comparison.Type, unchanged: [Comparison.State],
  changed: [Comparison.State], iterations: Int = 200_000,
  _ makeDiff: (Comparison.State) -> Diff<Comparison.State>
) {
  var received = 0
  let diff = makeDiff(unchanged[0])
  let subscription = diff.projectedValue.sink { _ in received &+= 1 }
  let floor = HandFloor<Comparison>(unchanged[0], subscribers: [{ _ in received &+= 1 }])
  let relay = CurrentValueRelay(unchanged[0], removingDuplicatesBy: Comparison.same)
  let relaySubscription = relay.sink { _ in received &+= 1 }
  let same = measureTriple(
    "\(label), unchanged", iterations: iterations,
    floor: { floor.write(unchanged[$0 & 1]) },
    reference: { sendOutOfLine(relay, unchanged[$0 & 1]) },
    candidate: { write(diff, unchanged[$0 & 1]) })
  let different = measureTriple(
    "\(label), changed", iterations: iterations,
    floor: { floor.write(changed[$0 & 1]) },
    reference: { sendOutOfLine(relay, changed[$0 & 1]) },
    candidate: { write(diff, changed[$0 & 1]) })
  blackHole(subscription)
  blackHole(relaySubscription)
  blackHole(received)
  if callgrindIterations == nil {
    print("| \(label) | \(tripleCell(same)) | \(tripleCell(different)) |")
  }
}

/// The @Diff matrix, the subscriber and hook costs, and the relay's own cost per write.
func runDiffBenchmarks(floor: Double) {
  typealias S = BenchmarkState
  let flagFlipped = S.pair(\.flag, true)  // no selection below but the whole value sees it
  printMatrixHeader()
  measureSelection(
    "`\\.count` (1 key path)", SameCount.self, unchanged: flagFlipped,
    changed: S.pair(\.count, 2)
  ) { Diff(wrappedValue: $0, \.count) }
  measureSelection(
    "`\\.name, \\.count`", SameNameCount.self, unchanged: flagFlipped,
    changed: S.pair(\.count, 2)
  ) { Diff(wrappedValue: $0, \.name, \.count) }
  measureSelection(
    "3: `\\.name, \\.count, \\.items`", SameThree.self, unchanged: flagFlipped,
    changed: S.pair(\.items, [1, 2, 4])
  ) { Diff(wrappedValue: $0, \.name, \.count, \.items) }
  measureSelection(
    "5: ... `\\.ratio, \\.items, \\.mode`", SameFive.self, unchanged: flagFlipped,
    changed: S.pair(\.mode, .loading(progress: 0.5))
  ) { Diff(wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode) }
  measureSelection(
    "7: ... `\\.inner, \\.flag`", SameSeven.self, unchanged: S.pair(\.maybe, nil),
    changed: flagFlipped
  ) { Diff(wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.inner, \.flag) }
  measureSelection(
    "8: every field", SameEight.self, unchanged: [S.base, S.base], changed: flagFlipped
  ) {
    Diff(
      wrappedValue: $0, \.name, \.count, \.ratio, \.items, \.mode, \.inner, \.maybe, \.flag)
  }
  measureSelection(
    "`\\.inner.x` (nested)", SameNested.self, unchanged: flagFlipped,
    changed: S.pair(\.inner.x, 7)
  ) { Diff(wrappedValue: $0, \.inner.x) }
  measureSelection(
    "whole value, `@Diff var s`", SameWhole.self, unchanged: [S.base, S.base],
    changed: flagFlipped
  ) { Diff(wrappedValue: $0) }
  measureSelection(
    "`keyPaths: [name, count, items]`", SameThree.self, unchanged: flagFlipped,
    changed: S.pair(\.items, [1, 2, 4])
  ) {
    Diff(
      wrappedValue: $0,
      keyPaths: [(\S.name).diffable, (\S.count).diffable, (\S.items).diffable])
  }
  measureSelection(
    "three-field state, `@Diff(\\.a, \\.b)`", SameFieldsAB.self,
    unchanged: [
      Fields(a: "first", b: 1, c: [1]),
      Fields(a: "first", b: 1, c: [2]),
    ], changed: fieldValues
  ) { Diff(wrappedValue: $0, \.a, \.b) }

  // Not stored: each read goes through the runtime's key-path projection.
  measureSelection(
    "`\\.maybe?.x` (optional-chained)", SameOptionalChain.self, unchanged: flagFlipped,
    changed: S.pair(\.maybe, BenchmarkDetail(x: 3, label: "an optional label")),
    iterations: 20_000
  ) { Diff(wrappedValue: $0, \.maybe?.x) }
  measureSelection(
    "`\\.total` (computed)", SameComputed.self, unchanged: flagFlipped,
    changed: S.pair(\.count, 2), iterations: 20_000
  ) { Diff(wrappedValue: $0, \.total) }
  let sessions = [BenchmarkSession(id: 1), BenchmarkSession(id: 2)]
  let sessionValues = sessions.map { BenchmarkSessionState(session: $0, name: "name") }
  measureSelection(
    "`\\.session.id` (through a class)", SameSessionID.self,
    unchanged: [sessionValues[0], BenchmarkSessionState(session: sessions[0], name: "other")],
    changed: sessionValues, iterations: 20_000
  ) { Diff(wrappedValue: $0, \.session.id) }

  // The same parts read by a closure.
  measureSelection(
    "`select: { $0.maybe?.x }`", SameOptionalChain.self, unchanged: flagFlipped,
    changed: S.pair(\.maybe, BenchmarkDetail(x: 3, label: "an optional label"))
  ) { Diff(wrappedValue: $0, select: { $0.maybe?.x }) }
  measureSelection(
    "`select: { $0.total }`", SameComputed.self, unchanged: flagFlipped,
    changed: S.pair(\.count, 2)
  ) { Diff(wrappedValue: $0, select: { $0.total }) }
  measureSelection(
    "`select: { $0.session.id }`", SameSessionID.self,
    unchanged: [sessionValues[0], BenchmarkSessionState(session: sessions[0], name: "other")],
    changed: sessionValues
  ) { Diff(wrappedValue: $0, select: { $0.session.id }) }

  measureBareKeyPathReads()
  measureSubscribersAndHooks()
  measureRelayWrite()
  runObservationBaseline(floor: floor)
  if callgrindIterations != nil { exit(0) }
}

/// The runtime's key-path read alone, next to the same read written out.
///
/// It is what a key path that is not a stored property costs, twice per write, before anything
/// else. The key paths are hidden from the optimizer, as they are inside a `@Diff`; a literal
/// read in place is folded into a plain field access.
private func measureBareKeyPathReads() {
  let values = BenchmarkState.pair(\.flag, true)
  let sessions = [BenchmarkSession(id: 1), BenchmarkSession(id: 2)]
  let sessionValues = sessions.map { BenchmarkSessionState(session: $0, name: "name") }
  let optionalChain: KeyPath<BenchmarkState, Int?> = opaque(\.maybe?.x)
  let computed: KeyPath<BenchmarkState, Int> = opaque(\.total)
  let throughClass: KeyPath<BenchmarkSessionState, Int> = opaque(\.session.id)
  var sink = 0
  if callgrindIterations == nil {
    print("")
    print("| read of both values and compare | written out | through the key path | x |")
    print("|---|---|---|---|")
  }
  let chain = measurePair(
    "bare read \\.maybe?.x", iterations: 20_000,
    floor: { sink &+= SameOptionalChain.same(values[$0 & 1], values[0]) ? 1 : 0 },
    candidate: {
      sink &+= values[$0 & 1][keyPath: optionalChain] == values[0][keyPath: optionalChain] ? 1 : 0
    })
  let total = measurePair(
    "bare read \\.total", iterations: 20_000,
    floor: { sink &+= SameComputed.same(values[$0 & 1], values[0]) ? 1 : 0 },
    candidate: {
      sink &+= values[$0 & 1][keyPath: computed] == values[0][keyPath: computed] ? 1 : 0
    })
  let session = measurePair(
    "bare read \\.session.id", iterations: 20_000,
    floor: { sink &+= SameSessionID.same(sessionValues[$0 & 1], sessionValues[0]) ? 1 : 0 },
    candidate: {
      sink &+=
        sessionValues[$0 & 1][keyPath: throughClass] == sessionValues[0][keyPath: throughClass]
        ? 1 : 0
    })
  blackHole(sink)
  if callgrindIterations == nil {
    print("| `\\.maybe?.x` | \(cell(chain)) |")
    print("| `\\.total` | \(cell(total)) |")
    print("| `\\.session.id` | \(cell(session)) |")
  }
}

/// Returns its argument, which the optimizer cannot see through.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// A write that changes `count` under `@Diff(\.name, \.count)` with 0, 1 and 10 sinks, and
/// with 10 hooks on different key paths, each against the floor that does the same by hand.
private func measureSubscribersAndHooks() {
  typealias S = BenchmarkState
  let values = S.pair(\.count, 2)
  let iterations = 100_000
  var received = 0
  if callgrindIterations == nil {
    print("")
    print("| `@Diff(\\.name, \\.count)` write, count changes | floor | @Diff | x floor |")
    print("|---|---|---|---|")
  }
  for subscribers in [0, 1, 10] {
    let diff = Diff(wrappedValue: S.base, \.name, \.count)
    let subscriptions = (0..<subscribers).map { _ in
      diff.projectedValue.sink { _ in received &+= 1 }
    }
    let floor = HandFloor<SameNameCount>(
      S.base, subscribers: (0..<subscribers).map { _ in { _ in received &+= 1 } })
    let pair = measurePair(
      "write, \(subscribers) subscribers", iterations: iterations,
      floor: { floor.write(values[$0 & 1]) }, candidate: { write(diff, values[$0 & 1]) })
    blackHole(subscriptions)
    if callgrindIterations == nil { print("| \(subscribers) subscribers | \(cell(pair)) |") }
  }

  // Ten hooks, each on its own key path; the write changes `count`, so one hook runs.
  final class Target {}
  let target = Target()
  let diff = Diff(wrappedValue: S.base, \.name, \.count)
  let hooks = [
    diff.projectedValue.add(\.name, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.count, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.ratio, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.items, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.mode, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.inner, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.maybe, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.flag, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.inner.x, target: target, hook: .closure { _ in received &+= 1 }),
    diff.projectedValue.add(\.inner.label, target: target, hook: .closure { _ in received &+= 1 }),
  ]
  // By hand: each hook keeps the last value it saw of its field and runs when it differs.
  final class Seen<Part>: @unchecked Sendable {
    var value: Part
    init(_ value: Part) { self.value = value }
  }
  func hand<Part: Equatable>(
    _ read: @escaping (BenchmarkState) -> Part
  ) -> (BenchmarkState) -> Void {
    let seen = Seen(read(.base))
    return { value in
      let part = read(value)
      if part != seen.value {
        seen.value = part
        received &+= 1
      }
    }
  }
  let handHooks: [(BenchmarkState) -> Void] = [
    hand { $0.name }, hand { $0.count }, hand { $0.ratio }, hand { $0.items }, hand { $0.mode },
    hand { $0.inner }, hand { $0.maybe }, hand { $0.flag }, hand { $0.inner.x },
    hand { $0.inner.label },
  ]
  let floor = HandFloor<SameNameCount>(S.base, subscribers: handHooks)
  let pair = measurePair(
    "write, 10 hooks", iterations: iterations / 2, floor: { floor.write(values[$0 & 1]) },
    candidate: { write(diff, values[$0 & 1]) })
  blackHole(hooks)
  blackHole(target)
  blackHole(received)
  if callgrindIterations == nil { print("| 10 hooks, 10 key paths | \(cell(pair)) |") }
}

/// What the relay costs per write, for the eight-field state: a relay that never drops a value
/// against a floor that takes the lock, stores, and calls the sinks.
private func measureRelayWrite() {
  let values = BenchmarkState.pair(\.count, 2)
  var received = 0
  if callgrindIterations == nil {
    print("")
    print(
      "| `CurrentValueRelay(_:removingDuplicatesBy: { _, _ in false }).send`, eight-field state"
        + " | floor | relay | x floor |")
    print("|---|---|---|---|")
  }
  for subscribers in [0, 1, 10] {
    let relay = CurrentValueRelay(BenchmarkState.base, removingDuplicatesBy: { _, _ in false })
    let subscriptions = (0..<subscribers).map { _ in relay.sink { _ in received &+= 1 } }
    let floor = HandFloor<NeverSame<BenchmarkState>>(
      .base, subscribers: (0..<subscribers).map { _ in { _ in received &+= 1 } })
    let pair = measurePair(
      "relay send, \(subscribers) sinks", iterations: 100_000,
      floor: { floor.write(values[$0 & 1]) }, candidate: { sendOutOfLine(relay, values[$0 & 1]) })
    blackHole(subscriptions)
    if callgrindIterations == nil { print("| \(subscribers) sinks | \(cell(pair)) |") }
  }
  blackHole(received)
}

/// A relay send, out of line as a property's setter would be.
@inline(never)
func sendOutOfLine<Output>(_ relay: CurrentValueRelay<Output>, _ value: Output) {
  relay.send(value)
}

/// A counter a `@Sendable` handler can bump; each benchmark using it is single-threaded.
final class Counter: @unchecked Sendable {
  var value = 0
}

#if canImport(Observation)
  @Observable
  final class ObservedFields {
    var state = Fields(a: "first", b: 1, c: [])
  }

  /// Swift's Observation, for scale: one mutation plus re-arming `withObservationTracking`.
  func runObservationBaseline(floor: Double) {
    let received = Counter()
    let model = ObservedFields()
    let rearm = {
      withObservationTracking {
        _ = model.state
      } onChange: {
        received.value &+= 1
      }
    }
    rearm()
    print("")
    report(
      "Observation: mutation + re-armed withObservationTracking",
      medianNanoseconds(iterations: 200_000) { index in
        model.state = fieldValues[index & 1]
        rearm()
      }, floor: floor)
    blackHole(received.value)
  }
#else
  func runObservationBaseline(floor: Double) {}
#endif

// Writes as app code writes them, through a class's `@Diff` property: a write to one field
// (`model.state.count = n`), a string append and an array append, each next to the whole-value
// write of the same change and to a hand-written floor that mutates in place; then what
// Observation adds: a tracked write, a part read, and the write a view does not depend on.

import DiffValue
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(Observation)
  import Observation
#endif

// MARK: Models

/// A view model whose state publishes changes of `name` and `count`.
final class NameCountModel: @unchecked Sendable {
  // Written by one thread, the benchmark's.
  @Diff(\.name, \.count) var state = BenchmarkState.base
  init(_ state: BenchmarkState) { self.state = state }
}

/// A view model whose state publishes changes of `items`.
final class ItemsModel: @unchecked Sendable {
  @Diff(\.items) var state = BenchmarkState.base
  init(_ state: BenchmarkState) { self.state = state }
}

/// A view model whose state publishes changes of `count` alone.
final class CountModel: @unchecked Sendable {
  @Diff(\.count) var state = BenchmarkState.base
}

// The writes, out of line as a view model's methods are.
@inline(never) func setCount(_ model: NameCountModel, _ count: Int) { model.state.count = count }
@inline(never) func setFlag(_ model: NameCountModel, _ flag: Bool) { model.state.flag = flag }
@inline(never) func setWhole(_ model: NameCountModel, _ state: BenchmarkState) {
  model.state = state
}
@inline(never) func growName(_ model: NameCountModel, _ index: Int) {
  if index & 1 == 0 { model.state.name += "x" } else { model.state.name.removeLast() }
}
@inline(never) func growItems(_ model: NameCountModel, _ index: Int) {
  if index & 1 == 0 { model.state.items.append(index) } else { model.state.items.removeLast() }
}
@inline(never) func growItems(_ model: ItemsModel, _ index: Int) {
  if index & 1 == 0 { model.state.items.append(index) } else { model.state.items.removeLast() }
}
/// The same string change written as a whole-value write: copy out, change, write back.
@inline(never) func growNameByCopy(_ model: NameCountModel, _ index: Int) {
  var state = model.state
  if index & 1 == 0 { state.name += "x" } else { state.name.removeLast() }
  model.state = state
}
/// The same append written as a whole-value write: copy out, change, write back.
@inline(never) func growItemsByCopy(_ model: NameCountModel, _ index: Int) {
  var state = model.state
  if index & 1 == 0 { state.items.append(index) } else { state.items.removeLast() }
  model.state = state
}
@inline(never) func growItemsByCopy(_ model: ItemsModel, _ index: Int) {
  var state = model.state
  if index & 1 == 0 { state.items.append(index) } else { state.items.removeLast() }
  model.state = state
}

// MARK: The floor

/// What a programmer would write by hand for an in-place write: take the mutex, keep the
/// selected parts' old values, change the stored value in place, compare, release, and call the
/// subscriber if a selected part changed.
final class InPlaceFloor: @unchecked Sendable {
  // `current` is guarded by `mutex`.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  let current: UnsafeMutablePointer<BenchmarkState>
  let subscriber: (BenchmarkState) -> Void

  init(_ value: BenchmarkState, subscriber: @escaping (BenchmarkState) -> Void) {
    self.subscriber = subscriber
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    current = .allocate(capacity: 1)
    current.initialize(to: value)
  }

  /// An in-place write under the selection `name, count`.
  @inline(__always)
  func modifyNameCount(_ body: (inout BenchmarkState) -> Void) {
    pthread_mutex_lock(mutex)
    let name = current.pointee.name
    let count = current.pointee.count
    body(&current.pointee)
    let changed = name != current.pointee.name || count != current.pointee.count
    let value = changed ? current.pointee : nil
    pthread_mutex_unlock(mutex)
    if let value { subscriber(value) }
  }

  /// An in-place write under the selection `items`: the old array is kept to compare with, so
  /// the change copies it, as any comparison with the last published value must.
  @inline(__always)
  func modifyItems(_ body: (inout BenchmarkState) -> Void) {
    pthread_mutex_lock(mutex)
    let items = current.pointee.items
    body(&current.pointee)
    let changed = items != current.pointee.items
    let value = changed ? current.pointee : nil
    pthread_mutex_unlock(mutex)
    if let value { subscriber(value) }
  }

  @inline(never) func setCount(_ count: Int) { modifyNameCount { $0.count = count } }
  @inline(never) func setFlag(_ flag: Bool) { modifyNameCount { $0.flag = flag } }
  @inline(never) func growName(_ index: Int) {
    modifyNameCount { if index & 1 == 0 { $0.name += "x" } else { $0.name.removeLast() } }
  }
  @inline(never) func growItems(_ index: Int, selected: Bool) {
    let body: (inout BenchmarkState) -> Void = {
      if index & 1 == 0 { $0.items.append(index) } else { $0.items.removeLast() }
    }
    if selected { modifyItems(body) } else { modifyNameCount(body) }
  }
}

// MARK: In-place writes

/// The in-place rows: each write through the wrapper next to the hand-written in-place floor
/// and to the whole-value write of the same change, one sink each.
func runDiffWriteBenchmarks() {
  var received = 0
  let sink: (BenchmarkState) -> Void = { _ in received &+= 1 }
  print("")
  print(
    "Writes through a class's `@Diff` property, one sink: the hand-written in-place floor; the"
      + " whole-value write of the same change (`model.state = value`); the write to a part;"
      + " its ratio to each.")
  print("")
  print("| write | floor | whole value | to the part | x floor | x whole value |")
  print("|---|---|---|---|---|---|")
  func row(
    _ label: String, iterations: Int = 200_000, floor: (Int) -> Void, whole: (Int) -> Void,
    part: (Int) -> Void
  ) {
    let pair = withoutActuallyEscaping(whole) { whole in
      measureTriple(
        label, iterations: iterations, floor: floor, reference: whole, candidate: part)
    }
    let figures = String(
      format: "%6.1f ns | %6.1f ns | %6.1f ns | %5.2fx | %5.2fx", pair.floor, pair.reference,
      pair.candidate, pair.ratio, pair.referenceRatio)
    print("| \(label) | \(figures) |")
  }
  let base = BenchmarkState.base
  let wholeModel = NameCountModel(base)
  let partModel = NameCountModel(base)
  let floor = InPlaceFloor(base, subscriber: sink)
  let subscriptions = [
    wholeModel.$state.sink(receiveValue: sink), partModel.$state.sink(receiveValue: sink),
  ]

  let counts = BenchmarkState.pair(\.count, 2)
  row(
    "`@Diff(\\.name, \\.count)`: `model.state.count = n`, changed",
    floor: { floor.setCount(1 + $0 & 1) }, whole: { setWhole(wholeModel, counts[$0 & 1]) },
    part: { setCount(partModel, 1 + $0 & 1) })
  let flags = BenchmarkState.pair(\.flag, true)
  row(
    "`model.state.flag = b`, unselected", floor: { floor.setFlag($0 & 1 == 1) },
    whole: { setWhole(wholeModel, flags[$0 & 1]) }, part: { setFlag(partModel, $0 & 1 == 1) })
  var longer = base
  longer.name += "x"
  let names = [longer, base]
  row(
    "`model.state.name += \"x\"` and `removeLast()`, changed", floor: { floor.growName($0) },
    whole: { setWhole(wholeModel, names[$0 & 1]) }, part: { growName(partModel, $0) })
  // The whole-value write above sends strings built beforehand; written as a whole-value write
  // (copy out, change, write back), the same change copies the string's buffer as the write to
  // the part and the floor do, since the stored value still holds it.
  row(
    "the same, against the whole-value write of the change (copy out, change, write back)",
    floor: { floor.growName($0) }, whole: { growNameByCopy(wholeModel, $0) },
    part: { growName(partModel, $0) })

  for count in [1_000, 100_000] {
    var state = base
    state.items = Array(0..<count)
    let wholeModel = NameCountModel(state)
    let partModel = NameCountModel(state)
    let floor = InPlaceFloor(state, subscriber: sink)
    let selectedWhole = ItemsModel(state)
    let selectedPart = ItemsModel(state)
    let selectedFloor = InPlaceFloor(state, subscriber: sink)
    let more =
      [wholeModel, partModel].map { $0.$state.sink(receiveValue: sink) }
      + [selectedWhole, selectedPart].map { $0.$state.sink(receiveValue: sink) }
    let iterations = count > 10_000 ? 2_000 : 20_000
    row(
      "`model.state.items.append(x)` and `removeLast()`, unselected, \(count) items",
      iterations: iterations, floor: { floor.growItems($0, selected: false) },
      whole: { growItemsByCopy(wholeModel, $0) }, part: { growItems(partModel, $0) })
    row(
      "`@Diff(\\.items)`: the same, selected, \(count) items", iterations: iterations,
      floor: { selectedFloor.growItems($0, selected: true) },
      whole: { growItemsByCopy(selectedWhole, $0) }, part: { growItems(selectedPart, $0) })
    blackHole(more)
  }
  blackHole(subscriptions)
  blackHole(received)
  runObservationWriteBenchmarks()
}

// MARK: Observation

#if canImport(Observation)
  /// The same state in an `@Observable` class: what Observation alone gives.
  @Observable
  final class ObservableStateModel: @unchecked Sendable {
    var state = BenchmarkState.base
  }

  /// A read tracked by `withObservationTracking`, re-armed after each change it is told of,
  /// as SwiftUI re-evaluates a `body`; counts the times it was told.
  final class TrackedRead: @unchecked Sendable {
    // Used by one thread, the benchmark's.
    var told = 0
    var sum = 0
    let read: () -> Int
    var armed = false

    init(_ read: @escaping () -> Int) {
      self.read = read
      arm()
    }

    /// Reads under tracking again if the last read was told of a change.
    @inline(__always)
    func rearmIfTold() { if !armed { arm() } }

    private func arm() {
      armed = true
      sum &+= withObservationTracking(read) { [unowned self] in
        told &+= 1
        armed = false
      }
    }
  }

  /// What taking part in Observation costs and saves: a read with nobody observing, a tracked
  /// write re-armed as SwiftUI re-arms a `body`, a per-part tracked read, and a write to a
  /// field the view does not show.
  func runObservationWriteBenchmarks() {
    print("")
    print("| Observation | baseline | baseline figure | DiffValue | x baseline | views told |")
    print("|---|---|---|---|---|---|")
    func row(_ label: String, _ baseline: String, _ pair: Paired, note: String = " – |") {
      let figures = String(
        format: "%6.1f ns | %6.1f ns | %5.2fx", pair.floor, pair.candidate, pair.ratio)
      print("| \(label) | \(baseline) | \(figures) |\(note)")
    }
    let diffModel = NameCountModel(.base)
    let observable = ObservableStateModel()
    let relay = CurrentValueRelay(BenchmarkState.base)
    var sum = 0

    let read = measurePair(
      "read, nobody observing", iterations: 1_000_000,
      floor: { _ in sum &+= readCount(relay) }, candidate: { _ in sum &+= readCount(diffModel) })
    row("`model.state.count`, nobody observing", "`CurrentValueRelay.value.count`", read)

    /// A write of `count` and the view re-armed: armed, told, re-armed, as SwiftUI does, so that
    /// no tracking piles up in the registrar while the row runs. The views stay alive to the end:
    /// their last trackings are told by the rows after theirs.
    var views: [TrackedRead] = []
    func writeAndRearm(_ label: String, diffRead: @escaping () -> Int) -> Paired {
      let observedView = TrackedRead { observable.state.count }
      let diffView = TrackedRead(diffRead)
      views += [observedView, diffView]
      return measurePair(
        label, iterations: 100_000,
        floor: { index in
          observable.state.count = 1 + index & 1
          observedView.rearmIfTold()
        },
        candidate: { index in
          setCount(diffModel, 1 + index & 1)
          diffView.rearmIfTold()
        })
    }
    let tracked = writeAndRearm("write + re-armed tracking") { diffModel.state.count }
    row(
      "`model.state.count = n` + re-armed `withObservationTracking`", "`@Observable`", tracked)
    let partRead = writeAndRearm("tracked part read") { diffModel.$state[\.count] }
    row(
      "`model.state.count = n` + re-armed tracked read of the part, `$state[\\.count]`",
      "`@Observable` `state.count`", partRead)

    let countOnly = CountModel()
    let viewOfObservable = TrackedRead { observable.state.count }
    let viewOfDiff = TrackedRead { countOnly.state.count }
    let (toldBefore, diffToldBefore) = (viewOfObservable.told, viewOfDiff.told)
    let other = measurePair(
      "write to a field the view does not read", iterations: 100_000,
      floor: { index in
        observable.state.flag = index & 1 == 1
        viewOfObservable.rearmIfTold()
      },
      candidate: { index in
        countOnly.state.flag = index & 1 == 1
        viewOfDiff.rearmIfTold()
      })
    row(
      "view shows `count`, the write changes `flag` (eight-field state)", "`@Observable`", other,
      note: " `@Observable` \(viewOfObservable.told - toldBefore) times,"
        + " `@Diff(\\.count)` \(viewOfDiff.told - diffToldBefore) |")
    blackHole(sum)
    blackHole(views.count)
  }

  @inline(never) func readCount(_ relay: CurrentValueRelay<BenchmarkState>) -> Int {
    relay.value.count
  }
  @inline(never) func readCount(_ model: NameCountModel) -> Int { model.state.count }
#else
  func runObservationWriteBenchmarks() {}
#endif

import DiffValue
import Dispatch
import MallocCounter
import Observation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// What one observed object costs, the axis apps grow along (a model per row, per document, per
// cell): heap allocations and bytes per object, and the time to create and to destroy one, for
// N objects of a final class holding one four-field struct, each way of observing it next to a
// plain class and an `@Observable` one measured in the same run. Medians of three runs; the
// bytes are the allocator's own statistics (chunk headers and rounding included), the
// allocations are counted by replacing malloc in this process (Linux) or by the zone's
// statistics (Apple platforms).

/// The state every row holds: four fields, 40 bytes.
struct FootprintState: Equatable, Sendable {
  var a = 0
  var b = 0
  var c = ""
  var d = false
}

/// The floor: the state in a plain class.
final class PlainHolder {
  var state = FootprintState()
}

/// The state in an `@Observable` class.
@Observable final class ObservableHolder {
  var state = FootprintState()
}

/// The state in a `CurrentValueRelay`, as a relay-based model holds it.
final class RelayHolder {
  let state = CurrentValueRelay(FootprintState())
}

/// `@Diff(\.a)`.
final class DiffOneKeyPathHolder {
  @Diff(\.a) var state = FootprintState()
}

/// `@Diff` on the whole value.
final class DiffWholeHolder {
  @Diff var state = FootprintState()
}

/// `@Diff(\.a, \.b, \.c)`.
final class DiffThreeKeyPathsHolder {
  @Diff(\.a, \.b, \.c) var state = FootprintState()
}

/// One row's figures.
struct FootprintFigures {
  var allocations: Double
  var bytes: Double
  var create: Double
  var destroy: Double
}

/// Creates `count` objects with `make` into an array reserved beforehand, then destroys them,
/// counting and timing each side.
func footprint<Object>(count: Int, _ make: () -> Object) -> FootprintFigures {
  var objects: [Object] = []
  objects.reserveCapacity(count)
  let bytesBefore = malloc_counter_bytes_in_use()
  malloc_counter_start()
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<count { objects.append(make()) }
  let created = DispatchTime.now().uptimeNanoseconds
  let allocations = malloc_counter_allocations()
  let bytes = malloc_counter_bytes_in_use() - bytesBefore
  objects.removeAll(keepingCapacity: true)
  let destroyed = DispatchTime.now().uptimeNanoseconds
  malloc_counter_stop()
  let perObject = Double(count)
  return FootprintFigures(
    allocations: Double(allocations) / perObject, bytes: Double(bytes) / perObject,
    create: Double(created - start) / perObject, destroy: Double(destroyed - created) / perObject)
}

/// The median of three runs, figure by figure.
func medianFootprint<Object>(count: Int, _ make: () -> Object) -> FootprintFigures {
  let runs = (0..<3).map { _ in footprint(count: count, make) }
  return FootprintFigures(
    allocations: median(runs.map(\.allocations)), bytes: median(runs.map(\.bytes)),
    create: median(runs.map(\.create)), destroy: median(runs.map(\.destroy)))
}

/// An object and what keeps its observation alive, destroyed together.
struct Observed<Object> {
  let object: Object
  let kept: AnyObject?
}

func runFootprintBenchmarks() {
  guard malloc_counter_is_available() else {
    print("footprint: allocations cannot be counted on this platform")
    return
  }
  // Freed memory stays with the allocator, so that each of a row's three runs creates its
  // objects in memory the run before freed, as an app that keeps making rows does. Otherwise
  // glibc may hand the freed pages back to the system between runs, or not, depending on how the
  // freed chunks coalesce: the same code measured 350 or 700 ns to create a relay and its sink
  // from one build to the next, as its chunks changed sizes (the page faults of fresh memory are
  // the difference). Every row, and the baselines, run this way.
  malloc_counter_keep_freed_memory()
  for count in [100_000, 1_000_000] {
    print("")
    print(
      "| per object, \(count) objects | allocations | heap bytes | create | destroy | "
        + "x `@Observable` bytes |")
    print("|---|---|---|---|---|---|")
    var observableBytes = 1.0
    // `BENCHMARK_FOOTPRINT_ROW=<text>` measures only the rows whose label contains it (and
    // `@Observable`, the ratio's base), so that a row can run in a process of its own, on a heap
    // no row before it has used.
    let only = getenv("BENCHMARK_FOOTPRINT_ROW").map { String(cString: $0) }
    func row(_ label: String, _ measure: @autoclosure () -> FootprintFigures) {
      if let only, !label.contains(only) { return }
      let figures = measure()
      let bytes = String(format: "%.0f", figures.bytes)
      print(
        "| \(label) | \(String(format: "%.1f", figures.allocations)) | \(bytes) | "
          + "\(nanoseconds(figures.create)) | \(nanoseconds(figures.destroy)) | "
          + String(format: "%.2fx |", figures.bytes / observableBytes))
    }
    let observable = medianFootprint(count: count) { ObservableHolder() }
    observableBytes = observable.bytes
    row("plain class (the floor)", medianFootprint(count: count) { PlainHolder() })
    row("`@Observable` class", observable)
    row(
      "`@Observable`, read in `withObservationTracking`",
      medianFootprint(count: count) { () -> ObservableHolder in
        let holder = ObservableHolder()
        withObservationTracking {
          _ = holder.state
        } onChange: {
        }
        return holder
      })
    row("`CurrentValueRelay`", medianFootprint(count: count) { RelayHolder() })
    row(
      "`CurrentValueRelay` + 1 sink",
      medianFootprint(count: count) { () -> Observed<RelayHolder> in
        let holder = RelayHolder()
        return Observed(object: holder, kept: holder.state.sink { _ in })
      })
    row("**`@Diff(\\.a)`**", medianFootprint(count: count) { DiffOneKeyPathHolder() })
    row("`@Diff` (whole value)", medianFootprint(count: count) { DiffWholeHolder() })
    row("`@Diff(\\.a, \\.b, \\.c)`", medianFootprint(count: count) { DiffThreeKeyPathsHolder() })
    row(
      "`@Diff(\\.a)`, read once",
      medianFootprint(count: count) { () -> DiffOneKeyPathHolder in
        let holder = DiffOneKeyPathHolder()
        _ = holder.state
        return holder
      })
    row(
      "`@Diff(\\.a)`, read in `withObservationTracking`",
      medianFootprint(count: count) { () -> DiffOneKeyPathHolder in
        let holder = DiffOneKeyPathHolder()
        withObservationTracking {
          _ = holder.state
        } onChange: {
        }
        return holder
      })
    row(
      "**`@Diff(\\.a)` + 1 sink**",
      medianFootprint(count: count) { () -> Observed<DiffOneKeyPathHolder> in
        let holder = DiffOneKeyPathHolder()
        return Observed(object: holder, kept: holder.$state.sink { _ in })
      })
  }
}

/// A time in nanoseconds or microseconds, as the table shows it.
func nanoseconds(_ value: Double) -> String {
  value >= 1_000 ? String(format: "%.2f µs", value / 1_000) : String(format: "%.0f ns", value)
}

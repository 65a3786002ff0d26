import DiffValue

#if canImport(Observation)
  import Observation
#endif

/// The model every `@Diff` benchmark writes to.
final class DiffBenchmarkModel {
  @Diff(\.a, \.b) var state = Fields(a: "first", b: 1, c: [])
}

/// A write to `@Diff(\.a, \.b) var state` with one sink: when no selected part changes, and
/// when one does.
func runDiffBenchmarks(floor: Double) {
  let iterations = 1_000_000
  var received = 0
  let model = DiffBenchmarkModel()
  let subscription = model.$state.sink { received &+= $0.b }

  let unchangedSelection = [
    Fields(a: "first", b: 1, c: [1]),
    Fields(a: "first", b: 1, c: [2]),
  ]
  report(
    "@Diff(\\.a, \\.b) write, 1 sink, selection unchanged",
    medianNanoseconds(iterations: iterations) { model.state = unchangedSelection[$0 & 1] },
    floor: floor)
  report(
    "@Diff(\\.a, \\.b) write, 1 sink, selection changed",
    medianNanoseconds(iterations: iterations) { model.state = fieldValues[$0 & 1] },
    floor: floor)
  blackHole(subscription)
  blackHole(received)
  runObservationBaseline(floor: floor)
}

#if canImport(Observation)
  /// A counter the `@Sendable` change handler can bump; the benchmark is single-threaded.
  final class Counter: @unchecked Sendable {
    var value = 0
  }

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

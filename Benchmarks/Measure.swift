import Dispatch
import Foundation

// Instruction counts, repeatable on a loaded machine: with BENCHMARK_CALLGRIND_ITERATIONS=N
// each measurement of the @Diff matrix prints its label and runs its loop once, N iterations,
// and the process stops after the matrix; with BENCHMARK_CALLGRIND_ONLY=<label> as well, only
// the loop of that label runs. Under callgrind, collecting only inside `measuredLoop`:
//
//   .build/release/Benchmarks | sed -n 's/^callgrind part: //p' ... (labels, with N set)
//   BENCHMARK_CALLGRIND_ITERATIONS=20000 BENCHMARK_CALLGRIND_ONLY="$label" \
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
//     --callgrind-out-file=/tmp/cg.out .build/release/Benchmarks
//
// the `totals:` line of /tmp/cg.out divided by N is the instructions per iteration.

/// The iterations of each measured loop when counting instructions, or `nil` when timing.
let callgrindIterations: Int? = ProcessInfo.processInfo
  .environment["BENCHMARK_CALLGRIND_ITERATIONS"].flatMap { Int($0) }

/// Runs `body` for the iterations `0..<iterations`; the unit callgrind counts.
@inline(never)
func measuredLoop(_ iterations: Int, _ body: (Int) -> Void) {
  for index in 0..<iterations { body(index) }
}

/// Times one run of `measuredLoop`, in nanoseconds per iteration.
private func timedLoop(_ iterations: Int, _ body: (Int) -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  measuredLoop(iterations, body)
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start) / Double(iterations)
}

/// The one loop to count, when only one is.
let callgrindOnly = ProcessInfo.processInfo.environment["BENCHMARK_CALLGRIND_ONLY"]

/// In callgrind mode, names a measured loop and runs it if it is the one to count.
private func countedLoop(_ label: String, _ iterations: Int, _ body: (Int) -> Void) {
  print("callgrind part: \(label)")
  guard callgrindOnly == nil || callgrindOnly == label else { return }
  for index in 0..<min(iterations, 1_000) { body(index) }  // warm up, outside the count
  measuredLoop(iterations, body)
}

/// The median over several samples of the time one operation takes, in nanoseconds.
///
/// Each sample runs `body` `iterations` times; `body` receives the iteration index so it can
/// alternate inputs. The median resists the noise of a shared machine.
func medianNanoseconds(
  samples: Int = 15, iterations: Int, _ body: (Int) -> Void
) -> Double {
  if let callgrindIterations {
    countedLoop("(unnamed)", callgrindIterations, body)
    return 1
  }
  for index in 0..<min(iterations, 10_000) { body(index) }  // warm up
  var results: [Double] = []
  for _ in 0..<samples { results.append(timedLoop(iterations, body)) }
  return median(results)
}

/// A candidate next to its floor, and optionally a reference, measured in the same run.
struct Paired {
  /// The floor's median, in nanoseconds per operation.
  var floor: Double
  /// The candidate's median, in nanoseconds per operation.
  var candidate: Double
  /// The median of the per-sample ratios candidate / floor: each ratio compares two samples
  /// taken back to back, so a change in the machine's load cancels out.
  var ratio: Double
  /// The reference's median, when there is one.
  var reference: Double = 0
  /// The median of the per-sample ratios candidate / reference.
  var referenceRatio: Double = 0
}

/// Measures a candidate and its floor in alternation, sample by sample.
///
/// - Parameters:
///   - label: What the pair measures, for callgrind's part list.
///   - samples: How many samples of each.
///   - iterations: Operations per sample.
///   - floor: The hand-written baseline.
///   - candidate: What is measured against it.
func measurePair(
  _ label: String, samples: Int = 21, iterations: Int, floor: (Int) -> Void,
  candidate: (Int) -> Void
) -> Paired {
  measureTriple(
    label, samples: samples, iterations: iterations, floor: floor, reference: nil,
    candidate: candidate)
}

/// Measures a candidate, its floor and a reference in rotation, sample by sample.
///
/// - Parameters:
///   - label: What is measured, for callgrind's part list.
///   - samples: How many samples of each.
///   - iterations: Operations per sample.
///   - floor: The hand-written baseline.
///   - reference: A second baseline, if any.
///   - candidate: What is measured against them.
func measureTriple(
  _ label: String, samples: Int = 21, iterations: Int, floor: (Int) -> Void,
  reference: ((Int) -> Void)?, candidate: (Int) -> Void
) -> Paired {
  if let callgrindIterations {
    countedLoop("\(label) / floor", callgrindIterations, floor)
    if let reference { countedLoop("\(label) / reference", callgrindIterations, reference) }
    countedLoop("\(label) / candidate", callgrindIterations, candidate)
    return Paired(floor: 1, candidate: 1, ratio: 1, reference: 1, referenceRatio: 1)
  }
  for index in 0..<min(iterations, 10_000) {
    floor(index)
    reference?(index)
    candidate(index)
  }
  var floors: [Double] = []
  var references: [Double] = []
  var candidates: [Double] = []
  var ratios: [Double] = []
  var referenceRatios: [Double] = []
  for sample in 0..<samples {
    // Rotate which goes first, so that none always runs right after another.
    var floorTime = 0.0
    var referenceTime = 0.0
    var candidateTime = 0.0
    for slot in 0..<3 {
      switch (sample + slot) % 3 {
      case 0: floorTime = timedLoop(iterations, floor)
      case 1: if let reference { referenceTime = timedLoop(iterations, reference) }
      default: candidateTime = timedLoop(iterations, candidate)
      }
    }
    floors.append(floorTime)
    candidates.append(candidateTime)
    ratios.append(candidateTime / floorTime)
    if reference != nil {
      references.append(referenceTime)
      referenceRatios.append(candidateTime / referenceTime)
    }
  }
  var result = Paired(floor: median(floors), candidate: median(candidates), ratio: median(ratios))
  if reference != nil {
    result.reference = median(references)
    result.referenceRatio = median(referenceRatios)
  }
  return result
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Prints one row of a benchmark table: the figure and, when given, its ratio to a floor.
func report(_ name: String, _ nanoseconds: Double, floor: Double? = nil) {
  if callgrindIterations != nil { return }
  let figure = String(format: "%9.1f ns", nanoseconds)
  let ratio = floor.map { String(format: "  %5.2fx floor", nanoseconds / $0) } ?? ""
  print("| \(name.padding(toLength: 58, withPad: " ", startingAt: 0)) | \(figure)\(ratio) |")
}

/// Keeps a value alive until this call and opaque to the optimizer.
///
/// Not optimized, so that no specialization drops the unused argument: a subscription passed
/// here after a loop must stay attached during the loop.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

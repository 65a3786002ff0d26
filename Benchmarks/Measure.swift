import Dispatch
import Foundation

/// The median over several samples of the time one operation takes, in nanoseconds.
///
/// Each sample runs `body` `iterations` times; `body` receives the iteration index so it can
/// alternate inputs. The median resists the noise of a shared machine.
@inline(never)
func medianNanoseconds(
  samples: Int = 15, iterations: Int, _ body: (Int) -> Void
) -> Double {
  for index in 0..<min(iterations, 10_000) { body(index) }  // warm up
  var results: [Double] = []
  for _ in 0..<samples {
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<iterations { body(index) }
    let end = DispatchTime.now().uptimeNanoseconds
    results.append(Double(end - start) / Double(iterations))
  }
  results.sort()
  return results[results.count / 2]
}

/// Prints one row of a benchmark table: the figure and, when given, its ratio to a floor.
func report(_ name: String, _ nanoseconds: Double, floor: Double? = nil) {
  let figure = String(format: "%9.1f ns", nanoseconds)
  let ratio = floor.map { String(format: "  %5.2fx floor", nanoseconds / $0) } ?? ""
  print("| \(name.padding(toLength: 58, withPad: " ", startingAt: 0)) | \(figure)\(ratio) |")
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {}

// Release-mode benchmarks: `swift run -c release Benchmarks`. Every figure is the median
// over 15 samples; ratios are to the stricter (pthread) floor measured in this same run.
// `swift run -c release Benchmarks operators` runs only the operator benchmarks.
let onlyOperators = CommandLine.arguments.dropFirst().first == "operators"
print("| benchmark | median |")
print("|---|---|")
if !onlyOperators {
  let floors = measureFloors()
  report("floor: Mutex-guarded compare + closure call", floors.mutex)
  report("floor: pthread-mutex-guarded compare + closure call", floors.pthread)
  runRelayBenchmarks(floor: floors.pthread)
  runDiffBenchmarks(floor: floors.pthread)
}
// Operators, each next to its own floor: the same pipeline written by hand.
runOperatorBenchmarks()
if !onlyOperators {
  print("")
  runListDiffBenchmarks()
}

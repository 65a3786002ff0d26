// Release-mode benchmarks: `swift run -c release Benchmarks`. Every figure is the median
// over 15 samples; ratios are to the stricter (pthread) floor measured in this same run.
print("| benchmark | median |")
print("|---|---|")
let floors = measureFloors()
report("floor: Mutex-guarded compare + closure call", floors.mutex)
report("floor: pthread-mutex-guarded compare + closure call", floors.pthread)
runRelayBenchmarks(floor: floors.pthread)
runDiffBenchmarks(floor: floors.pthread)
print("")
runListDiffBenchmarks()
runReceiveOnBenchmarks()

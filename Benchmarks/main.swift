// Release-mode benchmarks: `swift run -c release Benchmarks [relay|diff|writes|operators|receive
// |footprint|rows|list|updater|snapshot ...]`, every group when none is named. Every figure is a median (15 samples for the relay and
// operator rows, 21 of each side for the `@Diff` matrix, 5 to 301 runs for the list diffs, as
// each group sets; the list diffs print their minimum too, and are timed in the
// ListDiffBenchmarks library, which sees ListDiffKit's public API only); ratios are to a floor
// measured in this same run.
import ListDiffBenchmarks

let groups = Set(CommandLine.arguments.dropFirst())
func runs(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

print("| benchmark | median |")
print("|---|---|")
let floors = measureFloors()
if let mutex = floors.mutex { report("floor: Mutex-guarded compare + closure call", mutex) }
report("floor: pthread-mutex-guarded compare + closure call", floors.pthread)
if runs("relay") { runRelayBenchmarks(floor: floors.pthread) }
if runs("diff") { runDiffBenchmarks(floor: floors.pthread) }
// Writes through a class's `@Diff` property, in place, and what Observation adds.
if runs("writes") { runDiffWriteBenchmarks() }
// Operators, each next to its own floor: the same pipeline written by hand.
if runs("operators") { runOperatorBenchmarks() }
// receive(on:): a backlog behind a suspended queue, and a ping-pong, next to plain Dispatch.
if runs("receive") { runReceiveOnBenchmarks() }
// What one observed object costs: allocations, bytes, create and destroy time.
if runs("footprint") { runFootprintBenchmarks() }
// A list of rows as SwiftUI observes it: a list view and a view per row, each re-armed when told.
if runs("rows") { runRowBenchmarks() }
if runs("list") {
  print("")
  runListDiffBenchmarks()
}
// The list updater's own cost beyond the diff, next to the bare diff.
if runs("updater") {
  print("")
  MainActor.assumeIsolated { runListUpdaterBenchmarks() }
}
// Snapshots by the diffable data source's names: building one, applying one with churn; an
// outline's node expanded and collapsed.
if runs("snapshot") {
  print("")
  MainActor.assumeIsolated {
    runListSnapshotBenchmarks()
    runListOutlineBenchmarks()
  }
}

import Foundation
// The driver of Scripts/listdiff-instruction-counts.sh: builds one scenario's inputs (chosen by
// the first argument) from a fixed seed, runs the diff once to warm up, then once inside
// `measured`, the only function callgrind counts.
import ListDiffKit

struct UItem: Identifiable, Hashable, Diffable {
  var id: UUID
  var revision: Int
}
func freshUUID() -> UItem {
  let bytes = (random.next(), random.next())
  return UItem(id: UUID(uuid: unsafeBitCast(bytes, to: uuid_t.self)), revision: 0)
}

struct Item: Identifiable, Hashable, Diffable {
  var id: Int
  var revision: Int
}
/// Sections use the item type as their model too.
typealias Section = ListSection<Item, Item>

struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// The measured body goes through a global, so that the optimizer cannot specialize `measured`
// (callgrind counts only `measured`, by name).
nonisolated(unsafe) var measuredBody: () -> Int = { 0 }
@inline(never) func measured() -> Int { measuredBody() }
func warmedUp(_ body: @escaping () -> Int) -> Int {
  _ = body()  // one-time costs (metadata instantiation, lazy binding) stay out of the count
  measuredBody = body
  return measured()
}

nonisolated(unsafe) var random = SplitMix(state: 42)
nonisolated(unsafe) var nextID = 0
func freshItem() -> Item {
  nextID += 1
  return Item(id: nextID, revision: 0)
}
func dkScenario(count: Int, delete: Range<Int>, insert: Range<Int>, shuffle: Range<Int>) -> (
  [Item], [Item]
) {
  let old = (0..<count).map { _ in freshItem() }
  var new = old
  new.removeSubrange(delete)
  new.insert(contentsOf: insert.map { _ in freshItem() }, at: insert.lowerBound)
  new[shuffle].shuffle(using: &random)
  return (old, new)
}
func sectioned(sections: Int, items: Int) -> ([Section], [Section]) {
  func section() -> Section {
    nextID += 1
    return ListSection(Item(id: nextID, revision: 0), items: (0..<items).map { _ in freshItem() })
  }
  let old = (0..<sections).map { _ in section() }
  var new = old
  new.removeSubrange(3..<5)
  new.insert(contentsOf: (0..<2).map { _ in section() }, at: 12)
  let moved = new[20..<22]
  new.removeSubrange(20..<22)
  new.insert(contentsOf: moved, at: 6)
  for index in stride(from: 0, to: sections, by: 7) { new[index].model.revision = 1 }
  for index in new.indices {
    new[index].items.removeSubrange(10..<14)
    new[index].items.insert(contentsOf: (0..<4).map { _ in freshItem() }, at: 50)
    let m = new[index].items[90..<93]
    new[index].items.removeSubrange(90..<93)
    new[index].items.insert(contentsOf: m, at: 5)
    for item in stride(from: 0, to: items - 10, by: 17) { new[index].items[item].revision = 1 }
  }
  for index in 0..<40 {
    let item = new[index % sections].items.removeLast()
    new[(index + 7) % sections].items.insert(item, at: 30)
  }
  return (old, new)
}

let scenario = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "all"
nonisolated(unsafe) var result = 0
switch scenario {
case "dk5000":
  let (old, new) = dkScenario(
    count: 5_000, delete: 2_000..<3_000, insert: 3_000..<4_000, shuffle: 0..<200)
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "dk100kUUID":
  let old = (0..<100_000).map { _ in freshUUID() }
  var new = old
  new.removeSubrange(20_000..<30_000)
  new.insert(contentsOf: (0..<10_000).map { _ in freshUUID() }, at: 30_000)
  new[0..<2_000].shuffle(using: &random)
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "dk1MUUID":
  let old = (0..<1_000_000).map { _ in freshUUID() }
  var new = old
  new.removeSubrange(200_000..<300_000)
  new.insert(contentsOf: (0..<100_000).map { _ in freshUUID() }, at: 300_000)
  new[0..<20_000].shuffle(using: &random)
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "shuffled100kUUID":
  let old = (0..<100_000).map { _ in freshUUID() }
  let new = old.shuffled(using: &random)
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "shuffled":
  let old = (0..<20_000).map { _ in freshItem() }
  let new = old.shuffled(using: &random)
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "updated":
  let old = (0..<20_000).map { _ in freshItem() }
  let new = old.map { Item(id: $0.id, revision: 1) }
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "oneid":
  let old = (0..<20_000).map { _ in Item(id: 7, revision: 0) }
  let new = (0..<20_000).map { index in Item(id: 7, revision: index % 3 == 0 ? 1 : 0) }
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "replaceAll":
  let old = (0..<20_000).map { index in Item(id: index % 5_000, revision: 0) }
  let new = old.shuffled(using: &random)
  result = warmedUp { ListDiff(old: old, new: new, duplicates: .replaceAll).changeCount }
case "dupsShuffled":
  let old = (0..<20_000).map { index in Item(id: index % 3_000, revision: 0) }
  let new = old.shuffled(using: &random)
  result = warmedUp { ListDiff(old: old, new: new).changeCount }
case "sectioned":
  let (old, new) = sectioned(sections: 40, items: 300)
  result = warmedUp { SectionedListDiff(old: old, new: new).changeCount }
case "sectionedSingle":
  let (old, new) = sectioned(sections: 40, items: 300)
  result = warmedUp { SectionedListDiff(old: old, new: new, staging: .singleBatch).changeCount }
case "checker":
  let (old, new) = sectioned(sections: 40, items: 300)
  let diff = SectionedListDiff(old: old, new: new)
  result = warmedUp { BatchUpdateChecker.check(diff, old: old, new: new) == nil ? 1 : 0 }
case "batchUpdate":
  let (old, new) = dkScenario(
    count: 5_000, delete: 2_000..<3_000, insert: 3_000..<4_000, shuffle: 0..<200)
  let changed = new.enumerated().map {
    $0.offset % 10 == 0 ? Item(id: $0.element.id, revision: 1) : $0.element
  }
  let diff = ListDiff(old: old, new: changed)
  result = warmedUp { diff.batchUpdate().changeCount }
default:
  print("unknown scenario")
}
// For a profiler (perf record), LISTDIFF_REPEAT=N runs the measured diff N more times, and
// prints the median of their wall-clock times on the standard error.
if let repeats = ProcessInfo.processInfo.environment["LISTDIFF_REPEAT"].flatMap({ Int($0) }) {
  var samples: [Duration] = []
  for _ in 0..<repeats { samples.append(ContinuousClock().measure { result &+= measured() }) }
  if !samples.isEmpty {
    FileHandle.standardError.write(Data("median \(samples.sorted()[repeats / 2])\n".utf8))
  }
}
print(scenario, result)

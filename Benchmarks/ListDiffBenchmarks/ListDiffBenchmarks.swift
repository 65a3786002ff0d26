// ListDiffKit's benchmarks: DifferenceKit's own scenario at 5,000, 100,000 and 1,000,000 items,
// plus every item updated, every item sharing one identifier and every item shuffled, with
// Swift's `difference(from:).inferringMoves()` for scale. This module sees ListDiffKit's public
// API only, as a user's module does: nothing internal or `@testable` is reachable from here.
//
// Time: the minimum and the median of repeated runs, each timed with `ContinuousClock`, inputs
// prepared beforehand. Two scenarios run in alternation with their floor, what any diff that
// pairs by hashing must do: hash every identifier of both lists once, and find a longest
// increasing subsequence of the matched old offsets taken in new order (pairs found beforehand).
// Their ratio is the median of the per-run ratios, each comparing two runs taken back to back.
// Memory: every page of memory that one diff touches, scratch tables and result together,
// counted as page faults in a forked child (see `touchedBytes`); an upper bound on its peak
// extra memory. Where that is unavailable (not Linux) the memory column reads "n/a".

import ListDiffKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Runs ListDiffKit's benchmarks and prints one line per scenario.
public func runListDiffBenchmarks() {
  print("== ListDiffKit ==")
  let small = ListDiffScenario(
    name: "5,000 items: delete 2000..<3000, insert 1,000 at 3000, shuffle 0..<200",
    count: 5_000, deleteRange: 2_000..<3_000, insertRange: 3_000..<4_000, shuffleRange: 0..<200)
  let large = ListDiffScenario(
    name: "100,000 items: delete 20000..<30000, insert 10,000 at 30000, shuffle 0..<2000",
    count: 100_000, deleteRange: 20_000..<30_000, insertRange: 30_000..<40_000,
    shuffleRange: 0..<2_000)
  measureListDiffAgainstFloor(small.name, old: small.old, new: small.new, runs: small.runs)
  measureListDiff(large.name, old: large.old, new: large.new, runs: large.runs)
  // The same kinds of change at random positions: no long common prefix or suffix to skip.
  for count in [5_000, 100_000] {
    let random = ListDiffScenario(randomPositions: count)
    measureListDiffAgainstFloor(random.name, old: random.old, new: random.new, runs: random.runs)
  }
  measureGrowth(from: large)
  let everyItemUpdated = large.old.map { ListDiffBenchmarkItem(id: $0.id, revision: 1) }
  measureListDiff(
    "100,000 items, every item updated", old: large.old, new: everyItemUpdated, runs: 21)
  let oneIdentifier = UUID()
  let sameOld = (0..<100_000).map { _ in ListDiffBenchmarkItem(id: oneIdentifier, revision: 0) }
  let sameNew = (0..<100_000).map { _ in ListDiffBenchmarkItem(id: oneIdentifier, revision: 0) }
  measureListDiff("100,000 items, all one identifier", old: sameOld, new: sameNew, runs: 21)
  // The same with the policy that hashes every item (no common prefix or suffix shortcut).
  measureListDiff(
    "100,000 items, all one identifier, duplicates: .replaceAll", old: sameOld, new: sameNew,
    runs: 21, duplicates: .replaceAll)
  // No common prefix or suffix to skip: every item is hashed and almost every one moves.
  var shuffled = large.old
  shuffled.shuffle()
  measureListDiffAgainstFloor(
    "100,000 items, all shuffled", old: large.old, new: shuffled, runs: 21)

  measureSectionedListDiff()

  // Swift's own algorithm, for scale (Myers' diff; O((n + m) * d)).
  var swiftMoves = 0
  var swiftChanges = 0
  let swiftTime = milliseconds(runs: 5) {
    let difference = small.new.difference(from: small.old).inferringMoves()
    swiftChanges = difference.count
    swiftMoves = difference.reduce(0) { count, change in
      if case .insert(_, _, let associated?) = change, associated >= 0 { return count + 1 }
      return count
    }
  }
  print(
    "Swift difference(from:).inferringMoves(), \(small.name): \(swiftTime),"
      + " \(swiftChanges) changes (\(swiftMoves) of them moves, each counted as a remove"
      + " plus an insert)")
}

/// Times the 100,000-item scenario ten times over, in alternation with the 100,000-item one.
///
/// Each round times one diff of 1,000,000 items, then three of 100,000 items, whose median (its
/// inputs back in the caches, as when it runs alone) is the round's 100,000-item time. The
/// ratio is the median of the rounds' ratios, so that both sides of each ratio see the shared
/// machine in the same state (its memory-bound runs vary by tens of percent from one minute
/// to the next).
private func measureGrowth(from large: ListDiffScenario) {
  let huge = ListDiffScenario(
    name: "1,000,000 items: delete 200000..<300000, insert 100,000 at 300000, shuffle 0..<20000",
    count: 1_000_000, deleteRange: 200_000..<300_000, insertRange: 300_000..<400_000,
    shuffleRange: 0..<20_000)
  let clock = ContinuousClock()
  var hugeDiff = ListDiff(old: huge.old, new: huge.new)
  var largeDiff = ListDiff(old: large.old, new: large.new)
  var hugeSamples: [Double] = []
  var largeSamples: [Double] = []
  for _ in 0..<huge.runs {
    hugeSamples.append(
      milliseconds(clock.measure { hugeDiff = ListDiff(old: huge.old, new: huge.new) }))
    let round = (0..<3).map { _ in
      milliseconds(clock.measure { largeDiff = ListDiff(old: large.old, new: large.new) })
    }
    largeSamples.append(round.sorted()[1])
  }
  precondition(
    largeDiff.inserts.count == large.new.count - large.old.count + largeDiff.deletes.count)
  printListDiff(
    huge.name, hugeDiff, time: Timing(hugeSamples),
    memory: memory(old: huge.old, new: huge.new, duplicates: .pairInOrder))
  let ratios = Timing(zip(hugeSamples, largeSamples).map { $0 / $1 })
  print(
    "  1,000,000 items / 100,000 items, in alternation (100,000 items: \(Timing(largeSamples))):"
      + " median \(format(ratios.median))x, min \(format(ratios.minimum))x (linear growth: 10x)")
}

/// The item the benchmarks diff: a random UUID identity plus a revision as its content.
private struct ListDiffBenchmarkItem: Identifiable, Hashable, Diffable {
  var id: UUID
  var revision: Int
}

/// DifferenceKit's benchmark data: delete a range, insert new items, shuffle a prefix.
private struct ListDiffScenario {
  var name: String
  var old: [ListDiffBenchmarkItem]
  var new: [ListDiffBenchmarkItem]
  var runs: Int

  init(
    name: String, count: Int, deleteRange: Range<Int>, insertRange: Range<Int>,
    shuffleRange: Range<Int>
  ) {
    self.name = name
    old = (0..<count).map { _ in ListDiffBenchmarkItem(id: UUID(), revision: 0) }
    new = old
    new.removeSubrange(deleteRange)
    new.insert(
      contentsOf: insertRange.map { _ in ListDiffBenchmarkItem(id: UUID(), revision: 0) },
      at: insertRange.lowerBound)
    new[shuffleRange].shuffle()
    runs = count > 100_000 ? 11 : count > 10_000 ? 51 : 301
  }

  /// The same kinds of change as DifferenceKit's scenario, each at a random position: a fifth
  /// of the items deleted, as many inserted, 4 % moved and 4 % updated.
  init(randomPositions count: Int) {
    name =
      "\(count) items, at random positions: delete \(count / 5), insert \(count / 5),"
      + " move \(count / 25), update \(count / 25)"
    old = (0..<count).map { _ in ListDiffBenchmarkItem(id: UUID(), revision: 0) }
    new = old
    for _ in 0..<count / 5 { new.remove(at: Int.random(in: 0..<new.count)) }
    for _ in 0..<count / 5 {
      new.insert(
        ListDiffBenchmarkItem(id: UUID(), revision: 0), at: Int.random(in: 0...new.count))
    }
    for _ in 0..<count / 25 {
      let item = new.remove(at: Int.random(in: 0..<new.count))
      new.insert(item, at: Int.random(in: 0...new.count))
    }
    for _ in 0..<count / 25 { new[Int.random(in: 0..<new.count)].revision += 1 }
    runs = count > 10_000 ? 51 : 301
  }
}

/// A section model: a UUID identity and a revision as its content (its header).
private struct ListDiffBenchmarkSectionModel: Identifiable, Hashable, Diffable {
  var id: UUID
  var revision: Int
}

private typealias ListDiffBenchmarkSection = ListSection<
  ListDiffBenchmarkSectionModel, ListDiffBenchmarkItem
>

/// Times a sectioned diff of 100 sections of 1,000 items with changes at both levels.
private func measureSectionedListDiff() {
  func section(items: Int) -> ListDiffBenchmarkSection {
    ListSection(
      ListDiffBenchmarkSectionModel(id: UUID(), revision: 0),
      items: (0..<items).map { _ in ListDiffBenchmarkItem(id: UUID(), revision: 0) })
  }
  let old = (0..<100).map { _ in section(items: 1_000) }
  var new = old
  // Sections: delete 5, insert 5 new ones, move 5, change the model of 5.
  new.removeSubrange(10..<15)
  new.insert(contentsOf: (0..<5).map { _ in section(items: 1_000) }, at: 40)
  let movedSections = new[60..<65]
  new.removeSubrange(60..<65)
  new.insert(contentsOf: movedSections, at: 20)
  for index in stride(from: 0, to: 100, by: 20) { new[index].model.revision = 1 }
  // Items, in every section: delete 10, insert 10, move 5 within the section, update 10;
  // and 200 items move to another section.
  for index in new.indices {
    new[index].items.removeSubrange(100..<110)
    new[index].items.insert(
      contentsOf: (0..<10).map { _ in ListDiffBenchmarkItem(id: UUID(), revision: 0) }, at: 500)
    let moved = new[index].items[900..<905]
    new[index].items.removeSubrange(900..<905)
    new[index].items.insert(contentsOf: moved, at: 50)
    for item in stride(from: 0, to: 1_000, by: 100) { new[index].items[item].revision = 1 }
  }
  for index in 0..<200 {
    let item = new[index % 100].items.removeLast()
    new[(index + 37) % 100].items.insert(item, at: 300)
  }
  var diff = SectionedListDiff(old: old, new: new)
  let time = milliseconds(runs: 11) { diff = SectionedListDiff(old: old, new: new) }
  let stages = diff.stages.enumerated().map { index, stage in
    let update = stage.update
    return
      "stage \(index + 1): sections -\(update.sectionDeletes.count) +\(update.sectionInserts.count)"
      + " moved \(update.sectionMoves.count) reloaded \(update.sectionReloads.count); items"
      + " -\(update.deletes.count) +\(update.inserts.count) moved \(update.moves.count)"
      + " reloaded \(update.reloads.count)"
  }
  print(
    "SectionedListDiff 100 sections x 1,000 items, changes at both levels:"
      + " \(time); \(diff.stages.count) stages (\(stages.joined(separator: "; ")))")
  let single = SectionedListDiff(old: old, new: new, staging: .singleBatch)
  let singleTime = milliseconds(runs: 11) {
    _ = SectionedListDiff(old: old, new: new, staging: .singleBatch)
  }
  print(
    "SectionedListDiff, same change, staging .singleBatch: \(singleTime);"
      + " \(single.stages.count) stage, \(single.changeCount) operations")
}

/// Times `ListDiff(old:new:)`, measures its memory, prints the figures and returns the time.
@discardableResult
private func measureListDiff(
  _ name: String, old: [ListDiffBenchmarkItem], new: [ListDiffBenchmarkItem], runs: Int,
  duplicates: ListDiff.DuplicatePolicy = .pairInOrder
) -> Timing {
  var diff = ListDiff(old: old, new: new, duplicates: duplicates)
  let time = milliseconds(runs: runs) {
    diff = ListDiff(old: old, new: new, duplicates: duplicates)
  }
  printListDiff(name, diff, time: time, memory: memory(old: old, new: new, duplicates: duplicates))
  return time
}

/// Times `ListDiff(old:new:)` and its floor in alternation, and prints both.
private func measureListDiffAgainstFloor(
  _ name: String, old: [ListDiffBenchmarkItem], new: [ListDiffBenchmarkItem], runs: Int
) {
  var diff = ListDiff(old: old, new: new)
  let floor = ListDiffFloor(old: old, new: new)
  var floorResult = floor.run()
  let clock = ContinuousClock()
  var diffSamples: [Double] = []
  var floorSamples: [Double] = []
  for run in 0..<runs {
    // Alternate which goes first, so that neither always runs right after the other.
    var diffTime = 0.0
    var floorTime = 0.0
    for slot in 0..<2 {
      if (run + slot) % 2 == 0 {
        diffTime = milliseconds(clock.measure { diff = ListDiff(old: old, new: new) })
      } else {
        floorTime = milliseconds(clock.measure { floorResult = floor.run() })
      }
    }
    diffSamples.append(diffTime)
    floorSamples.append(floorTime)
  }
  precondition(floorResult != 0 || old.isEmpty)
  let time = Timing(diffSamples)
  let floorTime = Timing(floorSamples)
  let ratios = Timing(zip(diffSamples, floorSamples).map { $0 / $1 })
  printListDiff(
    name, diff, time: time, memory: memory(old: old, new: new, duplicates: .pairInOrder))
  print(
    "  floor (every identifier hashed once + a longest increasing subsequence of the"
      + " \(floor.matchedOldOffsets.count) pairs): \(floorTime); the diff is median"
      + " \(format(ratios.median))x, min \(format(ratios.minimum))x the floor")
}

/// The peak extra memory of one diff, as printed.
private func memory(
  old: [ListDiffBenchmarkItem], new: [ListDiffBenchmarkItem],
  duplicates: ListDiff.DuplicatePolicy
) -> String {
  let inputBytes = (old.count + new.count) * MemoryLayout<ListDiffBenchmarkItem>.stride
  let peak = touchedBytes {
    // Kept alive, and checked, so that the diff cannot be optimized away.
    let measured = ListDiff(old: old, new: new, duplicates: duplicates)
    precondition(measured.oldCount == old.count)
  }
  let memory = peak.map {
    "<= \(kilobytes($0)) KB (pages touched; \(format(Double($0) / Double(inputBytes))) x the inputs)"
  }
  return "\(memory ?? "n/a"), inputs \(kilobytes(inputBytes)) KB"
}

/// Prints one diff's line.
private func printListDiff(_ name: String, _ diff: ListDiff, time: Timing, memory: String) {
  print(
    "ListDiff \(name): \(time); deletes \(diff.deletes.count),"
      + " inserts \(diff.inserts.count), updates \(diff.updates.count),"
      + " moves \(diff.moves.count); peak extra memory \(memory)")
}

/// What any diff that pairs items by hashing their identifiers must do: hash every identifier
/// of both lists once, and find a longest increasing subsequence of the matched old offsets in
/// new order (the pairs themselves are found beforehand, outside the timing).
private struct ListDiffFloor {
  var old: [ListDiffBenchmarkItem]
  var new: [ListDiffBenchmarkItem]
  /// The old offsets of the new items found in the old list, in new order.
  var matchedOldOffsets: [Int32]

  init(old: [ListDiffBenchmarkItem], new: [ListDiffBenchmarkItem]) {
    self.old = old
    self.new = new
    var oldOffsets: [UUID: Int32] = [:]
    for (offset, item) in old.enumerated() { oldOffsets[item.id] = Int32(offset) }
    matchedOldOffsets = new.compactMap { oldOffsets[$0.id] }
  }

  /// Runs the floor's work; returns a value that depends on all of it.
  func run() -> Int {
    var hashes = 0
    for item in old { hashes &+= item.diffIdentifier.hashValue }
    for item in new { hashes &+= item.diffIdentifier.hashValue }
    return hashes &+ longestIncreasingSubsequence(matchedOldOffsets).count
  }
}

/// Returns the positions of a longest increasing subsequence of `values` (distinct values):
/// patience sorting with predecessor links, the binary search written without branches.
private func longestIncreasingSubsequence(_ values: [Int32]) -> [Int] {
  var tails: [Int] = []  // tails[l]: the position ending the best run of length l + 1
  var tailValues: [Int32] = []
  var predecessors = [Int](repeating: -1, count: values.count)
  for (position, value) in values.enumerated() {
    var low = 0
    var length = tailValues.count
    while length > 0 {
      let half = length / 2
      if tailValues[low + half] < value {
        low += half + 1
        length -= half + 1
      } else {
        length = half
      }
    }
    if low > 0 { predecessors[position] = tails[low - 1] }
    if low == tails.count {
      tails.append(position)
      tailValues.append(value)
    } else {
      tails[low] = position
      tailValues[low] = value
    }
  }
  var members: [Int] = []
  members.reserveCapacity(tails.count)
  var member = tails.last ?? -1
  while member >= 0 {
    members.append(member)
    member = predecessors[member]
  }
  return members
}

/// The minimum and the median of some samples, in milliseconds.
private struct Timing: CustomStringConvertible {
  var minimum: Double
  var median: Double

  init(_ samples: [Double]) {
    let sorted = samples.sorted()
    minimum = sorted[0]
    median = sorted[sorted.count / 2]
  }

  /// `min 1.2 ms, median 1.3 ms`.
  var description: String { "min \(format(minimum)) ms, median \(format(median)) ms" }
}

/// Times `runs` calls of `body`.
private func milliseconds(runs: Int, _ body: () -> Void) -> Timing {
  let clock = ContinuousClock()
  var samples: [Double] = []
  samples.reserveCapacity(runs)
  for _ in 0..<runs { samples.append(milliseconds(clock.measure(body))) }
  return Timing(samples)
}

/// A duration in milliseconds.
private func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

/// Returns the bytes of memory pages first touched while `body` ran, or `nil` if unknown.
///
/// `body` runs in a forked child process, which tells glibc to serve every allocation of a
/// page or more with its own `mmap` and to give freed memory back at once: each page the diff
/// allocates and writes then shows up as a fresh page fault, counted exactly by `getrusage`.
/// The body runs once before the measured run, so that the code it executes is mapped in the
/// child, and a run of an empty body gives the faults of the child's own bookkeeping, which
/// are subtracted. The sum of the pages touched is an upper bound on the peak: it counts a buffer
/// freed early as if it were still alive. The child keeps the allocator settings to itself, so
/// the timings of other benchmarks in this process are not affected.
private func touchedBytes(_ body: () -> Void) -> Int? {
  #if os(Linux)
    guard let baseline = faultBytesInChild({}), let total = faultBytesInChild(body) else {
      return nil
    }
    return max(0, total - baseline)
  #else
    return nil
  #endif
}

#if os(Linux)
  /// Runs `body` in a forked child set up as `touchedBytes` describes; returns the bytes of
  /// the page faults it caused.
  private func faultBytesInChild(_ body: () -> Void) -> Int? {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    let child = fork()
    if child == 0 {
      close(pipeEnds[0])
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      _ = mallocOption(mmapThreshold, Int32(pageSize))
      _ = mallocOption(trimThreshold, 0)
      // A first run maps the code the body executes (a fork child faults on it afresh).
      body()
      _ = mallocTrim(0)
      var before = rusage()
      var after = rusage()
      _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &before)
      body()
      _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &after)
      var bytes = (after.ru_minflt - before.ru_minflt) * pageSize
      _ = withUnsafeBytes(of: &bytes) { write(pipeEnds[1], $0.baseAddress, $0.count) }
      _exit(0)
    }
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard child > 0 else { return nil }
    var bytes = 0
    let count = withUnsafeMutableBytes(of: &bytes) { read(pipeEnds[0], $0.baseAddress, $0.count) }
    var status: Int32 = 0
    _ = waitpid(child, &status, 0)
    return count == MemoryLayout<Int>.size ? bytes : nil
  }

  /// glibc's `mallopt` parameters (`M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`).
  private let mmapThreshold: Int32 = -3
  private let trimThreshold: Int32 = -1

  /// glibc's `mallopt`, which the Glibc module does not export.
  @_silgen_name("mallopt")
  private func mallocOption(_ parameter: Int32, _ value: Int32) -> Int32
#endif

#if os(Linux)
  /// glibc's `malloc_trim`, which the Glibc module does not export: returns free heap pages to
  /// the system so that the next allocations show up in the resident set.
  @_silgen_name("malloc_trim")
  private func mallocTrim(_ padding: Int) -> Int32

#endif

private func kilobytes(_ bytes: Int) -> Int { (bytes + 1023) / 1024 }

private func format(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  return "\(rounded)"
}

// ListDiffKit's benchmarks: DifferenceKit's own scenario, plus every item updated and every
// item sharing one identifier, with Swift's `difference(from:).inferringMoves()` for scale.
//
// Time: the median of repeated runs, each timed with `ContinuousClock`, inputs prepared
// beforehand. Memory: every page of memory that one diff touches, scratch tables and result
// together, counted as page faults in a forked child (see `touchedBytes`); an upper bound on
// its peak extra memory. Where that is unavailable (not Linux) the memory column reads "n/a".

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
func runListDiffBenchmarks() {
  print("== ListDiffKit ==")
  let small = ListDiffScenario(
    name: "5,000 items: delete 2000..<3000, insert 1,000 at 3000, shuffle 0..<200",
    count: 5_000, deleteRange: 2_000..<3_000, insertRange: 3_000..<4_000, shuffleRange: 0..<200)
  let large = ListDiffScenario(
    name: "100,000 items: delete 20000..<30000, insert 10,000 at 30000, shuffle 0..<2000",
    count: 100_000, deleteRange: 20_000..<30_000, insertRange: 30_000..<40_000,
    shuffleRange: 0..<2_000)
  for scenario in [small, large] {
    measureListDiff(scenario.name, old: scenario.old, new: scenario.new, runs: scenario.runs)
  }
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
  measureListDiff("100,000 items, all shuffled", old: large.old, new: shuffled, runs: 11)

  measureSectionedListDiff()

  // Swift's own algorithm, for scale (Myers' diff; O((n + m) * d)).
  var swiftMoves = 0
  var swiftChanges = 0
  let swiftTime = medianMilliseconds(runs: 5) {
    let difference = small.new.difference(from: small.old).inferringMoves()
    swiftChanges = difference.count
    swiftMoves = difference.reduce(0) { count, change in
      if case .insert(_, _, let associated?) = change, associated >= 0 { return count + 1 }
      return count
    }
  }
  print(
    "Swift difference(from:).inferringMoves(), \(small.name): median \(format(swiftTime)) ms,"
      + " \(swiftChanges) changes (\(swiftMoves) of them moves, each counted as a remove"
      + " plus an insert)")
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
  let time = medianMilliseconds(runs: 11) { diff = SectionedListDiff(old: old, new: new) }
  let stages = diff.stages.enumerated().map { index, stage in
    let update = stage.update
    return
      "stage \(index + 1): sections -\(update.sectionDeletes.count) +\(update.sectionInserts.count)"
      + " moved \(update.sectionMoves.count) reloaded \(update.sectionReloads.count); items"
      + " -\(update.deletes.count) +\(update.inserts.count) moved \(update.moves.count)"
      + " reloaded \(update.reloads.count)"
  }
  print(
    "SectionedListDiff 100 sections x 1,000 items, changes at both levels: median"
      + " \(format(time)) ms; \(diff.stages.count) stages (\(stages.joined(separator: "; ")))")
  let single = SectionedListDiff(old: old, new: new, staging: .singleBatch)
  let singleTime = medianMilliseconds(runs: 11) {
    _ = SectionedListDiff(old: old, new: new, staging: .singleBatch)
  }
  print(
    "SectionedListDiff, same change, staging .singleBatch: median \(format(singleTime)) ms;"
      + " \(single.stages.count) stage, \(single.changeCount) operations")
}

/// Times `ListDiff(old:new:)`, measures its memory, and prints the figures.
private func measureListDiff(
  _ name: String, old: [ListDiffBenchmarkItem], new: [ListDiffBenchmarkItem], runs: Int,
  duplicates: ListDiff.DuplicatePolicy = .pairInOrder
) {
  var diff = ListDiff(old: old, new: new, duplicates: duplicates)
  let time = medianMilliseconds(runs: runs) {
    diff = ListDiff(old: old, new: new, duplicates: duplicates)
  }
  let inputBytes = (old.count + new.count) * MemoryLayout<ListDiffBenchmarkItem>.stride
  let peak = touchedBytes {
    // Kept alive, and checked, so that the diff cannot be optimized away.
    let measured = ListDiff(old: old, new: new, duplicates: duplicates)
    precondition(measured.changeCount == diff.changeCount)
  }
  let memory = peak.map {
    "<= \(kilobytes($0)) KB (pages touched; \(format(Double($0) / Double(inputBytes))) x the inputs)"
  }
  print(
    "ListDiff \(name): median \(format(time)) ms; deletes \(diff.deletes.count),"
      + " inserts \(diff.inserts.count), updates \(diff.updates.count),"
      + " moves \(diff.moves.count); peak extra memory \(memory ?? "n/a"),"
      + " inputs \(kilobytes(inputBytes)) KB")
}

/// Returns the median wall-clock time of `runs` calls of `body`, in milliseconds.
private func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  samples.reserveCapacity(runs)
  for _ in 0..<runs {
    let elapsed = clock.measure(body)
    samples.append(
      Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
  }
  samples.sort()
  return samples[samples.count / 2]
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

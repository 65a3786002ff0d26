// ListDiffKit's benchmarks: DifferenceKit's own scenario, plus every item updated and every
// item sharing one identifier, with Swift's `difference(from:).inferringMoves()` for scale.
//
// Time: the median of repeated runs, each timed with `ContinuousClock`, inputs prepared
// beforehand. Memory: the peak growth of the process's resident set while one diff runs and
// while its result is alive, read from Linux's `/proc/self/status` (`VmHWM` after resetting it
// through `/proc/self/clear_refs`, with `malloc_trim(0)` first so that reused heap pages do
// not hide the growth). That counts every byte the diff touched: its scratch tables and its
// result. Where `/proc` is unavailable the memory column reads "n/a".

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
    runs = count > 10_000 ? 21 : 201
  }
}

/// Times `ListDiff(old:new:)`, measures its memory, and prints the figures.
private func measureListDiff(
  _ name: String, old: [ListDiffBenchmarkItem], new: [ListDiffBenchmarkItem], runs: Int
) {
  var diff = ListDiff(old: old, new: new)
  let time = medianMilliseconds(runs: runs) { diff = ListDiff(old: old, new: new) }
  let inputBytes = (old.count + new.count) * MemoryLayout<ListDiffBenchmarkItem>.stride
  var retained: ListDiff?
  let peak = peakResidentGrowth { retained = ListDiff(old: old, new: new) }
  precondition(retained == diff)
  let memory = peak.map { "\(kilobytes($0)) KB (\(format(Double($0) / Double(inputBytes))) x)" }
  print(
    "ListDiff \(name): median \(format(time)) ms; deletes \(diff.deletes.count),"
      + " inserts \(diff.inserts.count), updates \(diff.updates.count),"
      + " moves \(diff.moves.count); peak extra memory \(memory ?? "n/a")"
      + " vs inputs \(kilobytes(inputBytes)) KB")
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

/// Returns how far the resident set grew, at its peak, while `body` ran, or `nil` if unknown.
private func peakResidentGrowth(_ body: () -> Void) -> Int? {
  #if os(Linux)
    _ = mallocTrim(0)
    let clear = open("/proc/self/clear_refs", O_WRONLY)
    guard clear >= 0 else { return nil }
    let written = write(clear, "5", 1)
    close(clear)
    guard written == 1, let before = statusKilobytes("VmRSS:") else { return nil }
    body()
    guard let peak = statusKilobytes("VmHWM:") else { return nil }
    return max(0, peak - before) * 1024
  #else
    return nil
  #endif
}

#if os(Linux)
  /// glibc's `malloc_trim`, which the Glibc module does not export: returns free heap pages to
  /// the system so that the next allocations show up in the resident set.
  @_silgen_name("malloc_trim")
  private func mallocTrim(_ padding: Int) -> Int32

  /// Reads one field of `/proc/self/status`, in kilobytes, without allocating much.
  private func statusKilobytes(_ field: String) -> Int? {
    let file = open("/proc/self/status", O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 8192)
    let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else {
      return nil
    }
    return Int(line.dropFirst(field.count).filter(\.isNumber))
  }
#endif

private func kilobytes(_ bytes: Int) -> Int { (bytes + 1023) / 1024 }

private func format(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  return "\(rounded)"
}

/// The model's rules, checked against what a case left.
///
/// The writers' records are the commit log: each writer's writes in its own order, each derived
/// or quiet write with the value it read. The witness, subscribed before any write with
/// unlimited demand and never cancelled, received the published sequence. The rules:
///
/// - The published sequence is the commit sequence with unpublished writes removed: no id
///   twice, none unknown or abandoned, each writer's ids in its order, and every published
///   write present (but what a `keepingNewest` backlog dropped, never a value a subscriber
///   wrote from inside its call).
/// - `modify` and writes through the property lose no write: a derived write comes right after
///   the value it read, with every quiet write made to that value; the quiet writes to one
///   value form one chain, each having read the one before.
/// - The last write is the last one stored: the value read at the end is the last published,
///   with every quiet write made to it; a thread's reads never go back in the sequence, nor
///   before its own last write. A read under `withObservationTracking` (of the whole value or of
///   its selected part) keeps the same rules, and every tracking it arms is told: the sentinels
///   written at the end change the selected part.
/// - Every subscriber's log is part of the same sequence, in order, with nothing twice: all of
///   it from its first value on when it asked for unlimited demand, to the end when it was
///   never cancelled; no more values than it asked for; at most one call after its `cancel()`
///   returned; no call overlapping another; no completion.
public enum ModelCheck {
  /// The rules `outcome` breaks, each as a sentence; empty when it keeps them all.
  public static func violations(of outcome: ModelOutcome) -> [String] {
    var check = Checker(outcome)
    check.run()
    return check.violations
  }

  /// A failure report: the case, how to replay it, and the first violations.
  public static func report(_ outcome: ModelOutcome, _ violations: [String]) -> String {
    var lines = [
      "The concurrency model failed: \(outcome.modelCase)",
      "Replay it with DIFFVALUE_MODEL_SEED=\(outcome.modelCase.seed) "
        + "(swift test --filter ConcurrencyModelTests, or swift run ConcurrencySoak --seed "
        + "\(outcome.modelCase.seed) --kind \(outcome.modelCase.kind))",
    ]
    lines += violations.prefix(12).map { "- " + $0 }
    if violations.count > 12 { lines.append("- and \(violations.count - 12) more") }
    return lines.joined(separator: "\n")
  }
}

private struct Checker {
  let outcome: ModelOutcome
  var violations: [String] = []
  /// The published sequence, sentinels included.
  let sequence: [ModelValue]
  /// Each id's place in `sequence`.
  var position: [Int: Int] = [:]
  /// Every record that stores an id, by id.
  var published: [Int: ModelRecord] = [:]
  /// The quiet writes made to each id, by id read.
  var quietByBase: [Int: [ModelRecord]] = [:]
  /// The ids of the `modify` calls that threw.
  var abandoned: Set<Int> = []
  /// The quiet ids made to each id, in the order they were applied, once the chain is checked.
  var chain: [Int: [Int]] = [:]

  init(_ outcome: ModelOutcome) {
    self.outcome = outcome
    sequence = outcome.witness
  }

  var keepsEveryValue: Bool { outcome.modelCase.backlog == .unbounded }

  mutating func fail(_ message: String) { violations.append(message) }

  func excerpt(around index: Int) -> String {
    let range = max(0, index - 3)..<min(sequence.count, index + 3)
    return range.map { "\($0): \(sequence[$0])" }.joined(separator: ", ")
  }

  mutating func run() {
    if outcome.timedOut {
      fail("a sentinel written at the end never reached the witness within 60 s")
    }
    if outcome.witnessOverlaps > 0 { fail("the witness was called while a call was in progress") }
    indexRecords()
    checkSequence()
    checkQuietChains()
    checkDerivedWrites()
    checkWriterOrder()
    checkEnd()
    checkReads()
    checkTrackings()
    for subscriber in outcome.subscribers { checkSubscriber(subscriber) }
  }

  mutating func indexRecords() {
    for record in outcome.records.joined() {
      switch record.kind {
      case .whole, .derived: published[record.id] = record
      case .quiet: quietByBase[record.seen!.id, default: []].append(record)
      case .abandoned: abandoned.insert(record.id)
      case .read, .trackedRead: break
      }
    }
  }

  mutating func checkSequence() {
    if outcome.modelCase.kind.keepsValue, !outcome.modelCase.kind.subscribesLate,
      sequence.first?.id != 0
    {
      fail(
        "the witness's first value is \(sequence.first.map(String.init(describing:)) ?? "none"), not the initial #0"
      )
    }
    for (index, value) in sequence.enumerated() {
      if let earlier = position[value.id] {
        fail(
          "#\(value.id) was published twice, at \(earlier) and \(index): \(excerpt(around: index))")
        continue
      }
      position[value.id] = index
      if value.id > 0, published[value.id] == nil {
        fail(
          abandoned.contains(value.id)
            ? "#\(value.id), a modify whose closure threw, was published"
            : "#\(value.id) was published and nobody wrote it")
      }
    }
    if outcome.modelCase.kind.subscribesLate {
      checkSuffixes()
      return
    }
    for (id, record) in published where position[id] == nil {
      if keepsEveryValue || !record.mayBeDropped {
        fail("\(record), and it was never published")
      }
    }
  }

  /// With the witness subscribed while the threads wrote: what each writer stored after the
  /// witness's first value reached it, every write of it from there on (a write racing the first
  /// subscription is its first value or delivered to it, never lost).
  mutating func checkSuffixes() {
    for records in outcome.records {
      let writes = records.filter(\.publishes)
      guard let first = writes.firstIndex(where: { position[$0.id] != nil }) else { continue }
      for record in writes[first...] where position[record.id] == nil {
        fail(
          "\(record), after \(writes[first]) reached the subscriber that arrived late, and it "
            + "was never published")
      }
    }
  }

  /// The quiet writes to one value form one chain, each having read the ones before it.
  mutating func checkQuietChains() {
    for (base, writes) in quietByBase {
      let ordered = writes.sorted { $0.seen!.quiet.count < $1.seen!.quiet.count }
      var applied: [Int] = []
      for write in ordered {
        if write.seen!.quiet != applied {
          fail(
            "a quiet write was lost: \(write) read the quiet writes \(write.seen!.quiet), "
              + "but \(applied) were applied to #\(base) before it")
        }
        applied.append(write.id)
      }
      chain[base] = applied
    }
  }

  /// A derived write is published right after the value it read, which held every quiet write.
  mutating func checkDerivedWrites() {
    for record in outcome.records.joined() {
      guard case .derived = record.kind, let seen = record.seen, let at = position[record.id]
      else { continue }
      if position[seen.id] == nil, outcome.modelCase.kind.subscribesLate, at != 0 {
        fail(
          "\(record), but #\(seen.id), which it read, was neither published before it nor "
            + "the late subscriber's first value: \(excerpt(around: at))")
      }
      if let read = position[seen.id], at == 0 || sequence[at - 1].id != seen.id {
        fail(
          "\(record), but #\(seen.id) (at \(read)) was not the value published before it (at "
            + "\(at)): \(excerpt(around: at))")
      }
      let made = chain[seen.id] ?? []
      if seen.quiet != made {
        fail(
          "a write was lost: \(record) read the quiet writes \(seen.quiet) of #\(seen.id), "
            + "but \(made) were made to it")
      }
    }
  }

  /// Each writer's published ids appear in its order.
  mutating func checkWriterOrder() {
    for records in outcome.records {
      var last: (record: ModelRecord, at: Int)?
      for record in records where record.publishes {
        guard let at = position[record.id] else { continue }
        if let last, last.at > at {
          fail(
            "\(last.record) before \(record), but they were published in the other order "
              + "(at \(last.at) and \(at))")
        }
        last = (record, at)
      }
    }
  }

  /// The value read at the end is the last one published, with every quiet write made to it.
  mutating func checkEnd() {
    guard !outcome.timedOut, outcome.modelCase.kind.keepsValue else { return }
    guard let final = outcome.finalValue, let end = position[-1] else { return }
    // A bounded backlog may drop the last value for the first sentinel, which came from outside.
    let mayBeDropped = !keepsEveryValue && published[final.id]?.mayBeDropped ?? true
    let isLast = end > 0 && sequence[end - 1].id == final.id
    if !isLast && (position[final.id] != nil || !mayBeDropped) {
      fail(
        "the value read at the end, \(final), is not the last one published before the "
          + "sentinel: \(excerpt(around: end))")
    }
    if final.quiet != (chain[final.id] ?? []) {
      fail(
        "a write was lost: the value read at the end, \(final), lacks quiet writes made to "
          + "it: \(chain[final.id] ?? [])")
    }
  }

  /// A thread's reads never go back, nor before its own last write, and see no lost write.
  mutating func checkReads() {
    for records in outcome.records {
      var lastRead = -1
      for record in records {
        guard let value = record.readValue else { continue }
        let made = chain[value.id] ?? []
        // A part read returns the id alone: its quiet list is empty, a prefix of any.
        if value.quiet != Array(made.prefix(value.quiet.count)) {
          fail("\(record), whose quiet writes are not those made to it: \(made)")
        }
        guard let at = position[value.id] else { continue }
        if at < lastRead {
          fail("\(record), older than what the same thread read before (at \(at) < \(lastRead))")
        }
        lastRead = at
        if record.id > 0, let own = position[record.id], at < own {
          fail("\(record), older than that write (at \(at) < \(own))")
        }
      }
    }
  }

  /// Every tracking armed by a read during the run was told: the sentinels written at the end
  /// change the selected part, so none may be left untold.
  ///
  /// Told more than once is not checked: Observation's own `withObservationTracking` does that
  /// under concurrent writes, with a plain `@Observable` property too (a tracking whose change
  /// comes while it is being installed stays registered, and is told of every later change).
  mutating func checkTrackings() {
    guard !outcome.timedOut else { return }
    let untold = outcome.trackingTells.indices.filter { outcome.trackingTells[$0] == 0 }
    if !untold.isEmpty {
      fail(
        "\(untold.count) of \(outcome.trackingTells.count) trackings armed during the run were "
          + "never told of a change after them (the sentinels change the selected part); "
          + "the first: \(untold.prefix(5).map { outcome.trackingReads[$0] })")
    }
  }

  mutating func checkSubscriber(_ subscriber: ModelSubscriberReport) {
    let name = "subscriber \(subscriber.number) (\(subscriber.pipeline))"
    if subscriber.overlaps > 0 { fail("\(name) was called while a call was in progress") }
    if subscriber.completions > 0 { fail("\(name) received a completion from a relay") }
    if let atCancel = subscriber.receivedAtCancel, subscriber.received.count > atCancel + 1 {
      fail(
        "\(name) received \(subscriber.received.count - atCancel) values after its cancel() "
          + "returned: \(subscriber.received.suffix(subscriber.received.count - atCancel))")
    }
    if !subscriber.unlimited, subscriber.received.count > subscriber.demand {
      fail(
        "\(name) received \(subscriber.received.count) values and asked for \(subscriber.demand)")
    }
    var previous: Int?
    for value in subscriber.received {
      guard let at = position[value.id] else {
        fail("\(name) received \(value), which the witness never received")
        return
      }
      if let previous {
        if at <= previous {
          fail("\(name) received \(value) (at \(at)) after \(sequence[previous]) (at \(previous))")
          return
        }
        if subscriber.unlimited, subscriber.pipeline.deliversEveryValue, at != previous + 1 {
          fail(
            "\(name), with unlimited demand, missed \(sequence[previous + 1]) between "
              + "\(sequence[previous]) and \(value)")
          return
        }
      }
      previous = at
    }
    if subscriber.unlimited, subscriber.receivedAtCancel == nil, !outcome.timedOut,
      subscriber.received.last?.id != -3
    {
      fail(
        "\(name), with unlimited demand and never cancelled, stopped receiving at "
          + "\(subscriber.received.last.map(String.init(describing:)) ?? "nothing")")
    }
  }
}

import DiffValue
import Foundation
import TestSupport

/// The first read of a subscribed property under `withObservationTracking`, racing writes in
/// place on two other threads, one fresh property after another.
///
/// The first tracked read installs the property's observation, once; the model's cases have one
/// such moment each, so this stress makes many: each round, a fresh `@Diff(\.id)` property with a
/// subscriber, two threads writing it in place (half the writes pausing inside the access, as a
/// longer mutation would), and a third reading it under tracking once, after a short random delay,
/// whole or by its selected part. The rules: the read returns a published value, the tracking
/// is told of the write after the threads end, and the subscriber receives every write in order.
/// `.ci/run` runs it under Thread Sanitizer too. (In a debug build, about half the rounds install
/// the observation while a write in place is between its start and its commit.)
public enum FirstTrackingStress {
  /// Runs `rounds` rounds drawn from `seed`; returns what went wrong, empty when nothing did.
  ///
  /// - Parameters:
  ///   - rounds: How many fresh properties.
  ///   - writesPerThread: How many in-place writes each of the two writing threads makes.
  ///   - seed: What each round's delay, pauses and kind of read follow from.
  public static func run(rounds: Int = 150, writesPerThread: Int = 24, seed: UInt64) -> [String] {
    var random = SeededRandomNumberGenerator(seed: seed)
    for round in 0..<rounds {
      let subject = ModelSubject(.diffProperty)
      let witness = ModelSubscriber(
        number: 0, pipeline: .direct, initialDemand: nil, reentrant: nil)
      subject.subscribe(witness)
      let part = Bool.random(using: &random)
      let delay = UInt32.random(in: 0...80, using: &random)
      let pauses = (0..<2).map { _ in
        (0..<writesPerThread).map { _ in Bool.random(using: &random) }
      }
      let tells = Locked(0)
      let tracked = Locked<ModelValue?>(nil)
      runConcurrently(threads: 3) { thread in
        if thread == 2 {
          usleep(delay)
          let value = subject.trackedRead(part: part) { tells.withLock { $0 += 1 } }
          tracked.withLock { $0 = value }
          return
        }
        let ids = ModelIDs(writer: thread)
        for pausing in pauses[thread] { _ = subject.deriveInPlace(ids.make(), pausing: pausing) }
      }
      subject.write(ModelValue(id: -1))
      let read = part ? "part" : "whole"
      let name = "round \(round) of seed \(seed) (\(read) read after \(delay) µs)"
      guard eventually(within: 20, { witness.received.last?.id == -1 }) else {
        return ["\(name): the last write never reached the subscriber"]
      }
      var problems: [String] = []
      let received = witness.received.map(\.id)
      // Each thread's ids in its order, both threads' writes once each, the initial value first.
      let expected = 1 + 2 * writesPerThread + 1
      if received.count != expected || Set(received).count != expected || received.first != 0 {
        problems.append(
          "\(name): the subscriber received \(received.count) values (\(Set(received).count) "
            + "distinct), not the \(expected) written, from #0")
      }
      for writer in 0..<2 {
        let ids = received.filter { $0 / 1_000_000 == writer + 1 }
        if ids != ids.sorted() {
          problems.append("\(name): thread \(writer)'s writes were received out of order: \(ids)")
        }
      }
      let value = tracked.withLock { $0 }
      if let value, !received.contains(value.id) {
        problems.append("\(name): the tracked read returned \(value), which was never published")
      }
      if let value, !part, !value.quiet.isEmpty || value.base.map(received.contains) == false {
        problems.append("\(name): the tracked read returned \(value), not a value written")
      }
      if !eventually(within: 20, { tells.withLock { $0 } > 0 }) {
        problems.append("\(name): the tracking was never told of the write after the threads ended")
      }
      if !problems.isEmpty { return problems }
    }
    return []
  }
}

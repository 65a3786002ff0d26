import ConcurrencyModel
import DiffValue
import Foundation
import TestSupport
import Testing

/// The concurrency contract, checked by a seeded model.
///
/// Random mixes of writes of every kind (some pausing inside the access), subscribes, cancels,
/// requests, reads and reads under `withObservationTracking`, from 2-8 threads,
/// each subscriber's log compared with the writers' commit log (`ModelCheck` has the rules). `.ci/run` runs it under Thread Sanitizer
/// too; `swift run -c release ConcurrencySoak --minutes 10` runs it for longer.
///
/// Each case prints nothing when it passes; a failing one prints its seed. Set
/// `DIFFVALUE_MODEL_SEED` to replay one case, and `DIFFVALUE_MODEL_SECONDS` to change how long
/// each kind runs (4 s by default).
@Suite struct ConcurrencyModelTests {
  static var seconds: Double {
    ProcessInfo.processInfo.environment["DIFFVALUE_MODEL_SECONDS"].flatMap(Double.init) ?? 4
  }

  static var replayedSeed: UInt64? {
    ProcessInfo.processInfo.environment["DIFFVALUE_MODEL_SEED"].flatMap { UInt64($0) }
  }

  @Test(arguments: ModelSubjectKind.allCases)
  func randomCasesKeepTheContract(kind: ModelSubjectKind) {
    var seeds = SeededRandomNumberGenerator(seed: UInt64.random(in: 0...UInt64.max))
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(Self.seconds))
    var cases = 0
    repeat {
      let modelCase = ModelCase(kind: kind, seed: Self.replayedSeed ?? seeds.next())
      let outcome = ModelRunner.run(modelCase)
      let violations = ModelCheck.violations(of: outcome)
      #expect(violations.isEmpty, "\(ModelCheck.report(outcome, violations))")
      cases += 1
      if !violations.isEmpty || Self.replayedSeed != nil { return }
    } while clock.now < deadline || cases < 3
  }

  /// A first tracked read of a subscribed property, racing writes in place, over many fresh
  /// properties (the model's cases have one first read each); `DIFFVALUE_MODEL_SEED` replays
  /// one run.
  @Test func aFirstTrackedReadRacingWritesInPlaceIsToldAndReadsAPublishedValue() {
    let seed = Self.replayedSeed ?? UInt64.random(in: 0...UInt64.max)
    let problems = FirstTrackingStress.run(seed: seed)
    #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "; "))")
  }

  /// The stress that found `modify` publishing out of order: three threads of 500 `modify`
  /// increments beside 1,500 whole writes, a few runs here and 50 in the soak.
  @Test(arguments: [ModifyOrderStress.Writes.modify, .inPlace])
  func incrementsBesideWholeWritesArePublishedInOrder(writes: ModifyOrderStress.Writes) {
    for run in 0..<4 {
      let problems = ModifyOrderStress.run(writes: writes)
      #expect(problems.isEmpty, "run \(run): \(problems.prefix(5).joined(separator: "; "))")
      if !problems.isEmpty { return }
    }
  }
}

import ConcurrencyModel
import Foundation
import TestSupport

/// The soak's loop, outside `main.swift` so that it is not main-actor code.
enum ConcurrencySoak {
  static func run(
    minutes: Double, replayed: UInt64?, kinds: [ModelSubjectKind], pipelines: [ModelPipeline],
    stressRuns: Int
  ) -> Int32 {
    if let replayed {
      for kind in kinds {
        let outcome = ModelRunner.run(ModelCase(kind: kind, seed: replayed, pipelines: pipelines))
        let violations = ModelCheck.violations(of: outcome)
        print(
          violations.isEmpty
            ? "\(outcome.modelCase): passed" : ModelCheck.report(outcome, violations))
        if !violations.isEmpty { return 1 }
      }
      return 0
    }
    for writes in [ModifyOrderStress.Writes.modify, .inPlace] where stressRuns > 0 {
      for run in 1...stressRuns {
        let problems = ModifyOrderStress.run(writes: writes)
        if !problems.isEmpty {
          print("the \(writes) stress failed on run \(run) of \(stressRuns):")
          for problem in problems.prefix(10) { print("- \(problem)") }
          return 1
        }
      }
      print("the \(writes) stress: \(stressRuns) runs of \(stressRuns) passed")
    }
    for run in 0..<stressRuns {
      let seed = UInt64.random(in: 0...UInt64.max)
      let problems = FirstTrackingStress.run(seed: seed)
      if !problems.isEmpty {
        print("the first tracked read stress failed on run \(run + 1) of \(stressRuns):")
        for problem in problems.prefix(10) { print("- \(problem)") }
        return 1
      }
      if run == stressRuns - 1 {
        print("the first tracked read stress: \(stressRuns) runs of 150 properties passed")
      }
    }
    let base = UInt64.random(in: 0...UInt64.max)
    print("base seed \(base); \(minutes) minutes over \(kinds.map(\.description))")
    var seeds = SeededRandomNumberGenerator(seed: base)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(Int(minutes * 60_000)))
    var cases = 0
    var operations = 0
    var firstSeeds: [UInt64] = []
    while clock.now < deadline {
      for kind in kinds {
        let seed = seeds.next()
        let modelCase = ModelCase(
          kind: kind, seed: seed, maximumOperations: 2_000, pipelines: pipelines)
        let outcome = ModelRunner.run(modelCase)
        let violations = ModelCheck.violations(of: outcome)
        cases += 1
        operations += modelCase.threads * modelCase.operationsPerThread
        if firstSeeds.count < 5 { firstSeeds.append(seed) }
        if !violations.isEmpty {
          print(ModelCheck.report(outcome, violations))
          return 1
        }
      }
    }
    print(
      "passed: \(cases) cases, \(operations) operations, seeds from base \(base) "
        + "(first: \(firstSeeds.map(String.init).joined(separator: ", ")))")
    return 0
  }
}

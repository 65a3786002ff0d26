// The concurrency model for as long as you like: `swift run -c release ConcurrencySoak
// --minutes 10`, or one case again with `--seed N --kind diffProperty`. Prints the seeds and
// operation counts it ran, and exits 1 at the first violation, with its report.
import ConcurrencyModel
import Foundation
import TestSupport

var minutes = 1.0
var replayed: UInt64?
var kinds = ModelSubjectKind.allCases
var stressRuns = 50
var pipelines = ModelPipeline.allCases
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--minutes": minutes = Double(arguments.popFirst() ?? "") ?? minutes
  case "--seed": replayed = UInt64(arguments.popFirst() ?? "")
  case "--kind": kinds = [ModelSubjectKind(rawValue: arguments.popFirst() ?? "")].compactMap { $0 }
  case "--stress-runs": stressRuns = Int(arguments.popFirst() ?? "") ?? stressRuns
  case "--pipelines":
    pipelines = (arguments.popFirst() ?? "").split(separator: ",").compactMap {
      ModelPipeline(rawValue: String($0))
    }
  default:
    print(
      "usage: ConcurrencySoak [--minutes M] [--seed N] [--kind K] [--pipelines P,Q] "
        + "[--stress-runs R]")
    exit(2)
  }
}
exit(
  ConcurrencySoak.run(
    minutes: minutes, replayed: replayed, kinds: kinds, pipelines: pipelines,
    stressRuns: stressRuns))

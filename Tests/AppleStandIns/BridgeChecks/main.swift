// Runs Relay's bridges to and from Combine against the stand-in Combine, which behaves as
// Combine does for what they use (demand, completion, cancellation): typecheck.sh builds Relay
// as it is built where Combine exists, links this program, with the checks of
// Tests/DiffValueAppleTests/Support/CombineBridgeChecks.swift (which CombineBridgeTests runs
// against the real Combine on a Mac), and runs it. The program prints the behaviours that do not
// hold and exits with 1.
import Foundation

var failures: [String] = []
for check in CombineBridgeChecks.all {
  failures += CombineBridgeChecks.failures(of: check).map { "\(check.name): \($0)" }
}
if failures.isEmpty {
  print("Relay's Combine bridges: all \(CombineBridgeChecks.all.count) checks hold")
} else {
  for failure in failures { print("error: \(failure)") }
  exit(1)
}

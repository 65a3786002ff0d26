import Testing

@testable import Relay

/// The reconciliation's rules, without threads: each test plays the owner's part.
@Suite struct ReconciliationTests {
  typealias Steps = Reconciliation<Int>

  static func describe(_ step: Steps.Step) -> String {
    switch step {
    case .start: "start"
    case .stop(let resource): "stop \(resource)"
    case .handOn: "hand on"
    case .done: "done"
    }
  }

  @Test func theFirstWishMakesTheCallerTheReconcilerUntilItIsDone() {
    var reconciliation = Steps()
    let wish1 = reconciliation.want(true)
    #expect(wish1)
    let step7 = Self.describe(reconciliation.next())
    #expect(step7 == "start")
    // Another thread changes its mind twice while the resource starts: it does not reconcile.
    let wish2 = reconciliation.want(false)
    #expect(!wish2)
    let wish3 = reconciliation.want(true)
    #expect(!wish3)
    reconciliation.started(1)
    let step8 = Self.describe(reconciliation.next())
    #expect(step8 == "done")
    #expect(reconciliation.resource == 1)
  }

  @Test func aWishThatChangedWhileStartingStopsWhatStarted() {
    var reconciliation = Steps()
    _ = reconciliation.want(true)
    _ = reconciliation.next()
    _ = reconciliation.want(false)  // the last subscriber left while the connection was made
    reconciliation.started(1)
    let step9 = Self.describe(reconciliation.next())
    #expect(step9 == "stop 1")
    #expect(reconciliation.resource == nil)
    let step10 = Self.describe(reconciliation.next())
    #expect(step10 == "done")
    // Idle again: the next wish has a reconciler.
    let wish4 = reconciliation.want(true)
    #expect(wish4)
  }

  @Test func aReconcilerHandsOnAfterItsTurns() {
    var reconciliation = Steps(turns: 2)
    _ = reconciliation.want(true)
    let step11 = Self.describe(reconciliation.next())
    #expect(step11 == "start")
    _ = reconciliation.want(false)
    reconciliation.started(1)
    let step12 = Self.describe(reconciliation.next())
    #expect(step12 == "stop 1")
    _ = reconciliation.want(true)
    let step13 = Self.describe(reconciliation.next())
    #expect(step13 == "hand on")
    // Still reconciling: nobody else takes over before the block resumes.
    let wish5 = reconciliation.want(true)
    #expect(!wish5)
    reconciliation.resume()
    let step14 = Self.describe(reconciliation.next())
    #expect(step14 == "start")
    reconciliation.started(2)
    let step15 = Self.describe(reconciliation.next())
    #expect(step15 == "done")
  }

  @Test func nothingToDoEndsAtOnce() {
    var reconciliation = Steps()
    let wish6 = reconciliation.want(false)
    #expect(wish6)
    let step16 = Self.describe(reconciliation.next())
    #expect(step16 == "done")
  }
}

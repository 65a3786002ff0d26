#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
  import Foundation

  /// A real view that was still busy when the test stopped waiting for it.
  struct StillBusy: Error, CustomStringConvertible {
    /// What the test waited for.
    let what: String

    var description: String { "still waiting, after 10 s, for \(what)" }
  }

  /// Waits, letting the main run loop turn (animations end, SwiftUI updates its views), until
  /// `condition` holds.
  ///
  /// - Parameters:
  ///   - what: What the test waits for, for the error.
  ///   - condition: Checked on the main actor every 10 ms.
  /// - Throws: `StillBusy` when the condition does not hold after 10 s.
  @MainActor
  func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      guard ContinuousClock.now < deadline else { throw StillBusy(what: what) }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Lets the main run loop turn for a while, calling `body` every 10 ms: what is scheduled
  /// happens meanwhile (an animation's end, a view's update).
  ///
  /// - Parameters:
  ///   - duration: How long.
  ///   - body: Called on each turn, such as a layout pass.
  @MainActor
  func letTheRunLoopTurn(for duration: Duration = .milliseconds(500), _ body: () -> Void = {})
    async throws
  {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {
      body()
      try await Task.sleep(for: .milliseconds(10))
    }
  }
#endif

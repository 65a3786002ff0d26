import Dispatch
import Foundation
import TestSupport
import Testing

@testable import Relay

/// The upstream link of the single-upstream operators: its mirror follows every change made
/// under its lock, and the value path reads the mirror without taking the lock.
@Suite struct UpstreamLinkTests {
  @Test func theMirrorFollowsEveryChange() {
    let link = UpstreamLink()
    #expect(!link.isSubscribed)
    link.withLock { $0.status = .subscribed(TestSubscription()) }
    #expect(link.isSubscribed)
    link.withLock { $0.status = .terminated }
    #expect(!link.isSubscribed)
  }

  /// A value arriving while another thread holds the link's lock (a request or a cancel in
  /// progress) is not kept waiting for it.
  @Test func aValueDoesNotWaitForTheLock() {
    let link = UpstreamLink()
    link.withLock { $0.status = .subscribed(TestSubscription()) }
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      link.withLock { _ in
        holding.signal()
        release.wait()
      }
    }
    holding.wait()
    defer { release.signal() }
    let sawSubscribed = Locked(false)
    let finished = finishes(within: 2) { sawSubscribed.withLock { $0 = link.isSubscribed } }
    #expect(finished)
    #expect(sawSubscribed.withLock { $0 })
  }
}

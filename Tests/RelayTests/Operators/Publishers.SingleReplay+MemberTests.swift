import RelayTestSupport
import Testing

@testable import Relay

/// A member of `singleReplay` (a subscriber's place in the shared connection) cancels a second
/// subscription from the connection's relay instead of replacing the first, which could then
/// never be cancelled.
@Suite struct SingleReplayMemberTests {
  @Test func aMemberCancelsASecondSubscription() {
    let replay = PassthroughRelay<Int>().singleReplay()
    typealias Replay = Publishers.SingleReplay<PassthroughRelay<Int>>
    let member = Replay.Member(
      downstream: TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) }),
      replay: replay, connection: Replay.Connection())
    let first = TestSubscription()
    member.receive(subscription: first)
    let second = TestSubscription()
    member.receive(subscription: second)
    #expect(first.history == [.requested(.unlimited)])
    #expect(second.history == [.cancelled])
    member.cancel()
    #expect(first.history == [.requested(.unlimited), .cancelled])
  }
}

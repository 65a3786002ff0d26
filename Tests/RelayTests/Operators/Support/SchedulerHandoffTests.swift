import Testing

@testable import Relay

/// The handoff of `delay`, `timeout` and `collect` by time to their scheduler, driven by hand:
/// blocks are run in whatever order a concurrent queue might choose, and events still come out
/// in the order they went in.
@Suite struct SchedulerHandoffTests {
  let producer = ThreadIdentity.testing(1)
  let block = ThreadIdentity.testing(2)

  @Test func drainAllSchedulesOneBlockAtATimeThatTakesEverything() {
    var handoff = SchedulerHandoff<Int>(mode: .drainAll)
    let scheduled = [handoff.enqueue(1), handoff.enqueue(2), handoff.enqueue(3)]
    #expect(scheduled == [true, false, false])
    let first = Array(handoff.drainStarts())
    #expect(first == [1, 2, 3])
    #expect(!handoff.isDrainPending)
    // After the block started, the next event needs a block of its own.
    let schedulesAgain = handoff.enqueue(4)
    #expect(schedulesAgain)
    let second = Array(handoff.drainStarts())
    let third = Array(handoff.drainStarts())
    #expect(second == [4])
    #expect(third.isEmpty)
  }

  @Test func drainEachGivesEveryEventABlockThatTakesTheOldest() {
    var handoff = SchedulerHandoff<Int>(mode: .drainEach)
    let scheduled = [handoff.enqueue(1), handoff.enqueue(2), handoff.enqueue(3)]
    #expect(scheduled == [true, true, true])
    // Whichever block runs first takes the oldest event.
    let taken = (0..<4).map { _ in Array(handoff.drainStarts()) }
    #expect(taken == [[1], [2], [3], []])
  }

  @Test func removeAllLeavesThePendingBlockNothing() {
    var handoff = SchedulerHandoff<Int>(mode: .drainAll)
    let scheduled = [handoff.enqueue(1)]
    let removed = Array(handoff.removeAll())
    let schedulesAgain = handoff.enqueue(2)
    let drained = Array(handoff.drainStarts())
    #expect(scheduled == [true])
    #expect(removed == [1])
    // The block scheduled for the first event is still pending: it takes the second.
    #expect(!schedulesAgain)
    #expect(drained == [2])
  }

  /// A block that takes events while another block delivers submits them behind it; a block
  /// that finds nobody delivering delivers the first and keeps the rest for itself.
  @Test func submittingWhatABlockTookKeepsTheOrder() {
    var delivery = SerialDelivery<Int>()
    guard case .deliver(0) = delivery.submit(0, from: producer) else {
      Issue.record("the first event is not delivered at once")
      return
    }
    guard case .waits = delivery.submit(contentsOf: [1, 2], from: block) else {
      Issue.record("events submitted behind a runner do not wait for it")
      return
    }
    guard case .scheduleDrainer = delivery.next(from: producer) else {
      Issue.record("the runner does not hand another thread's events to a drainer")
      return
    }
    var delivered: [Int] = []
    var next = delivery.drainerStarts(on: block)
    while case .deliver(let event) = next {
      delivered.append(event)
      next = delivery.next(from: block)
    }
    #expect(delivered == [1, 2])
    delivered = []
    var other = SerialDelivery<Int>()
    guard case .deliver(1) = other.submit(contentsOf: [1, 2, 3], from: block) else {
      Issue.record("the first event of an idle delivery is not delivered at once")
      return
    }
    while case .deliver(let event) = other.next(from: block) { delivered.append(event) }
    #expect(delivered == [2, 3])
  }
}

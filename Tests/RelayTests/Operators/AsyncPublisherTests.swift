import Dispatch
import Foundation
import Relay
import TestSupport
import Testing

/// `values`, and issue 8's item 6 for it: its buffer never releases a value under its lock
/// (a value whose deinit sends to the same relay deadlocked), and it loses nothing.
@Suite struct AsyncPublisherTests {
  @Test func loopsOverEveryValueWithoutLosingAny() async {
    let relay = CurrentValueRelay(0)
    var iterator = relay.values.makeAsyncIterator()
    for value in 1...100 { relay.send(value) }
    var received: [Int] = []
    while received.count < 101, let value = await iterator.next() { received.append(value) }
    #expect(received == Array(0...100))
  }

  @Test func losesNothingWhenSendersRaceTheLoop() async {
    let relay = PassthroughRelay<Int>()
    var iterator = relay.values.makeAsyncIterator()
    let producer = Task.detached {
      runConcurrently(threads: 2) { thread in
        for value in 0..<2_000 { relay.send(thread * 10_000 + value) }
      }
    }
    var received: [Int] = []
    while received.count < 4_000, let value = await iterator.next() { received.append(value) }
    await producer.value
    #expect(received.filter { $0 < 10_000 } == Array(0..<2_000))
    #expect(received.filter { $0 >= 10_000 } == Array(10_000..<12_000))
  }

  @Test func taskCancellationEndsTheLoop() async {
    let relay = PassthroughRelay<Int>()
    let task = Task {
      var count = 0
      for await _ in relay.values { count += 1 }
      return count
    }
    try? await Task.sleep(nanoseconds: 20_000_000)
    task.cancel()
    #expect(await task.value == 0)
  }

  @Test func upstreamFinishingEndsTheLoop() async {
    let upstream = PassthroughRelay<Int>()
    let finisher = FinishingPublisher(upstream: upstream)
    var iterator = finisher.values.makeAsyncIterator()
    upstream.send(1)
    finisher.finish()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
  }

  /// A value the loop took is not kept by the buffer: it goes away when the loop drops it,
  /// even while later values still wait.
  @Test func theBufferDoesNotKeepAValueTheLoopTook() async {
    let relay = PassthroughRelay<DeinitProbe>()
    let released = Locked<[Int]>([])
    var iterator = relay.values.makeAsyncIterator()
    for id in 0..<3 { relay.send(DeinitProbe(id: id) { released.withLock { $0.append(id) } }) }
    var first = await iterator.next()
    #expect(first?.id == 0)
    first = nil
    #expect(released.withLock { $0 } == [0])
    _ = first
    withExtendedLifetime(iterator) {}
  }

  /// No deinit of a value runs under the buffer's lock: values released when the loop catches
  /// up, and when the iteration ends with values waiting, send to the same relay from theirs.
  @Test func valuesWhoseDeinitSendsToTheRelayDoNotDeadlock() async {
    let relay = PassthroughRelay<DeinitProbe>()
    let done = DispatchSemaphore(value: 0)
    let task = Task.detached {
      var iterator = relay.values.makeAsyncIterator()
      for id in 0..<4 {
        relay.send(DeinitProbe(id: id) { relay.send(DeinitProbe(id: 100 + id) {}) })
      }
      for _ in 0..<4 { _ = await iterator.next() }  // takes every value: the buffer empties
      for id in 10..<14 {
        relay.send(DeinitProbe(id: id) { relay.send(DeinitProbe(id: 100 + id) {}) })
      }
      // The iterator goes away with four values waiting: they are released.
      done.signal()
    }
    let finished = await Task.detached { done.wait(timeout: .now() + 10) == .success }.value
    #expect(finished, "deadlock")
    if finished { await task.value }
  }
}

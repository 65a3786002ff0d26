import Relay
import TestSupport
import Testing

@Suite struct AsyncPublisherTests {
  @Test func loopsOverEveryValueWithoutLosingAny() async {
    let relay = CurrentValueRelay(0)
    var iterator = relay.values.makeAsyncIterator()
    for value in 1...100 { relay.send(value) }
    var received: [Int] = []
    while received.count < 101, let value = await iterator.next() { received.append(value) }
    #expect(received == Array(0...100))
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
}

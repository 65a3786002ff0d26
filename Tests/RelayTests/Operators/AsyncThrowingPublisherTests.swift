import Relay
import RelayTestSupport
import Testing

/// `values` of a publisher that can fail: the values, then the failure thrown, once.
@Suite struct AsyncThrowingPublisherTests {
  @Test func throwsTheFailureAfterTheValuesBeforeIt() async {
    let subject = TestSubject<Int, TestingError>()
    var iterator = subject.values.makeAsyncIterator()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.oops))
    var received: [Int] = []
    await #expect(throws: TestingError.oops) {
      while let value = try await iterator.next() { received.append(value) }
    }
    #expect(received == [1, 2])
    // After the failure the loop is over.
    let after = try? await iterator.next()
    #expect(after == .some(nil))
  }

  @Test func aLoopWaitingReceivesTheFailure() async {
    let relay = PassthroughRelay<Int>()
    var iterator = relay.tryMap { value -> Int in
      if value < 0 { throw TestingError.oops }
      return value
    }.values.makeAsyncIterator()
    // The loop is waiting (most runs) when the failure comes from another thread.
    Task.detached {
      try? await Task.sleep(for: .milliseconds(20))
      relay.send(-1)
    }
    await #expect(throws: TestingError.oops) { try await iterator.next() }
  }

  @Test func finishingEndsTheLoop() async throws {
    let values = try await collect([3, 4, 5].publisher.setFailureType(to: TestingError.self))
    #expect(values == [3, 4, 5])
  }

  @Test func aPublisherThatNeverFailsStillHasTheNonThrowingValues() async {
    var received: [Int] = []
    for await value in [1, 2].publisher.values { received.append(value) }
    #expect(received == [1, 2])
  }

  private func collect<P: Publisher>(_ publisher: P) async throws -> [P.Output]
  where P.Output: Sendable {
    var values: [P.Output] = []
    for try await value in publisher.values { values.append(value) }
    return values
  }
}

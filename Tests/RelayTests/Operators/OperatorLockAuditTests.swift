import Dispatch
import Relay
import TestSupport
import Testing

/// Issue 8, item 6, for every operator outside the relay core: no user closure and no deinit
/// of a user value runs under an operator's lock. Each value here sends to the same relay and
/// subscribes to the same pipeline from its deinit; with a lock held that deadlocks, so each
/// case runs with a deadline.
@Suite struct OperatorLockAuditTests {
  struct Pipeline: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable (PassthroughRelay<DeinitProbe>) -> AnyPublisher<DeinitProbe, Never>
    var testDescription: String { name }
  }

  static let queue = DispatchQueue(label: "lock-audit")

  static let pipelines: [Pipeline] = [
    Pipeline(name: "map") { $0.map { $0 }.eraseToAnyPublisher() },
    Pipeline(name: "filter") { $0.filter { _ in true }.eraseToAnyPublisher() },
    Pipeline(name: "compactMap") { $0.compactMap { $0 }.eraseToAnyPublisher() },
    Pipeline(name: "removeDuplicates") {
      $0.removeDuplicates { $0 === $1 }.eraseToAnyPublisher()
    },
    Pipeline(name: "print") { $0.print("audit", to: LineRecorder()).eraseToAnyPublisher() },
    Pipeline(name: "receive(on:)") { $0.receive(on: queue).eraseToAnyPublisher() },
    Pipeline(name: "singleReplay") { $0.singleReplay().eraseToAnyPublisher() },
  ]

  @Test(arguments: pipelines)
  func valuesWhoseDeinitSendsAndSubscribesDoNotDeadlock(_ pipeline: Pipeline) {
    let finished = finishesWithin {
      let relay = PassthroughRelay<DeinitProbe>()
      let publisher = pipeline.make(relay)
      let received = Locked(0)
      let cancellable = publisher.sink { _ in received.withLock { $0 += 1 } }
      for id in 0..<5 {
        relay.send(
          DeinitProbe(id: id) {
            relay.send(DeinitProbe(id: 1000 + id) {})
            publisher.sink { _ in }.cancel()
          })
      }
      Self.queue.sync {}
      cancellable.cancel()
      Self.queue.sync {}
    }
    #expect(finished)
  }

  /// A value still held by the operator when the subscriber cancels (the previous value of
  /// `removeDuplicates`, the values waiting in `receive(on:)`) goes away outside its lock.
  @Test(arguments: pipelines)
  func valuesReleasedByACancelDoNotDeadlock(_ pipeline: Pipeline) {
    let finished = finishesWithin {
      let relay = PassthroughRelay<DeinitProbe>()
      let publisher = pipeline.make(relay)
      let cancellable = publisher.sink { _ in }
      Self.queue.suspend()
      for id in 0..<5 {
        relay.send(
          DeinitProbe(id: id) {
            relay.send(DeinitProbe(id: 1000 + id) {})
            publisher.sink { _ in }.cancel()
          })
      }
      cancellable.cancel()
      Self.queue.resume()
      Self.queue.sync {}
    }
    #expect(finished)
  }
}

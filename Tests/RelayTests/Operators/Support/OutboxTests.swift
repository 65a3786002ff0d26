import Foundation
import Testing

@testable import Relay

/// The outbox of `debounce`, `throttle` and `delay`, driven by hand: each step's answer is what
/// the operator would do once its lock is released.
@Suite struct OutboxTests {
  typealias Event = Outbox<Int, TestingError>.Event

  static func describe(_ event: Event?) -> String {
    switch event {
    case .value(let value)?: "value(\(value))"
    case .completion(.finished)?: "finished"
    case .completion(.failure(let error))?: "failure(\(error))"
    case nil: "nil"
    }
  }

  static func describe(_ step: Outbox<Int, TestingError>.Step) -> String {
    switch step {
    case .deliver(let event): describe(event)
    case .handOff: "handOff"
    case .idle: "idle"
    }
  }

  @Test func outboxHandsTheTokenToOneThreadAndKeepsTheOrder() {
    var outbox = Outbox<Int, TestingError>()
    var steps: [String] = []
    steps.append(Self.describe(outbox.deliverOrQueue(.value(1))))
    #expect(outbox.isDelivering)
    steps.append(Self.describe(outbox.deliverOrQueue(.value(2))))
    steps.append(Self.describe(outbox.deliverOrQueue(.completion(.finished))))
    #expect(outbox.count == 2)
    steps.append(Self.describe(outbox.step()))
    steps.append(Self.describe(outbox.step()))
    steps.append(Self.describe(outbox.step()))
    #expect(steps == ["value(1)", "nil", "nil", "value(2)", "finished", "idle"])
    #expect(!outbox.isDelivering)
    let taken = outbox.deliverOrQueue(.value(3))
    #expect(Self.describe(taken) == "value(3)")
    _ = outbox.deliverOrQueue(.value(4))
    let removed = outbox.removeAll()
    #expect(removed.count == 1)
    let after = outbox.step()
    #expect(Self.describe(after) == "idle")
    #expect(!outbox.isDelivering)
  }

  /// An outbox that is never quite empty, because other threads feed it while its drainer
  /// delivers, holds storage for the most events that waited at once, not for every event
  /// that passed through it.
  @Test func outboxFedWhileItDrainsKeepsBoundedStorage() {
    var outbox = Outbox<Int, TestingError>()
    _ = outbox.deliverOrQueue(.value(0))
    outbox.append(.value(1))
    #expect(Self.describe(outbox.drainerStarts()) == "value(1)")
    outbox.append(.value(2))
    var delivered = [0, 1]
    for next in 3...100_000 {
      // One more event arrives for each one the drainer delivers: two wait at most.
      outbox.append(.value(next))
      guard case .deliver(.value(let value)) = outbox.step() else {
        Issue.record("the drainer stopped with events waiting")
        return
      }
      delivered.append(value)
      #expect(outbox.count == 1)
    }
    #expect(delivered == Array(0..<100_000))
    #expect(outbox.events.capacity <= 4, "capacity \(outbox.events.capacity) for 2 waiting")
    _ = outbox.step()
    #expect(Self.describe(outbox.step()) == "idle")
  }

  /// A thread delivers what it caused itself; another thread's event goes to the drainer,
  /// which then delivers everything, in order.
  @Test func outboxHandsOtherThreadsEventsToTheDrainer() {
    final class Box: @unchecked Sendable {
      // Touched by one thread at a time: the other thread's block is awaited.
      var outbox = Outbox<Int, TestingError>()
    }
    let box = Box()
    _ = box.outbox.deliverOrQueue(.value(1))
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = box.outbox.deliverOrQueue(.value(2))
      done.signal()
    }
    done.wait()
    _ = box.outbox.deliverOrQueue(.value(3))  // sent from inside the delivery: the holder's own
    #expect(box.outbox.count == 2)
    #expect(Self.describe(box.outbox.step()) == "handOff")
    #expect(box.outbox.isDelivering)
    #expect(box.outbox.deliverOrQueue(.value(4)) == nil)
    var steps = [Self.describe(box.outbox.drainerStarts())]
    for _ in 0..<3 { steps.append(Self.describe(box.outbox.step())) }
    #expect(steps == ["value(2)", "value(3)", "value(4)", "idle"])
    #expect(!box.outbox.isDelivering)
  }
}

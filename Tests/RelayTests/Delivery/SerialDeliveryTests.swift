import Foundation
import TestSupport
import Testing

@testable import Relay

/// The serial-delivery rules, without threads: each test plays the owner's part, handing the
/// engine one event at a time as its lock would, from made-up thread identities.
@Suite struct SerialDeliveryTests {
  typealias Delivery = SerialDelivery<Int>

  let here = ThreadIdentity.testing(1)
  let elsewhere = ThreadIdentity.testing(2)
  let drainer = ThreadIdentity.testing(3)

  /// What a `Next` says, for comparing whole histories.
  static func describe(_ next: Delivery.Next) -> String {
    switch next {
    case .deliver(let event): "\(event)"
    case .scheduleDrainer: "schedule"
    case .stop: "stop"
    }
  }

  static func describe(_ submission: Delivery.Submission) -> String {
    switch submission {
    case .deliver(let event): "deliver \(event)"
    case .waits: "waits"
    case .scheduleDrainer: "schedule"
    }
  }

  static func describe(_ batch: Delivery.Batch) -> String {
    switch batch {
    case .deliver(let events): "\(events.map(\.event))"
    case .scheduleDrainer: "schedule"
    case .stop: "stop"
    }
  }

  static func describe(_ batch: DeliveryQueue<Delivery.Waiting>?) -> String {
    batch.map { "\($0.map(\.event))" } ?? "nil"
  }

  /// Asks for the next event until the runner stops or hands on.
  static func drain(_ delivery: inout Delivery, from thread: ThreadIdentity) -> [String] {
    var steps: [String] = []
    while true {
      let next = delivery.next(from: thread)
      steps.append(describe(next))
      guard case .deliver = next else { return steps }
    }
  }

  @Test func aProducerThatFindsNobodyDeliversItsOwnEventAndWhatItCauses() {
    var delivery = Delivery()
    let answer1 = delivery.submit(1, from: here)
    #expect(Self.describe(answer1) == "deliver 1")
    #expect(delivery.isRunning(on: here))
    // Sent from inside the delivery of 1: its own work.
    let answer2 = delivery.submit(2, from: here)
    #expect(Self.describe(answer2) == "waits")
    let drained1 = Self.drain(&delivery, from: here)
    #expect(drained1 == ["2", "stop"])
    #expect(!delivery.isActive)
  }

  /// An owner that queued events itself (`enqueue`) before scheduling their drainer: a producer
  /// may not jump ahead of them, and the events keep their order.
  @Test func aProducerNeverDeliversAheadOfEventsThatWait() {
    var delivery = Delivery()
    delivery.enqueue(1, from: elsewhere)
    let claimed = delivery.claim(from: here)
    #expect(!claimed)
    let answer = delivery.submit(2, from: here)
    #expect(Self.describe(answer) == "schedule")
    #expect(Self.describe(delivery.drainerStarts(on: drainer)) == "1")
    #expect(Self.drain(&delivery, from: drainer) == ["2", "stop"])
  }

  /// The runner's hot path: it stops at once when nothing waits, and otherwise is left to ask
  /// for the next event.
  @Test func theRunnerStopsIfIdleOnlyWhenNothingWaits() {
    var delivery = Delivery()
    let claimed = delivery.claim(from: here)
    #expect(claimed)
    _ = delivery.submit(2, from: elsewhere)
    let stoppedWithWork = delivery.stopIfIdle(from: here)
    #expect(!stoppedWithWork)
    #expect(delivery.isRunning(on: here))
    let drained = Self.drain(&delivery, from: here)
    #expect(drained == ["schedule"])
    let first = delivery.drainerStarts(on: drainer)
    #expect(Self.describe(first) == "2")
    let stoppedIdle = delivery.stopIfIdle(from: drainer)
    #expect(stoppedIdle)
    #expect(!delivery.isActive)
  }

  @Test func anotherThreadsEventGoesToTheDrainerWhichDeliversEverythingInOrder() {
    var delivery = Delivery()
    _ = delivery.submit(1, from: here)
    let answer3 = delivery.submit(2, from: elsewhere)
    #expect(Self.describe(answer3) == "waits")
    let answer4 = delivery.submit(3, from: here)
    #expect(Self.describe(answer4) == "waits")  // own, but behind 2
    let drained2 = Self.drain(&delivery, from: here)
    #expect(drained2 == ["schedule"])
    #expect(!delivery.isRunning(on: here))
    #expect(delivery.isActive)
    // The producer returned; a new event waits for the drainer scheduled.
    let answer5 = delivery.submit(4, from: here)
    #expect(Self.describe(answer5) == "waits")
    var steps = [Self.describe(delivery.drainerStarts(on: drainer))]
    steps += Self.drain(&delivery, from: drainer)
    #expect(steps == ["2", "3", "4", "stop"])
    #expect(!delivery.isActive)
  }

  @Test func aProducerDeliversItsOwnEventsUpToTheFirstOfAnotherThread() {
    var delivery = Delivery()
    _ = delivery.submit(1, from: here)
    _ = delivery.submit(2, from: here)
    _ = delivery.submit(3, from: elsewhere)
    _ = delivery.submit(4, from: here)
    let drained3 = Self.drain(&delivery, from: here)
    #expect(drained3 == ["2", "schedule"])
  }

  @Test func theDrainerHandsOnToANewBlockAfterItsTurns() {
    var delivery = Delivery(drainerTurns: 2)
    _ = delivery.submit(0, from: here)
    for value in 1...5 { _ = delivery.submit(value, from: elsewhere) }
    let drained4 = Self.drain(&delivery, from: here)
    #expect(drained4 == ["schedule"])
    var steps = [Self.describe(delivery.drainerStarts(on: drainer))]
    steps += Self.drain(&delivery, from: drainer)
    #expect(steps == ["1", "2", "schedule"])
    steps = [Self.describe(delivery.drainerStarts(on: drainer))]
    steps += Self.drain(&delivery, from: drainer)
    #expect(steps == ["3", "4", "schedule"])
    steps = [Self.describe(delivery.drainerStarts(on: drainer))]
    steps += Self.drain(&delivery, from: drainer)
    #expect(steps == ["5", "stop"])
  }

  /// A delivery that is never quite idle, because another thread sends one more event for each
  /// one the drainer delivers, holds storage for the most events that waited at once, not for
  /// every event that passed through it; and it loses none.
  @Test func aDrainerFedAsFastAsItDeliversKeepsBoundedStorage() {
    var delivery = Delivery(drainerTurns: 64)
    var delivered: [Int] = []
    if case .deliver(let first) = delivery.submit(0, from: here) { delivered.append(first) }
    _ = delivery.submit(1, from: elsewhere)
    var next = delivery.next(from: here)
    #expect(Self.describe(next) == "schedule")
    next = delivery.drainerStarts(on: drainer)
    for value in 2...100_000 {
      // The one just sent is the only one waiting: the queue is never empty, never longer.
      _ = delivery.submit(value, from: elsewhere)
      #expect(delivery.waiting.count == 1)
      switch next {
      case .deliver(let event): delivered.append(event)
      case .scheduleDrainer: break
      case .stop: Issue.record("the drainer stopped with events waiting")
      }
      next = delivery.next(from: drainer)
      if case .scheduleDrainer = next { next = delivery.drainerStarts(on: drainer) }
    }
    while case .deliver(let event) = next {
      delivered.append(event)
      next = delivery.next(from: drainer)
    }
    #expect(delivered == Array(0...100_000))
    #expect(delivery.waiting.capacity <= 4, "capacity \(delivery.waiting.capacity) for 1 waiting")
  }

  /// What the drainer sends from inside its deliveries is delivered in its turns, as its own.
  @Test func theDrainerIsTheRunnerForWhatItSends() {
    var delivery = Delivery()
    _ = delivery.submit(0, from: here)
    _ = delivery.submit(1, from: elsewhere)
    _ = delivery.next(from: here)
    let answer6 = delivery.drainerStarts(on: drainer)
    #expect(Self.describe(answer6) == "1")
    #expect(delivery.isRunning(on: drainer))
    let answer7 = delivery.submit(2, from: drainer)
    #expect(Self.describe(answer7) == "waits")
    let drained5 = Self.drain(&delivery, from: drainer)
    #expect(drained5 == ["2", "stop"])
  }

  @Test func aProducerThatMayNotDeliverHereSchedulesTheDrainer() {
    var delivery = Delivery()
    let answer8 = delivery.submit(1, from: elsewhere, canDeliverHere: false)
    #expect(Self.describe(answer8) == "schedule")
    let answer9 = delivery.submit(2, from: here)
    #expect(Self.describe(answer9) == "waits")
    var steps = [Self.describe(delivery.drainerStarts(on: drainer))]
    steps += Self.drain(&delivery, from: drainer)
    #expect(steps == ["1", "2", "stop"])
  }

  /// `receive(on:)`'s mode: no producer delivers; each block delivers what waited when it
  /// started, and an event that finds no block scheduled schedules one.
  @Test func inTheDrainerModeEachEventFindingNoBlockSchedulesOne() {
    var delivery = Delivery(mode: .drainerDelivers)
    let answer10 = delivery.submit(1, from: here)
    #expect(Self.describe(answer10) == "schedule")
    let answer11 = delivery.submit(2, from: elsewhere)
    #expect(Self.describe(answer11) == "waits")
    let answer12 = delivery.drainerStarts(on: drainer)
    #expect(Self.describe(answer12) == "1")
    // Sent while the block delivers: it waits for a block scheduled after it.
    let answer13 = delivery.submit(3, from: here)
    #expect(Self.describe(answer13) == "schedule")
    let drained6 = Self.drain(&delivery, from: drainer)
    #expect(drained6 == ["2", "stop"])
    var steps = [Self.describe(delivery.drainerStarts(on: drainer))]
    steps += Self.drain(&delivery, from: drainer)
    #expect(steps == ["3", "stop"])
  }

  /// A block that takes the events in a batch takes what waited when it started, all at once;
  /// what is sent meanwhile goes to the block it scheduled, which takes it as the next batch.
  @Test func aBlockTakesWhatWaitedWhenItStartedAsOneBatch() {
    var delivery = Delivery(mode: .drainerDelivers)
    #expect(Self.describe(delivery.submit(1, from: here)) == "schedule")
    #expect(Self.describe(delivery.submit(2, from: elsewhere)) == "waits")
    let batch = delivery.drainerTakesBatch(on: drainer)
    #expect(batch.map { $0.map(\.event) } == [1, 2])
    #expect(delivery.waiting.isEmpty)
    #expect(delivery.isRunning(on: drainer))
    // Sent while the batch is delivered: it schedules the next block.
    #expect(Self.describe(delivery.submit(3, from: here)) == "schedule")
    #expect(Self.describe(delivery.nextBatch(from: drainer)) == "stop")
    #expect(!delivery.isRunning(on: drainer))
    #expect(delivery.drainerTakesBatch(on: drainer).map { $0.map(\.event) } == [3])
    #expect(Self.describe(delivery.nextBatch(from: drainer)) == "stop")
    #expect(!delivery.isActive)
  }

  /// A producer that delivered its own event takes what it queued itself meanwhile as one
  /// batch, up to the first of another thread's, which goes to a drainer's batch with what
  /// follows it.
  @Test func aProducerTakesItsOwnEventsAsABatchUpToAnotherThreads() {
    var delivery = Delivery()
    #expect(Self.describe(delivery.submit(1, from: here)) == "deliver 1")
    _ = delivery.submit(2, from: here)
    _ = delivery.submit(3, from: here)
    _ = delivery.submit(4, from: elsewhere)
    _ = delivery.submit(5, from: here)
    #expect(Self.describe(delivery.nextBatch(from: here)) == "[2, 3]")
    #expect(Self.describe(delivery.nextBatch(from: here)) == "schedule")
    #expect(delivery.drainerTakesBatch(on: here).map { $0.map(\.event) } == [4, 5])
    #expect(Self.describe(delivery.nextBatch(from: here)) == "stop")
    // A producer whose batch is followed by nothing stops at once.
    #expect(Self.describe(delivery.submit(6, from: elsewhere)) == "deliver 6")
    #expect(Self.describe(delivery.nextBatch(from: elsewhere)) == "stop")
    #expect(!delivery.isActive)
  }

  /// On a concurrent queue the block scheduled for an event may start while an earlier one
  /// still delivers its batch: it takes nothing, and the earlier one hands what waits to a new
  /// block when its batch is over, so nothing is left with nobody to deliver it.
  @Test func aBatchBlockThatStartsWhileAnotherDeliversLeavesItTheEvents() {
    var delivery = Delivery(mode: .drainerDelivers)
    var history: [String] = []
    for (value, thread) in [(1, drainer), (2, elsewhere)] {
      _ = delivery.submit(value, from: here)  // the second schedules a second block
      history.append(Self.describe(delivery.drainerTakesBatch(on: thread)))
    }
    history.append(Self.describe(delivery.nextBatch(from: drainer)))
    history.append(Self.describe(delivery.drainerTakesBatch(on: elsewhere)))
    history.append(Self.describe(delivery.nextBatch(from: elsewhere)))
    #expect(history == ["[1]", "nil", "schedule", "[2]", "stop"])
    // A cancel while a batch is delivered leaves the next batch empty: the block returns.
    _ = delivery.submit(3, from: here)
    _ = delivery.drainerTakesBatch(on: drainer)
    _ = delivery.submit(4, from: here)
    #expect(delivery.removeAll().map(\.event) == [4])
    #expect(Self.describe(delivery.nextBatch(from: drainer)) == "stop")
    #expect(delivery.drainerTakesBatch(on: drainer) == nil)
    #expect(!delivery.isActive)
  }

  /// On a concurrent queue a block may start while another still delivers: it leaves the
  /// events to that one.
  @Test func aBlockThatStartsWhileAnotherDeliversLeavesItTheEvents() {
    var delivery = Delivery(mode: .drainerDelivers)
    _ = delivery.submit(1, from: here)
    _ = delivery.drainerStarts(on: drainer)
    _ = delivery.submit(2, from: here)  // schedules a second block
    let answer14 = delivery.drainerStarts(on: elsewhere)
    #expect(Self.describe(answer14) == "stop")
    // The first block's batch is over and nobody is scheduled: it hands on to a new block.
    let drained7 = Self.drain(&delivery, from: drainer)
    #expect(drained7 == ["schedule"])
    var steps = [Self.describe(delivery.drainerStarts(on: elsewhere))]
    steps += Self.drain(&delivery, from: elsewhere)
    #expect(steps == ["2", "stop"])
  }

  @Test func removeAllLeavesTheRunnerNothingToDeliver() {
    var delivery = Delivery()
    _ = delivery.submit(1, from: here)
    _ = delivery.submit(2, from: here)
    _ = delivery.submit(3, from: elsewhere)
    let removed = delivery.removeAll()
    #expect(Array(removed.map(\.event)) == [2, 3])
    let drained8 = Self.drain(&delivery, from: here)
    #expect(drained8 == ["stop"])
    #expect(!delivery.isActive)
  }

  @Test func aClaimWhileSomebodyDeliversFails() {
    var delivery = Delivery()
    let claimed15 = delivery.claim(from: here)
    #expect(claimed15)
    let claimed16 = delivery.claim(from: elsewhere)
    #expect(!claimed16)
    delivery.runnerStopped()
    let claimed17 = delivery.claim(from: elsewhere)
    #expect(claimed17)
    var drainerMode = Delivery(mode: .drainerDelivers)
    let claimed18 = drainerMode.claim(from: here)
    #expect(!claimed18)
  }

  /// A long random interleaving of producers and drainers: every event is delivered once, in
  /// the order it was submitted, by one runner at a time, and no producer delivers another
  /// thread's event.
  @Test(arguments: [SerialDelivery<Int>.Mode.producersDeliver, .drainerDelivers])
  func randomInterleavingsDeliverEveryEventOnceInOrder(mode: SerialDelivery<Int>.Mode) {
    for seed in UInt64(0)..<30 {
      var random = SeededRandomNumberGenerator(seed: seed)
      var delivery = Delivery(mode: mode, drainerTurns: 3)
      var delivered: [Int] = []
      var submitted: [(value: Int, thread: ThreadIdentity)] = []
      var scheduledBlocks = 0
      let producers = [here, elsewhere]
      var next = 0
      func follow(_ answer: Delivery.Next, on thread: ThreadIdentity) {
        var answer = answer
        while case .deliver(let value) = answer {
          delivered.append(value)
          if mode == .producersDeliver, thread != drainer {
            let sender = submitted.first { $0.value == value }?.thread
            #expect(sender == thread, "seed \(seed): a producer delivered another's event")
          }
          // Sometimes the consumer sends from inside its call.
          if Bool.random(using: &random) {
            submitted.append((next, thread))
            if case .scheduleDrainer = delivery.submit(next, from: thread) { scheduledBlocks += 1 }
            next += 1
          }
          answer = delivery.next(from: thread)
        }
        if case .scheduleDrainer = answer { scheduledBlocks += 1 }
      }
      for _ in 0..<300 {
        if scheduledBlocks > 0, Bool.random(using: &random) {
          scheduledBlocks -= 1
          follow(delivery.drainerStarts(on: drainer), on: drainer)
          continue
        }
        let producer = producers[Int.random(in: 0..<2, using: &random)]
        if delivery.isRunning(on: producer) { continue }  // a runner is inside a call
        submitted.append((next, producer))
        switch delivery.submit(next, from: producer) {
        case .deliver(let value):
          next += 1
          follow(.deliver(value), on: producer)
        case .scheduleDrainer:
          next += 1
          scheduledBlocks += 1
        case .waits:
          next += 1
        }
      }
      while scheduledBlocks > 0 {
        scheduledBlocks -= 1
        follow(delivery.drainerStarts(on: drainer), on: drainer)
      }
      #expect(delivered == submitted.map(\.value), "seed \(seed)")
      #expect(!delivery.isActive, "seed \(seed)")
    }
  }
}

extension ThreadIdentity {
  /// A made-up thread, for tests that play several threads on one.
  static func testing(_ number: Int) -> ThreadIdentity {
    #if canImport(Glibc) || canImport(Musl)
      ThreadIdentity(thread: pthread_t(number))
    #else
      ThreadIdentity(thread: pthread_t(bitPattern: number)!)
    #endif
  }
}

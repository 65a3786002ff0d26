import TestSupport
import Testing

@testable import Relay

/// The one FIFO behind every delivery: order, moving out, bounded storage.
@Suite struct DeliveryQueueTests {
  @Test func keepsTheOrderAcrossWrapAround() {
    var queue = DeliveryQueue<Int>()
    var expected: [Int] = []
    var next = 0
    // Keep 1 to 3 elements waiting, so that the ring wraps around many times.
    for round in 0..<1_000 {
      for _ in 0..<(round % 3 + 1) {
        queue.append(next)
        expected.append(next)
        next += 1
      }
      while queue.count > 1 {
        let popped = queue.popFirst()
        #expect(popped == expected.removeFirst())
      }
    }
    #expect(Array(queue) == expected)
  }

  /// `removeEach(while:)` moves the elements out oldest first, across the ring's wrap, and
  /// stops where its body says, leaving the rest in order; a shared copy keeps its elements.
  @Test func removeEachMovesOutOldestFirstUntilTheBodyStops() {
    var queue = DeliveryQueue<Int>()
    for value in 0..<6 { queue.append(value) }
    for _ in 0..<3 { _ = queue.popFirst() }
    for value in 6..<9 { queue.append(value) }  // wraps around the 8-slot ring
    let shared = queue
    var seen: [Int] = []
    queue.removeEach { value in
      seen.append(value)
      return value < 5
    }
    #expect(seen == [3, 4, 5])
    #expect(Array(queue) == [6, 7, 8])
    #expect(Array(shared) == [3, 4, 5, 6, 7, 8])
    queue.removeEach { value in
      seen.append(value)
      return true
    }
    #expect(seen == [3, 4, 5, 6, 7, 8])
    #expect(queue.isEmpty)
    queue.append(9)
    #expect(Array(queue) == [9])
  }

  /// A queue that is never quite empty while it is fed keeps the storage of the most that
  /// waited at once, not of everything that passed through.
  @Test func aQueueFedAsFastAsItDrainsKeepsBoundedStorage() {
    var queue = DeliveryQueue<Int>()
    queue.append(0)
    for value in 1...100_000 {
      queue.append(value)
      _ = queue.popFirst()
      #expect(queue.count == 1)
    }
    #expect(queue.capacity <= 4)
  }

  @Test func shrinksOnceMostlyEmpty() {
    var queue = DeliveryQueue<Int>()
    for value in 0..<1_024 { queue.append(value) }
    #expect(queue.capacity == 1_024)
    while queue.count > 4 { _ = queue.popFirst() }
    #expect(queue.capacity <= 16)
    #expect(Array(queue) == [1_020, 1_021, 1_022, 1_023])
  }

  @Test func removesFromTheMiddleAndFindsElements() {
    var queue = DeliveryQueue<Int>()
    for value in 0..<6 { queue.append(value) }
    _ = queue.popFirst()
    _ = queue.popFirst()
    for value in 6..<9 { queue.append(value) }  // wraps around a capacity of 8
    #expect(queue.firstIndex { $0 % 2 == 1 } == 1)
    #expect(queue.lastIndex { $0 < 5 } == 2)
    #expect(queue.count { $0 > 5 } == 3)
    let removed = queue.remove(at: 3)
    #expect(removed == 5)
    #expect(Array(queue) == [2, 3, 4, 6, 7, 8])
    queue[0] = 20
    #expect(queue.first == 20)
  }

  /// A copy keeps its elements when the original changes (copy on write).
  @Test func copiesOnWrite() {
    var queue = DeliveryQueue<Int>()
    for value in 0..<3 { queue.append(value) }
    let copy = queue
    _ = queue.popFirst()
    queue.append(3)
    #expect(Array(copy) == [0, 1, 2])
    #expect(Array(queue) == [1, 2, 3])
  }

  /// Moving elements out and taking the queue release nothing in the queue itself; each
  /// element is released once, by whoever holds it last.
  @Test func releasesEachElementOnceWhereItsHolderLetsItGo() {
    let released = Locked(0)
    var queue = DeliveryQueue<DeinitCounter>()
    for _ in 0..<10 { queue.append(DeinitCounter(released)) }
    var popped = queue.popFirst()
    #expect(released.withLock { $0 } == 0)
    popped = nil
    #expect(released.withLock { $0 } == 1)
    var taken = queue.take()
    #expect(queue.isEmpty && queue.capacity == 0)
    #expect(released.withLock { $0 } == 1)
    taken = DeliveryQueue()
    #expect(released.withLock { $0 } == 10)
    _ = (popped, taken)
  }

  @Test func randomOperationsMatchAnArray() {
    for seed in UInt64(0)..<20 {
      var random = SeededRandomNumberGenerator(seed: seed)
      var queue = DeliveryQueue<Int>()
      var model: [Int] = []
      for step in 0..<2_000 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
          queue.append(step)
          model.append(step)
        case 5..<8:
          let popped = queue.popFirst()
          let expected = model.isEmpty ? nil : model.removeFirst()
          #expect(popped == expected, "seed \(seed)")
        case 8 where !model.isEmpty:
          let offset = Int.random(in: 0..<model.count, using: &random)
          let removed = queue.remove(at: offset)
          #expect(removed == model.remove(at: offset), "seed \(seed)")
        default:
          let snapshot = queue
          #expect(Array(snapshot) == model, "seed \(seed)")
        }
        // Storage follows what waits: it grows to twice it and halves once it is a quarter.
        #expect(queue.capacity <= max(16, 8 * model.count), "seed \(seed)")
      }
      #expect(Array(queue) == model, "seed \(seed)")
    }
  }
}

/// Counts its deinit in a shared counter.
final class DeinitCounter: Sendable {
  let counter: Locked<Int>
  init(_ counter: Locked<Int>) { self.counter = counter }
  deinit { counter.withLock { $0 += 1 } }
}

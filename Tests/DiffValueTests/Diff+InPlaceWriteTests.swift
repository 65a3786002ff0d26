import DiffValue
import Foundation
import RelayTestSupport
import TestSupport
import Testing

/// A state with a selected field, an unselected one and two arrays, one of each.
struct Inventory: Equatable, Sendable {
  var title = ""
  var count = 0
  var log: [Int] = []
  var picked: [Int] = []

  /// Waits for `gate` in the middle of a write, so that a test can act while it runs.
  mutating func slowlySetCount(_ count: Int, entered: DispatchSemaphore, gate: DispatchSemaphore) {
    entered.signal()
    gate.wait()
    self.count = count
  }

  struct Failure: Error {}

  /// Changes `count`, then throws.
  mutating func setCountThenThrow(_ count: Int) throws {
    self.count = count
    throw Failure()
  }
}

final class InventoryModel: @unchecked Sendable {
  // `@Diff` properties are thread-safe; the class has no other state.
  @Diff(\.title, \.picked) var inventory = Inventory()
}

/// Writes through the property to one part (`model.state.count = n`,
/// `model.state.items.append(x)`): in place, published only when a selected part changed, and
/// atomic with respect to other threads' reads and writes.
@Suite struct DiffInPlaceWriteTests {
  /// The address of an array's elements, to tell an append in place from a copy.
  static func address(_ array: [Int]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func aWriteToAPartPublishesOnlyWhenASelectedPartChanged() {
    let model = InventoryModel()
    let tracker = TrackingSubscriber<Inventory, Never>(demand: .unlimited)
    model.$inventory.subscribe(tracker)
    model.inventory.count = 3  // not selected: stored only
    model.inventory.title = "Fruit"  // selected: published
    model.inventory.title += ""  // unchanged: nothing
    model.inventory.picked.append(7)  // selected array: published
    #expect(model.inventory.count == 3)
    #expect(tracker.values.map(\.title) == ["", "Fruit", "Fruit"])
    #expect(tracker.values.map(\.count) == [0, 3, 3])
    #expect(tracker.values.last?.picked == [7])
  }

  /// An unselected array grows in place: its storage is never copied, so an append costs the
  /// same at any length.
  @Test func anUnselectedArrayAppendsInPlace() {
    let model = InventoryModel()
    let subscription = model.$inventory.sink { _ in }
    model.inventory.log.reserveCapacity(10_000)
    let before = Self.address(model.inventory.log)
    for value in 0..<10_000 { model.inventory.log.append(value) }
    #expect(Self.address(model.inventory.log) == before)
    #expect(model.inventory.log.count == 10_000)
    subscription.cancel()
  }

  /// A selected array is compared with its value before the write, which keeps the old
  /// storage alive: each append copies it (the cost `Performance` documents).
  @Test func aSelectedArrayIsComparedWithItsOldValue() {
    let model = InventoryModel()
    var published: [[Int]] = []
    let subscription = model.$inventory.sink { published.append($0.picked) }
    for value in 0..<3 { model.inventory.picked.append(value) }
    #expect(published == [[], [0], [0, 1], [0, 1, 2]])
    subscription.cancel()
  }

  /// A read on another thread while a write changes the value in place waits for it, and
  /// sees the written value: of the property itself, and (subscribed) of its relay, whose
  /// readers wait while the write has the value moved out.
  @Test(arguments: [false, true])
  func aReadOnAnotherThreadWaitsForTheWrite(subscribed: Bool) {
    let model = InventoryModel()
    let subscription = subscribed ? model.$inventory.sink { _ in } : nil
    defer { subscription?.cancel() }
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let read = Locked<Int?>(nil)
    let writer = Thread { model.inventory.slowlySetCount(5, entered: entered, gate: gate) }
    writer.start()
    entered.wait()
    let reader = Thread {
      let count = model.inventory.count
      read.withLock { $0 = count }
    }
    reader.start()
    Thread.sleep(forTimeInterval: 0.05)
    #expect(read.withLock { $0 } == nil, "the read did not wait for the write")
    gate.signal()
    #expect(eventually { read.withLock { $0 } != nil })
    #expect(read.withLock { $0 } == 5)
  }

  /// A whole-value write from another thread during an in-place write waits behind it, as
  /// behind a `modify`: the last write wins, and both are published in order.
  @Test func aSendDuringAnInPlaceWriteComesAfterIt() {
    let model = InventoryModel()
    let titles = Locked<[String]>([])
    let subscription = model.$inventory.sink { value in titles.withLock { $0.append(value.title) } }
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let writer = Thread {
      model.inventory.slowlySetCount(5, entered: entered, gate: gate)
    }
    writer.start()
    entered.wait()
    model.inventory = Inventory(title: "later")  // returns at once: held behind the write
    gate.signal()
    #expect(eventually { titles.withLock { $0 } == ["", "later"] })
    #expect(model.inventory.title == "later")
    #expect(model.inventory.count == 0)
    subscription.cancel()
  }

  /// With nobody subscribed (the value in the property itself), a whole write during another
  /// thread's in-place write returns at once too, and is stored after it; a subscriber arriving
  /// meanwhile waits for both and receives the last as its first value.
  @Test(arguments: [false, true])
  func aWholeWriteDuringAnInPlaceWriteOfAnUnsubscribedPropertyIsKeptForAfterIt(
    subscribesDuring: Bool
  ) {
    let model = InventoryModel()
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let writer = Thread { model.inventory.slowlySetCount(5, entered: entered, gate: gate) }
    writer.start()
    entered.wait()
    let returned = finishes(within: 5) { model.inventory = Inventory(title: "later") }
    #expect(returned, "the whole write waited for the in-place write")
    let titles = Locked<[String]>([])
    let subscribed = Locked<AnyCancellable?>(nil)
    if subscribesDuring {
      Thread {
        let subscription = model.$inventory.sink { value in
          titles.withLock { $0.append(value.title) }
        }
        subscribed.withLock { $0 = subscription }
      }.start()
      Thread.sleep(forTimeInterval: 0.02)
      #expect(subscribed.withLock { $0 } == nil, "the first subscriber did not wait")
    }
    gate.signal()
    #expect(eventually { model.inventory.title == "later" })
    #expect(model.inventory.count == 0, "the in-place write's result came after the whole write")
    if subscribesDuring {
      #expect(eventually { subscribed.withLock { $0 } != nil })
      #expect(titles.withLock { $0 } == ["later"])
    }
  }

  /// A mutation that throws keeps what it changed before throwing, as an `inout` argument does.
  @Test func aThrowingMutationKeepsItsChanges() {
    let model = InventoryModel()
    #expect(throws: Inventory.Failure.self) { try model.inventory.setCountThenThrow(4) }
    #expect(model.inventory.count == 4)
    model.inventory.title = "after"  // the relay is free again
    #expect(model.inventory.title == "after")
  }

  /// From inside a subscriber the write changes a copy of the value the round delivers, and is
  /// delivered after that round.
  @Test func aWriteFromInsideASubscriberIsDeliveredAfterTheRound() {
    let model = InventoryModel()
    var titles: [String] = []
    let subscription = model.$inventory.sink { value in
      titles.append(value.title)
      if value.title == "a" { model.inventory.title = "b" }
    }
    model.inventory.title = "a"
    #expect(titles == ["", "a", "b"])
    #expect(model.inventory.title == "b")
    subscription.cancel()
  }

  /// Many threads writing parts, whole values and `modify`s, with readers: no write is lost
  /// and every published value differs from the one before on the selected parts.
  @Test func concurrentWritesLoseNothing() {
    let model = InventoryModel()
    let published = Locked<[Inventory]>([])
    let subscription = model.$inventory.sink { value in published.withLock { $0.append(value) } }
    let perThread = 500
    runConcurrently(threads: 4) { thread in
      for index in 0..<perThread {
        switch thread {
        case 0: model.inventory.log.append(index)
        case 1: model.$inventory.modify { $0.count += 1 }
        case 2: model.inventory.picked.append(index)
        default: _ = model.inventory.count
        }
      }
    }
    #expect(eventually { published.withLock { $0.last?.picked.count } == perThread })
    #expect(model.inventory.log.count == perThread)
    #expect(model.inventory.count == perThread)
    #expect(model.inventory.picked.count == perThread)
    let values = published.withLock { $0 }
    #expect(
      zip(values, values.dropFirst()).allSatisfy { $0.title != $1.title || $0.picked != $1.picked })
    subscription.cancel()
  }

  /// A part passed `inout` to an `async` function is written when the function returns, on
  /// whichever thread its task resumed: the write ends there, and is published once.
  @Test func aPartPassedInoutToAnAsyncFunctionIsWrittenWhenItReturns() async {
    let model = InventoryModel()
    let published = Locked<[[Int]]>([])
    let subscription = model.$inventory.sink { value in
      published.withLock { $0.append(value.picked) }
    }
    var expected: [Int] = []
    var resumedElsewhere = 0
    // Until the task has resumed on another thread a few times (the global executor's threads
    // take turns), at most 2,000 writes.
    while resumedElsewhere < 5 && expected.count < 2_000 {
      let index = expected.count
      if await appendAfterSuspending(index, to: &model.inventory.picked) { resumedElsewhere += 1 }
      expected.append(index)
    }
    #expect(resumedElsewhere > 0, "the writes never resumed on another thread: nothing was tried")
    #expect(model.inventory.picked == expected)
    #expect(published.withLock { $0 } == (0...expected.count).map { Array(expected.prefix($0)) })
    subscription.cancel()
  }

  /// A read on the thread that is changing the value in place is an overlapping access, as
  /// Swift's exclusivity rules say: it stops the program with a message.
  @Test func aReadInsideTheWriteOnItsOwnThreadStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let model = InventoryModel()
      model.inventory.log.append(model.inventory.count)  // fine: the argument is read first
      withExtendedLifetime(model) { readInside(model) }
    }
  }
}

/// Suspends, then appends `element` to `array`; whether it resumed on another thread.
private func appendAfterSuspending(_ element: Int, to array: inout [Int]) async -> Bool {
  let before = pthread_self()
  try? await Task.sleep(nanoseconds: 100_000)
  array.append(element)
  return pthread_equal(before, pthread_self()) == 0
}

/// Reads `model.inventory` from inside a write to it.
private func readInside(_ model: InventoryModel) {
  model.inventory.count = { () -> Int in model.inventory.count + 1 }()  // read before: fine
  model.inventory.readTwice(model)
}

extension Inventory {
  /// Reads the model's property while being changed through it.
  mutating func readTwice(_ model: InventoryModel) {
    count = model.inventory.count
  }
}

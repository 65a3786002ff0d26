import Relay
import TestSupport
import Testing

/// OpenCombine's `AnyCancellableTests`, whose outcomes are Combine's.
@Suite struct AnyCancellableTests {
  @Test func aClosureRunsOnCancelAndOnDeinit() {
    var fired = false
    let cancellable = AnyCancellable { fired = true }
    #expect(!fired)
    cancellable.cancel()
    #expect(fired)
    fired = false
    do { _ = AnyCancellable { fired = true } }
    #expect(fired, "AnyCancellable cancels on deinit")
  }

  @Test func aWrappedCancellableIsCancelledOnCancelAndOnDeinit() {
    final class Counting: Cancellable {
      var fired = false
      func cancel() { fired = true }
    }
    let counting = Counting()
    let cancellable = AnyCancellable(counting)
    #expect(!counting.fired)
    cancellable.cancel()
    #expect(counting.fired)
    counting.fired = false
    do { _ = AnyCancellable(counting) }
    #expect(counting.fired, "AnyCancellable cancels on deinit")
  }

  @Test func aWrappedValueCancellableIsCancelledOnceOnCancelAndOnDeinit() {
    // Ours, beside OpenCombine's: a value type is kept in a closure, a class as the object
    // itself, and both cancel alike.
    final class Counter { var count = 0 }
    struct Forwarding: Cancellable {
      let counter: Counter
      func cancel() { counter.count += 1 }
    }
    let counter = Counter()
    let cancellable = AnyCancellable(Forwarding(counter: counter))
    #expect(counter.count == 0)
    cancellable.cancel()
    cancellable.cancel()
    #expect(counter.count == 1)
    do { _ = AnyCancellable(Forwarding(counter: counter)) }
    #expect(counter.count == 2, "AnyCancellable cancels on deinit")
  }

  @Test func cancellingTwiceRunsTheActionOnce() {
    var count = 0
    let cancellable = AnyCancellable { count += 1 }
    cancellable.cancel()
    cancellable.cancel()
    #expect(count == 1)
    withExtendedLifetime(cancellable) {}
    #expect(count == 1)
  }

  /// A collection that records how `store(in:)` uses it.
  struct DisposeBag: RangeReplaceableCollection {
    var storage: [AnyCancellable] = []
    var history: [String] = ["emptyInit"]
    init() {}
    var startIndex: Int { storage.startIndex }
    var endIndex: Int { storage.endIndex }
    func index(after index: Int) -> Int { index + 1 }
    subscript(position: Int) -> AnyCancellable { storage[position] }
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C)
    where C.Element == AnyCancellable {
      history.append("replaceSubrange")
      storage.replaceSubrange(range, with: new)
    }
    mutating func append(_ element: AnyCancellable) {
      history.append("append")
      storage.append(element)
    }
  }

  @Test func storesInAnyRangeReplaceableCollection() {
    var bag = DisposeBag()
    let first = AnyCancellable {}
    first.store(in: &bag)
    #expect(bag.history == ["emptyInit", "append"])
    let second = AnyCancellable(first)
    second.store(in: &bag)
    #expect(bag.history == ["emptyInit", "append", "append"])
    #expect(bag.storage == [first, second])

    let abstracted: any Cancellable = second
    abstracted.store(in: &bag)  // wrapped in a new AnyCancellable
    #expect(bag.history == ["emptyInit", "append", "append", "append"])
    #expect(bag.storage.count == 3)
    #expect(bag.storage[2] != second)
  }

  @Test func storesInASet() {
    var set = Set<AnyCancellable>()
    let first = AnyCancellable {}
    first.store(in: &set)
    #expect(set == [first])
    let second = AnyCancellable(first)
    second.store(in: &set)
    #expect(set == [first, second])
    second.store(in: &set)
    #expect(set == [first, second])
    let abstracted: any Cancellable = second
    abstracted.store(in: &set)
    #expect(set.count == 3)
  }

  @Test func cancelsThroughAChainOfWrappers() {
    let subscription = TestSubscription()
    let inner = AnyCancellable(subscription)
    let outer = AnyCancellable(inner)
    #expect(subscription.history.isEmpty)
    outer.cancel()
    #expect(subscription.history == [.cancelled])
    inner.cancel()
    #expect(subscription.history == [.cancelled])
  }

  /// The action runs outside the lock: it may cancel the same cancellable again.
  @Test func theActionMayCancelItsOwnCancellable() {
    var count = 0
    var cancellable: AnyCancellable?
    cancellable = AnyCancellable {
      count += 1
      cancellable?.cancel()
    }
    cancellable?.cancel()
    #expect(count == 1)
    cancellable = nil
    #expect(count == 1)
  }

  /// Many threads cancelling at once run the action once.
  @Test func concurrentCancelsRunTheActionOnce() {
    for _ in 0..<200 {
      let runs = Locked(0)
      let cancellable = AnyCancellable { runs.withLock { $0 += 1 } }
      runConcurrently(threads: 4) { _ in cancellable.cancel() }
      #expect(runs.withLock { $0 } == 1)
    }
  }

  /// Once cancelled, it lets go of what it wrapped, though it lives on.
  @Test func aCancelReleasesTheWrappedActionAtOnce() {
    final class Captured {}
    weak var captured: Captured?
    let cancellable: AnyCancellable
    do {
      let object = Captured()
      captured = object
      cancellable = AnyCancellable { withExtendedLifetime(object) {} }
    }
    #expect(captured != nil)
    cancellable.cancel()
    #expect(captured == nil)
    withExtendedLifetime(cancellable) {}
  }
}

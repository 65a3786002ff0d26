import TestSupport
import Testing

@testable import Relay

/// The package's own atomics: each operation's result on one thread, then operations raced on
/// several threads, where a lost update (an operation that was not atomic) shows in the total.
@Suite struct AtomicWordTests {
  enum Color: UInt8, AtomicWordValue { case red, green, blue }

  @Test func loadsWhatWasStoredForEachKindOfValue() {
    let flag = AtomicWord(false)
    defer { flag.deallocate() }
    flag.store(true, ordering: .releasing)
    #expect(flag.load(ordering: .acquiring))

    let byte = AtomicWord<UInt8>(7)
    defer { byte.deallocate() }
    #expect(byte.load(ordering: .relaxed) == 7)
    byte.store(.max, ordering: .sequentiallyConsistent)
    #expect(byte.load(ordering: .sequentiallyConsistent) == .max)

    let wide = AtomicWord<UInt64>(UInt64.max - 1)
    defer { wide.deallocate() }
    #expect(wide.load(ordering: .relaxed) == UInt64.max - 1)

    let word = AtomicWord<UInt>(0)
    defer { word.deallocate() }
    word.store(.max, ordering: .relaxed)
    #expect(word.load(ordering: .relaxed) == .max)

    let color = AtomicWord(Color.green)
    defer { color.deallocate() }
    color.store(.blue, ordering: .releasing)
    #expect(color.load(ordering: .acquiring) == .blue)

    let phase = AtomicWord(OperatorPhase.subscribed)
    defer { phase.deallocate() }
    #expect(phase.load() == .subscribed)
    #expect(phase.prime())
    #expect(!phase.prime())
    #expect(phase.load() == .primed)
  }

  @Test func exchangeReturnsTheValueItReplaced() {
    let flag = AtomicWord(false)
    defer { flag.deallocate() }
    #expect(!flag.exchange(true, ordering: .acquiringAndReleasing))
    #expect(flag.exchange(true, ordering: .acquiringAndReleasing))
  }

  @Test func compareExchangeExchangesOnlyWhatItExpects() {
    let color = AtomicWord(Color.red)
    defer { color.deallocate() }
    let missed = color.compareExchange(
      expected: .green, desired: .blue, successOrdering: .acquiring, failureOrdering: .acquiring)
    #expect(!missed.exchanged && missed.original == .red)
    #expect(color.load(ordering: .relaxed) == .red)
    let hit = color.compareExchange(expected: .red, desired: .blue, ordering: .releasing)
    #expect(hit.exchanged && hit.original == .red)
    #expect(color.load(ordering: .relaxed) == .blue)
  }

  @Test func arithmeticReturnsBothValuesAndWraps() {
    let count = AtomicWord(Int.max)
    defer { count.deallocate() }
    let added = count.wrappingAdd(1, ordering: .relaxed)
    #expect(added.oldValue == .max && added.newValue == .min)
    let subtracted = count.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    #expect(subtracted.oldValue == .min && subtracted.newValue == .max)
    count.store(4, ordering: .relaxed)
    let ored = count.bitwiseOr(1, ordering: .acquiringAndReleasing)
    #expect(ored.oldValue == 4 && ored.newValue == 5)
    #expect(count.load(ordering: .relaxed) == 5)
  }

  @Test func valuesSharingOneAllocationStayApart() {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
    defer { memory.deallocate() }
    let wide = AtomicWord<UInt64>(.max, at: memory)
    let byte = AtomicWord<UInt8>(0, at: memory + 8)
    byte.store(3, ordering: .relaxed)
    #expect(wide.load(ordering: .relaxed) == .max)
    wide.store(0, ordering: .relaxed)
    #expect(byte.load(ordering: .relaxed) == 3)
  }

  static let threads = 4
  static let perThread = 100_000

  @Test func racedAdditionsLoseNoUpdate() {
    let count = AtomicWord(0)
    defer { count.deallocate() }
    runConcurrently(threads: Self.threads) { _ in
      for _ in 0..<Self.perThread {
        _ = count.wrappingAdd(2, ordering: .relaxed)
        _ = count.wrappingSubtract(1, ordering: .acquiringAndReleasing)
      }
    }
    #expect(count.load(ordering: .acquiring) == Self.threads * Self.perThread)
  }

  @Test func racedCompareExchangeLoopsLoseNoUpdate() {
    let count = AtomicWord<UInt64>(0)
    let word = AtomicWord<UInt>(0)
    defer {
      count.deallocate()
      word.deallocate()
    }
    runConcurrently(threads: Self.threads) { _ in
      for _ in 0..<Self.perThread {
        var seen = count.load(ordering: .relaxed)
        while true {
          let (exchanged, original) = count.compareExchange(
            expected: seen, desired: seen + 1, ordering: .acquiringAndReleasing)
          if exchanged { break }
          seen = original
        }
        var seenWord = word.load(ordering: .relaxed)
        while !word.compareExchange(expected: seenWord, desired: seenWord + 1, ordering: .relaxed)
          .exchanged
        {
          seenWord = word.load(ordering: .relaxed)
        }
      }
    }
    #expect(count.load(ordering: .relaxed) == UInt64(Self.threads * Self.perThread))
    #expect(word.load(ordering: .relaxed) == UInt(Self.threads * Self.perThread))
  }

  @Test func racedBitsAndExchangesEachHaveOneWinner() {
    let rounds = 300
    for _ in 0..<rounds {
      let bits = AtomicWord(0)
      let flag = AtomicWord(false)
      let winners = AtomicWord(0)
      defer {
        bits.deallocate()
        flag.deallocate()
        winners.deallocate()
      }
      runConcurrently(threads: Self.threads) { index in
        _ = bits.bitwiseOr(1 << index, ordering: .acquiringAndReleasing)
        if !flag.exchange(true, ordering: .acquiringAndReleasing) {
          _ = winners.wrappingAdd(1, ordering: .relaxed)
        }
      }
      #expect(bits.load(ordering: .relaxed) == (1 << Self.threads) - 1)
      #expect(winners.load(ordering: .relaxed) == 1)
    }
  }

  /// A release store and an acquire load order the plain memory around them: Thread Sanitizer
  /// reports a race here if they do not.
  @Test func releasingStorePublishesWhatPrecededIt() {
    let payload = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    let ready = AtomicWord(false)
    defer {
      payload.deallocate()
      ready.deallocate()
    }
    payload.initialize(to: 0)
    nonisolated(unsafe) let shared = payload
    runConcurrently(threads: 2) { index in
      if index == 0 {
        shared.pointee = 42
        ready.store(true, ordering: .releasing)
      } else {
        while !ready.load(ordering: .acquiring) {}
        #expect(shared.pointee == 42)
      }
    }
  }

  /// An object whose first stored properties are two words, used through handles, followed by a
  /// property Swift reads and writes.
  final class TwoWords: @unchecked Sendable {
    var first = 0
    var second = 0
    var after = 99
  }

  /// A word in an object's stored properties starts at zero and is the property it names: the
  /// second handle is the second property, and the property after both is untouched.
  @Test func wordsInAnObjectsStoredPropertiesAreItsFirstProperties() {
    let object = TwoWords()
    let first = AtomicWord<Int>(inStoredPropertiesOf: object)
    let second = AtomicWord<Int>(inStoredPropertiesOf: object, offset: MemoryLayout<Int>.stride)
    let flag = AtomicWord<Bool>(inStoredPropertiesOf: object, offset: MemoryLayout<Int>.stride)
    #expect(first.load(ordering: .relaxed) == 0)
    #expect(!flag.load(ordering: .relaxed))
    first.store(.max, ordering: .relaxed)
    #expect(second.exchange(-7, ordering: .relaxed) == 0)
    #expect(object.first == .max)
    #expect(object.second == -7)
    #expect(flag.load(ordering: .relaxed), "-7's low byte is not zero")
    #expect(object.after == 99)
  }

  /// Raced additions on a word in an object's stored properties lose none.
  @Test func racedAdditionsToAWordInAnObjectLoseNoUpdate() {
    let object = TwoWords()
    runConcurrently(threads: Self.threads) { _ in
      let word = AtomicWord<Int>(inStoredPropertiesOf: object, offset: MemoryLayout<Int>.stride)
      for _ in 0..<Self.perThread { _ = word.wrappingAdd(1, ordering: .relaxed) }
    }
    let word = AtomicWord<Int>(inStoredPropertiesOf: object, offset: MemoryLayout<Int>.stride)
    #expect(word.load(ordering: .relaxed) == Self.threads * Self.perThread)
    #expect(object.after == 99)
  }
}

import Observation
import Relay

/// How a `@Diff` property takes part in Swift's Observation: what a read inside
/// `withObservationTracking` (a SwiftUI `body`) registers, and whom a change tells.
///
/// Every `@Diff` property has one, as the subject of its own `ObservationRegistrar`, so that two
/// properties of one object are tracked apart, in any class, `@Observable` or not. A read of the
/// property registers the whole property; `$property[\.part]` registers that part alone. A
/// write tells the whole property's observers only when it is published (a selected part
/// changed), and a part's observers only when that part changed, published or not.
///
/// Telling observers costs the registrar two locked lookups, even with nobody registered, so
/// it is done only for what may have an observer. An observer installs
/// itself with a read and is told once (`withObservationTracking`, SwiftUI and `Observations`
/// read again to observe again), so a change nobody read since the last one told has nobody
/// to tell. But Observation installs an observer only once the closure that read returns: a
/// change that lands in between is not told to it, and must not stop the next one from
/// being told. So a tell forgets the reads only when one thread alone read, and it is that
/// thread (whose closure has therefore returned); after reads on several threads, or a tell
/// on another thread, every change is told until the reading thread's own next tell. See
/// `Readers`. A write nobody read costs two relaxed loads.
@usableFromInline
class DiffObservation: Observable, @unchecked Sendable {
  // Immutable but for the atomics and `parts`, which guards its own state.
  @usableFromInline let registrar = ObservationRegistrar()
  /// Who read the whole property since its observers were last told.
  @usableFromInline let wholeReaders = Readers()
  /// Whether some part was read through `$property[\.part]` since its observers were told.
  @usableFromInline let somePartWasRead = AtomicWord(false)
  /// The parts read through `$property[\.part]`, each with its own key path on this object.
  @usableFromInline let parts = Lock<ObservedParts>.make(ObservedParts())

  @usableFromInline init() {}

  deinit { somePartWasRead.deallocate() }

  /// What a read of the whole property registers.
  @usableFromInline var whole: Int { 0 }

  /// What a read of one part registers: the part numbered `id`.
  @usableFromInline subscript(part id: Int) -> Int { id }

  /// The key path a read of the whole property registers; held by each instance, so that a
  /// read does not go through a global's one-time initialization check.
  @usableFromInline let wholeKeyPath: KeyPath<DiffObservation, Int> & Sendable = \.whole

  /// A read of the whole property, to be tracked.
  @inlinable @inline(__always)
  func willReadWhole() {
    wholeReaders.noteRead()
    registrar.access(self, keyPath: wholeKeyPath)
  }

  /// A read of one part, to be tracked for that part alone.
  @inlinable
  func willRead(_ part: ObservedPart) {
    part.readers.noteRead()
    if !somePartWasRead.load(ordering: .relaxed) {
      somePartWasRead.store(true, ordering: .releasing)
    }
    registrar.access(self, keyPath: part.observedKeyPath)
  }

  /// The registered part for `keyPath`, registered now if it is new.
  @inlinable
  func part<Value, Part: Equatable>(_ keyPath: KeyPath<Value, Part>) -> ObservedPart {
    if let part = parts.withLock({ $0.byKeyPath[keyPath] }) { return part }
    let made = ObservedPart(keyPath)  // outside the lock: it makes a key path
    return parts.withLock { parts in
      if let part = parts.byKeyPath[keyPath] { return part }
      made.assign(id: parts.all.count)
      parts.all.append(made)
      parts.byKeyPath[keyPath] = made
      return made
    }
  }

  // MARK: Telling observers

  /// The delivery sequence compared a value with the one it replaced, both at these
  /// addresses: tells whom the change concerns, on the thread that runs the sequence (the
  /// writer's, when nobody else was writing).
  ///
  /// - Parameter published: Whether a selected part changed.
  @inlinable @inline(__always)
  func compared(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer, published: Bool) {
    if published, wholeReaders.mayHaveRead { tellWholeIfRead() }
    if somePartWasRead.load(ordering: .relaxed) { tellChangedParts { $0.agrees(old, new) } }
  }

  /// Tells the whole property's observers of a published change, if it was read since they
  /// were last told.
  @usableFromInline
  func tellWholeIfRead() {
    guard wholeReaders.takeReads() else { return }
    registrar.willSet(self, keyPath: wholeKeyPath)
    registrar.didSet(self, keyPath: wholeKeyPath)
  }

  /// Tells the observers of each part read since they were last told, whose value `agrees`
  /// finds changed.
  @usableFromInline
  func tellChangedParts(_ agrees: (ObservedPart) -> Bool) {
    guard somePartWasRead.exchange(false, ordering: .acquiringAndReleasing) else { return }
    var stillRead = false
    for part in parts.withLock({ $0.all }) where part.readers.mayHaveRead {
      if agrees(part) || !part.readers.takeReads() {
        stillRead = true
        continue
      }
      registrar.willSet(self, keyPath: part.observedKeyPath)
      registrar.didSet(self, keyPath: part.observedKeyPath)
      if part.readers.mayHaveRead { stillRead = true }
    }
    if stillRead { somePartWasRead.store(true, ordering: .releasing) }
  }

  /// Before an in-place write: copies of the parts read since their observers were told, to
  /// compare the changed value with; `nil` when none was read.
  @inlinable @inline(__always)
  func snapshotReadParts(of value: UnsafeRawPointer) -> ObservedPartSnapshots? {
    guard somePartWasRead.load(ordering: .relaxed) else { return nil }
    return snapshotEachReadPart(of: value)
  }

  @inlinable
  func snapshotEachReadPart(of value: UnsafeRawPointer) -> ObservedPartSnapshots {
    var snapshots = ObservedPartSnapshots()
    for part in parts.withLock({ $0.all }) where part.readers.mayHaveRead {
      snapshots.comparisons[ObjectIdentifier(part)] = part.snapshotComparison(value)
    }
    return snapshots
  }

  /// After an in-place write, once the value is back in the relay: tells whom the change
  /// concerns, as `compared` does.
  ///
  /// - Parameters:
  ///   - published: Whether a selected part changed.
  ///   - parts: The read parts, compared with the written value.
  @inlinable @inline(__always)
  func wroteInPlace(published: Bool, parts: ObservedPartSnapshots?) {
    if published, wholeReaders.mayHaveRead { tellWholeIfRead() }
    if let parts, !parts.changed.isEmpty {
      tellChangedParts { !parts.changed.contains(ObjectIdentifier($0)) }
    }
  }
}

/// The parts read before an in-place write, compared with the value it wrote.
@usableFromInline
struct ObservedPartSnapshots {
  /// Each read part's comparison with its copy taken before the write.
  @usableFromInline var comparisons: [ObjectIdentifier: (UnsafeRawPointer) -> Bool] = [:]
  /// The read parts the write changed, once `compare(with:)` ran.
  @usableFromInline var changed: Set<ObjectIdentifier> = []

  @inlinable init() {}

  /// Compares each copy with the written value at `new`.
  @inlinable
  mutating func compare(with new: UnsafeRawPointer) {
    for (part, agrees) in comparisons where !agrees(new) { changed.insert(part) }
  }
}

/// The parts of a `@Diff` property read through `$property[\.part]`.
@usableFromInline
struct ObservedParts: @unchecked Sendable {
  // Only touched under its lock; each part is itself thread-safe.
  @usableFromInline var all: [ObservedPart] = []
  @usableFromInline var byKeyPath: [AnyKeyPath: ObservedPart] = [:]
  @inlinable init() {}
}

/// One part of a `@Diff` property read through `$property[\.part]`: its comparison, and the
/// key path on the property's `DiffObservation` that its readers register.
@usableFromInline
final class ObservedPart: @unchecked Sendable {
  // Immutable once registered, but for `readers`, which is atomic.
  @usableFromInline let readers = Readers()
  /// Whether the values at two addresses agree on the part.
  @usableFromInline let agrees: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  /// Copies the part out of a value, and returns whether another agrees with the copy.
  @usableFromInline let snapshotComparison: (UnsafeRawPointer) -> (UnsafeRawPointer) -> Bool
  @usableFromInline private(set) var observedKeyPath: KeyPath<DiffObservation, Int> = \.whole

  @inlinable
  init<Value, Part: Equatable>(_ keyPath: KeyPath<Value, Part>) {
    let part = DiffableKeyPath(keyPath)
    agrees = part.compare
    snapshotComparison = part.snapshotComparison
  }

  /// Numbers the part, once, before anybody reads it.
  @usableFromInline
  func assign(id: Int) { observedKeyPath = \DiffObservation.[part: id] }
}

/// Who read a property (or a part) since its observers were last told: nobody, one thread, or
/// several; the state that decides whether a change has anybody to tell.
///
/// A read notes its thread; a tell (`takeReads()`) says whether anybody read and forgets the
/// reads only when the one thread that read is the telling thread: its tracking closure has
/// returned, so its observer, if any, was installed and is being told now. Any other reader
/// may still be inside its closure, its observer not installed yet, so the reads are kept and
/// the next change is told too.
@usableFromInline
final class Readers: Sendable {
  /// 0 for nobody, a thread's identity for that thread alone, `UInt.max` for several.
  @usableFromInline let word = AtomicWord<UInt>(0)

  @usableFromInline init() {}

  deinit { word.deallocate() }

  /// Whether anybody may have read since the last tell; a relaxed load.
  @inlinable var mayHaveRead: Bool { word.load(ordering: .relaxed) != 0 }

  /// A read on the calling thread.
  @inlinable @inline(__always)
  func noteRead() {
    let reader = ThreadIdentity.current.word
    let seen = word.load(ordering: .relaxed)
    if seen == reader || seen == .max { return }
    if seen == 0,
      word.compareExchange(expected: 0, desired: reader, ordering: .releasing).exchanged
    {
      return
    }
    word.store(.max, ordering: .releasing)
  }

  /// A change is being told: whether anybody read since the last tell; forgets the reads
  /// when the calling thread alone made them.
  @inlinable
  func takeReads() -> Bool {
    let seen = word.load(ordering: .acquiring)
    if seen == 0 { return false }
    if seen == ThreadIdentity.current.word {
      _ = word.compareExchange(expected: seen, desired: 0, ordering: .acquiringAndReleasing)
    }
    return true
  }
}

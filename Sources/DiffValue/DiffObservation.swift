import Observation
import Relay

// How a `@Diff` property takes part in Swift's Observation: what a read inside
// `withObservationTracking` (a SwiftUI `body`) registers, and whom a write tells.
//
// The property's machinery is the subject of its own `ObservationRegistrar`, made at the first
// read, so that two properties of one object are tracked apart, in any class. A read of the
// property registers the whole property; `$property[\.part]` registers that part alone;
// `$items.ids` the identifiers and `$items[id:]` one element (DiffElements.swift). Every write
// compares the value it stored with the one before it, and `tell(...)` tells whom the change
// concerns, from one place: the whole property's observers when a selected part changed, a part's
// when that part changed, the identifiers' and the elements' when the array changed so. It runs
// once the value is stored and before any subscriber is called for it, on the thread that stores
// it (or, for a value queued behind another thread's delivery, on the thread that delivers it).
//
// Telling costs the registrar two locked lookups, even with nobody registered, so it is done
// only for what may have an observer. An observer installs itself with a read and is told once
// (SwiftUI, `withObservationTracking` and `Observations` read again to observe again), so a change
// nobody read since the last one told has nobody to tell. But Observation installs an observer
// only once the closure that read returns: a change that lands in between is not told to it, and
// must not stop the next one from being told. So a tell forgets the reads only when one thread
// alone read, and it is that thread (whose closure has therefore returned); after reads on several
// threads, or a tell on another thread, every change is told until the reading thread's own next
// tell. See `DiffReaders`. A write nobody read costs one relaxed load.

extension DiffMachinery {
  /// What a read of the whole property registers.
  @usableFromInline var whole: Int { 0 }

  /// What a read of one part registers: the part numbered `id`.
  @usableFromInline subscript(part id: Int) -> Int { id }

  /// What a read of the identifiers of an array registers.
  @usableFromInline var identifiers: Int { 0 }

  /// What a read of one element of an array registers: the element with this identifier.
  @usableFromInline subscript(element id: AnyHashable) -> Int { 0 }

  /// The registrar, once made (the property's flags say so).
  @inlinable
  var registrar: ObservationRegistrar { state.pointee.registrar.unsafelyUnwrapped }

  /// Makes the registrar, under the machinery's own mutex, the first time.
  @usableFromInline
  func makeRegistrar() {
    withOwnLock { state in
      if state.registrar == nil {
        state.registrar = ObservationRegistrar()
        state.wholeKeyPath = \DiffMachinery<Value>.whole
      }
    }
  }

  // MARK: Reads

  /// A read of the whole property, to be tracked.
  @inlinable @inline(__always)
  func willReadWhole() {
    DiffReaders.noteRead(at: address(of: .wholeReaders))
    registrar.access(self, keyPath: state.pointee.wholeKeyPath.unsafelyUnwrapped)
  }

  /// A read of one part, to be tracked for that part alone.
  @inlinable
  func willRead(_ part: ObservedPart<Value>) {
    DiffReaders.noteRead(at: part.readers)
    DiffReaders.raise(address(of: .partsRead))
    registrar.access(self, keyPath: part.observedKeyPath)
  }

  /// The registered part for `keyPath`, registered now if it is new.
  @inlinable
  func part<Part: Equatable>(_ keyPath: KeyPath<Value, Part>) -> ObservedPart<Value> {
    let identity = ObjectIdentifier(keyPath)
    if let part = withOwnLock({ $0.parts[identity] }) { return part }
    let made = ObservedPart(selection: .shared(keyPath))  // outside the lock: it makes a key path
    return withOwnLock { state in
      if let part = state.parts[identity] { return part }
      made.assign(id: state.parts.count)
      state.parts[identity] = made
      return made
    }
  }

  // MARK: Telling

  /// Whether a write must compare the values for observers: somebody read something since the
  /// last tell.
  @inlinable @inline(__always)
  var mayTell: Bool {
    DiffReaders.mayHaveRead(at: address(of: .wholeReaders))
      || DiffReaders.isRaised(address(of: .partsRead))
      || DiffReaders.isRaised(address(of: .elementsRead))
  }

  /// Tells whom a stored change concerns: the value at `new` replaced the one at `old`.
  ///
  /// - Parameter published: Whether a selected part changed, when the caller knows; compared
  ///   here otherwise.
  @usableFromInline
  func tell(old: UnsafeRawPointer, new: UnsafeRawPointer, published: Bool?) {
    if DiffReaders.mayHaveRead(at: address(of: .wholeReaders)),
      published ?? !selection.agrees(old, new)
    {
      tellWholeIfRead()
    }
    if DiffReaders.isRaised(address(of: .partsRead)) {
      tellChangedParts { $0.selection.agrees(old, new) }
    }
    if DiffReaders.isRaised(address(of: .elementsRead)),
      let elements = withOwnLock({ $0.elements })
    {
      elements.tell(old: old, new: new, machinery: self)
    }
  }

  /// Tells the whole property's observers of a published change, if it was read since they
  /// were last told.
  @usableFromInline
  func tellWholeIfRead() {
    guard DiffReaders.takeReads(at: address(of: .wholeReaders)) else { return }
    tell(state.pointee.wholeKeyPath.unsafelyUnwrapped)
  }

  /// Tells the observers of each part read since they were last told, whose value `agrees`
  /// finds changed.
  @usableFromInline
  func tellChangedParts(_ agrees: (ObservedPart<Value>) -> Bool) {
    for part in withOwnLock({ Array($0.parts.values) })
    where DiffReaders.mayHaveRead(at: part.readers) {
      if agrees(part) || !DiffReaders.takeReads(at: part.readers) { continue }
      tell(part.observedKeyPath)
    }
  }

  /// Tells the observers registered with `keyPath`.
  @inlinable
  func tell<Member>(_ keyPath: KeyPath<DiffMachinery<Value>, Member>) {
    registrar.willSet(self, keyPath: keyPath)
    registrar.didSet(self, keyPath: keyPath)
  }

  // MARK: In-place writes

  /// Before an in-place write changes the value at `value`: copies of what observers may
  /// compare it with; `nil` when nobody read anything.
  ///
  /// The caller holds the property for this write (its mutex, or the relay's reservation), so
  /// the selection's slot is its alone.
  ///
  /// - Parameter comparesSelection: Whether the caller compares the selected parts itself (an
  ///   in-place write through the relay), so that no copy of them is needed here.
  ///   - copiesValue: Whether to keep a copy of the whole value when an array's elements were
  ///     read; an element write compares its element alone.
  @inlinable
  func observe(
    before value: UnsafePointer<Value>, comparesSelection: Bool, copiesValue: Bool = true
  ) -> DiffObservedWrite<Value>? {
    guard mayTell else { return nil }
    return observeEach(
      before: value, comparesSelection: comparesSelection, copiesValue: copiesValue)
  }

  @usableFromInline
  func observeEach(
    before value: UnsafePointer<Value>, comparesSelection: Bool, copiesValue: Bool
  ) -> DiffObservedWrite<Value> {
    let write = DiffObservedWrite<Value>()
    write.wholeWasRead = DiffReaders.mayHaveRead(at: address(of: .wholeReaders))
    if write.wholeWasRead, !comparesSelection {
      let slot = UnsafeMutableRawPointer.allocate(
        byteCount: Swift.max(1, selection.snapshotSize), alignment: selection.snapshotAlignment)
      selection.takeSnapshot(UnsafeRawPointer(value), slot)
      write.selection = slot
    }
    if DiffReaders.isRaised(address(of: .partsRead)) {
      for part in withOwnLock({ Array($0.parts.values) })
      where DiffReaders.mayHaveRead(at: part.readers) {
        let slot = UnsafeMutableRawPointer.allocate(
          byteCount: Swift.max(1, part.selection.snapshotSize),
          alignment: part.selection.snapshotAlignment)
        part.selection.takeSnapshot(UnsafeRawPointer(value), slot)
        write.parts.append((part, slot))
      }
    }
    if copiesValue, DiffReaders.isRaised(address(of: .elementsRead)) { write.old = value.pointee }
    return write
  }

  /// After an in-place write, once the value is stored: tells whom the change concerns, as
  /// `tell(old:new:published:)` does, from the copies taken before it.
  ///
  /// - Parameter published: Whether a selected part changed, when the caller compared.
  @usableFromInline
  func tell(_ write: DiffObservedWrite<Value>, new: UnsafePointer<Value>, published: Bool?) {
    let new = UnsafeRawPointer(new)
    if let slot = write.selection {
      let agrees = selection.agreesWithSnapshot(slot, new)  // empties the slot
      slot.deallocate()
      if published ?? !agrees { tellWholeIfRead() }
    } else if write.wholeWasRead, published == true {
      tellWholeIfRead()
    }
    if !write.parts.isEmpty {
      var changed = Set<ObjectIdentifier>()
      for (part, slot) in write.parts {
        if !part.selection.agreesWithSnapshot(slot, new) { changed.insert(ObjectIdentifier(part)) }
        slot.deallocate()
      }
      if !changed.isEmpty { tellChangedParts { !changed.contains(ObjectIdentifier($0)) } }
    }
    if var old = write.old, let elements = withOwnLock({ $0.elements }) {
      withUnsafePointer(to: &old) {
        elements.tell(old: UnsafeRawPointer($0), new: new, machinery: self)
      }
    }
  }
}

/// What an in-place write copied before it changed the value, for its observers.
@usableFromInline
final class DiffObservedWrite<Value: Equatable>: @unchecked Sendable {
  // Made and filled by one in-place write, read once by the same write at its end.
  /// Whether the whole property was read since its observers were told.
  @usableFromInline var wholeWasRead = false
  /// The selected parts, in a slot of their own, when the whole property was read and the
  /// writer does not compare them itself.
  @usableFromInline var selection: UnsafeMutableRawPointer?
  /// Each part read since it was told, with a copy of it in a slot of its own.
  @usableFromInline var parts: [(ObservedPart<Value>, UnsafeMutableRawPointer)] = []
  /// The value before the write, when an array's identifiers or elements were read.
  @usableFromInline var old: Value?

  @usableFromInline init() {}
}

/// One part of a `@Diff` property read through `$property[\.part]`: its selection, shared, and
/// the key path on the property's machinery that its readers register.
@usableFromInline
final class ObservedPart<Value: Equatable>: @unchecked Sendable {
  // Immutable once registered, but for the readers' word, which is atomic.
  @usableFromInline let selection: DiffSelection<Value>
  /// Who read the part since its observers were last told (`DiffReaders`).
  @usableFromInline let readers = UnsafeMutableRawPointer.allocate(
    byteCount: MemoryLayout<UInt>.size, alignment: MemoryLayout<UInt>.alignment)
  @usableFromInline private(set) var observedKeyPath: KeyPath<DiffMachinery<Value>, Int> =
    \DiffMachinery<Value>.whole

  @inlinable
  init(selection: DiffSelection<Value>) {
    self.selection = selection
    readers.initializeMemory(as: UInt.self, repeating: 0, count: 1)
  }

  deinit { readers.deallocate() }

  /// Numbers the part, once, before anybody reads it.
  @usableFromInline
  func assign(id: Int) { observedKeyPath = \DiffMachinery<Value>.[part: id] }
}

/// Who read a property (or a part) since its observers were last told: nobody, one thread, or
/// several; the word that decides whether a change has anybody to tell.
///
/// A read notes its thread; a tell (`takeReads(at:)`) says whether anybody read and forgets the
/// reads only when the one thread that read is the telling thread: its tracking closure has
/// returned, so its observer, if any, was installed and is being told now. Any other reader
/// may still be inside its closure, its observer not installed yet, so the reads are kept and
/// the next change is told too. A flag word (`raise`, `isRaised`) only ever goes up: "a part was
/// read", "an element was read", which no tell clears, so that a writer starting while another
/// tells never skips the comparison.
@usableFromInline
enum DiffReaders {
  /// Whether anybody may have read since the last tell; a relaxed load.
  @inlinable @inline(__always)
  static func mayHaveRead(at word: UnsafeMutableRawPointer) -> Bool {
    AtomicWord<UInt>(atExisting: word).load(ordering: .relaxed) != 0
  }

  /// A read on the calling thread.
  @inlinable @inline(__always)
  static func noteRead(at word: UnsafeMutableRawPointer) {
    let atomic = AtomicWord<UInt>(atExisting: word)
    let reader = ThreadIdentity.current.word
    let seen = atomic.load(ordering: .relaxed)
    if seen == reader || seen == .max { return }
    if seen == 0,
      atomic.compareExchange(expected: 0, desired: reader, ordering: .releasing).exchanged
    {
      return
    }
    atomic.store(.max, ordering: .releasing)
  }

  /// A change is being told: whether anybody read since the last tell; forgets the reads
  /// when the calling thread alone made them.
  @inlinable
  static func takeReads(at word: UnsafeMutableRawPointer) -> Bool {
    let atomic = AtomicWord<UInt>(atExisting: word)
    let seen = atomic.load(ordering: .acquiring)
    if seen == 0 { return false }
    if seen == ThreadIdentity.current.word {
      _ = atomic.compareExchange(expected: seen, desired: 0, ordering: .acquiringAndReleasing)
    }
    return true
  }

  /// Raises a flag that stays up.
  @inlinable
  static func raise(_ word: UnsafeMutableRawPointer) {
    let atomic = AtomicWord<UInt>(atExisting: word)
    if atomic.load(ordering: .relaxed) == 0 { atomic.store(1, ordering: .releasing) }
  }

  /// Whether a flag is up; a relaxed load.
  @inlinable @inline(__always)
  static func isRaised(_ word: UnsafeMutableRawPointer) -> Bool {
    AtomicWord<UInt>(atExisting: word).load(ordering: .relaxed) != 0
  }
}

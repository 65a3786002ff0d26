import Observation
import Relay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a `@Diff` property takes part in Swift's Observation: what a read inside
/// `withObservationTracking` (a SwiftUI `body`) registers, and whom a write tells.
///
/// A property makes one at its first read, as the subject of its own `ObservationRegistrar`, so
/// that two properties of one object are tracked apart, in any class. A read of the property
/// registers the whole property; `$property[\.part]` registers that part alone; `$items.ids` the
/// identifiers and `$items[id:]` one element (DiffElements.swift). Every write compares the value
/// it stored with the one before it, and `tell(old:new:published:selection:)` tells whom the
/// change concerns, from one place: the whole property's observers when a selected part changed,
/// a part's when that part changed, the identifiers' and the elements' when the array changed so.
/// It runs once the value is stored and before any subscriber is called for it, on the thread
/// that stores it (or, for a value queued behind another thread's delivery, on the thread that
/// delivers it).
///
/// Nothing here depends on the value's type: values travel as addresses, compared by the
/// selections' closures, so this code is compiled once, not for every state type.
///
/// Telling costs the registrar two locked lookups, even with nobody registered, so it is done
/// only for what may have an observer. An observer installs itself with a read and is told once
/// (SwiftUI, `withObservationTracking` and `Observations` read again to observe again), so a
/// change nobody read since the last one told has nobody to tell. But Observation installs an
/// observer only once the closure that read returns: a change that lands in between is not told
/// to it, and must not stop the next one from being told. So a tell forgets the reads only when
/// one thread alone read, and it is that thread (whose closure has therefore returned); after
/// reads on several threads, or a tell on another thread, every change is told until the reading
/// thread's own next tell. See `DiffReaders`. A write nobody read costs a few relaxed loads.
///
/// One allocation besides the registrar's: the fields are the buffer's header, guarded by its
/// mutex but for the atomic words, its elements.
@usableFromInline
final class DiffObservation: ManagedBuffer<DiffObservationState, UInt>, Observable {
  /// The atomic words: who read the whole property; whether a part was read; whether the
  /// identifiers or an element was.
  @usableFromInline enum Word: Int, CaseIterable {
    case wholeReaders, partsRead, elementsRead
  }

  /// What a read of the whole property registers.
  @usableFromInline static let wholeKeyPath = \DiffObservation.whole
  /// What a read of an array's identifiers registers.
  @usableFromInline static let identifiersKeyPath = \DiffObservation.identifiers

  /// A new subject, with its registrar.
  @usableFromInline
  static func make() -> DiffObservation {
    let observation = unsafeDowncast(
      create(minimumCapacity: Word.allCases.count) { _ in DiffObservationState() },
      to: DiffObservation.self)
    observation.withUnsafeMutablePointers { state, words in
      words.initialize(repeating: 0, count: Word.allCases.count)
      MutexMemory.initialize(&state.pointee.mutex)
    }
    return observation
  }

  deinit {
    withUnsafeMutablePointers { state, words in
      MutexMemory.destroy(&state.pointee.mutex)
      words.deinitialize(count: Word.allCases.count)
    }
  }

  /// What a read of the whole property registers.
  @usableFromInline var whole: Int { 0 }
  /// What a read of one part registers: the part numbered `id`.
  @usableFromInline subscript(part id: Int) -> Int { id }
  /// What a read of an array's identifiers registers.
  @usableFromInline var identifiers: Int { 0 }
  /// What a read of one element of an array registers: the element with this identifier.
  @usableFromInline subscript(element hash: Int) -> Int { 0 }

  /// The key path of the elements whose identifier has `hash`, which their observers register.
  ///
  /// The runtime makes a key path with an argument anew each time, resolving its types by name
  /// (about 9,000 instructions); the last few made are kept, one per slot by the hash, so that a
  /// row's tell and its view's re-arming make one between them. Memory stays bounded: at most
  /// `recentElementKeyPathSlots` are kept, whatever was read.
  @usableFromInline
  func elementKeyPath(_ hash: Int) -> KeyPath<DiffObservation, Int> {
    let slot = hash & (Self.recentElementKeyPathSlots - 1)
    let recent = withLock { state -> KeyPath<DiffObservation, Int>? in
      guard let entry = state.recentElementKeyPaths?[slot], entry.hash == hash else { return nil }
      return entry.keyPath
    }
    if let recent { return recent }
    let made = \DiffObservation.[element: hash]
    withLock { state in
      if state.recentElementKeyPaths == nil {
        state.recentElementKeyPaths = Array(repeating: nil, count: Self.recentElementKeyPathSlots)
      }
      state.recentElementKeyPaths![slot] = (hash, made)
    }
    return made
  }

  /// How many element key paths are kept (a power of two).
  @usableFromInline static var recentElementKeyPathSlots: Int { 16 }

  /// The address of one of the atomic words.
  @inlinable @inline(__always)
  func address(of word: Word) -> UnsafeMutableRawPointer {
    withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + word.rawValue) }
  }

  /// The registrar; never changes.
  @inlinable
  var registrar: ObservationRegistrar { withUnsafeMutablePointerToHeader { $0.pointee.registrar } }

  /// Runs `body` on the fields, with the mutex held.
  @inlinable
  func withLock<Result>(_ body: (inout DiffObservationState) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointerToHeader { state in
      MutexMemory.lock(&state.pointee.mutex)
      defer { MutexMemory.unlock(&state.pointee.mutex) }
      return try body(&state.pointee)
    }
  }

  // MARK: Reads

  /// A read of the whole property, to be tracked.
  @inlinable @inline(__always)
  func willReadWhole() {
    DiffReaders.noteRead(at: address(of: .wholeReaders))
    registrar.access(self, keyPath: Self.wholeKeyPath)
  }

  /// A read of one part, to be tracked for that part alone.
  @inlinable
  func willRead(_ part: DiffObservedPart) {
    DiffReaders.noteRead(at: part.readers)
    DiffReaders.raise(address(of: .partsRead))
    registrar.access(self, keyPath: part.observedKeyPath)
  }

  /// The registered part for the key path with this identity, registered with `make` now if it
  /// is new.
  @inlinable
  func part(_ identity: ObjectIdentifier, make: () -> DiffObservedPart) -> DiffObservedPart {
    if let part = withLock({ $0.partsByKeyPath[identity] }) { return part }
    let made = make()  // outside the lock: it makes a key path
    return withLock { state in
      if let part = state.partsByKeyPath[identity] { return part }
      made.assign(id: state.parts.count)
      state.parts.append(made)
      state.partsByKeyPath[identity] = made
      return made
    }
  }

  /// A read of the identifiers or of an element, to be tracked; `makeObserver` makes the
  /// element observer the first time.
  @inlinable
  func willReadElements<Member>(
    _ keyPath: KeyPath<DiffObservation, Member>, makeObserver: () -> any DiffElementObserving
  ) {
    if !DiffReaders.isRaised(address(of: .elementsRead)) {
      withLock { state in
        if state.elements == nil { state.elements = makeObserver() }
      }
      DiffReaders.raise(address(of: .elementsRead))
    }
    registrar.access(self, keyPath: keyPath)
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

  /// Tells the observers of the observation whose address is in the word at `word` (0 until
  /// it is made), if anybody may have read: a relay's duplicate check calls it, on the thread
  /// delivering the change, with no lock held.
  @inlinable @inline(__always)
  static func tellIfObserved(
    at word: UnsafeMutableRawPointer, old: UnsafeRawPointer, new: UnsafeRawPointer,
    published: Bool
  ) {
    let address = AtomicWord<UInt>(atExisting: word).load(ordering: .acquiring)
    guard address != 0 else { return }
    Unmanaged<DiffObservation>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
      ._withUnsafeGuaranteedRef { observation in
        guard observation.mayTell else { return }
        observation.tell(old: old, new: new, published: published) { _, _ in true }
      }
  }

  /// Tells whom a stored change concerns: the value at `new` replaced the one at `old`.
  ///
  /// - Parameters:
  ///   - published: Whether a selected part changed, when the caller knows; compared with
  ///     `selection` here otherwise.
  ///   - selection: The property's comparison of its selected parts.
  @usableFromInline
  func tell(
    old: UnsafeRawPointer, new: UnsafeRawPointer, published: Bool?,
    selection: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  ) {
    var change = DiffObservedChange()
    change.whole =
      DiffReaders.mayHaveRead(at: address(of: .wholeReaders)) && (published ?? !selection(old, new))
    if DiffReaders.isRaised(address(of: .partsRead)) {
      for part in withLock({ $0.parts })
      where DiffReaders.mayHaveRead(at: part.readers) && !part.agrees(old, new) {
        change.parts.append(part)
      }
    }
    if DiffReaders.isRaised(address(of: .elementsRead)), let elements = withLock({ $0.elements }) {
      change.elements = elements.changes(old: old, new: new)
    }
    tell(change)
  }

  /// Tells the observers a change concerns, found beforehand (`DiffObservedChange`): the one
  /// place observers are told from.
  @usableFromInline
  func tell(_ change: DiffObservedChange) {
    if change.whole, DiffReaders.takeReads(at: address(of: .wholeReaders)) {
      tell(Self.wholeKeyPath)
    }
    for part in change.parts where DiffReaders.takeReads(at: part.readers) {
      tell(part.observedKeyPath)
    }
    if let elements = change.elements {
      if elements.order { tell(Self.identifiersKeyPath) }
      for hash in elements.elements { tell(elementKeyPath(hash)) }
    }
  }

  /// Tells the observers registered with `keyPath`.
  @usableFromInline
  func tell<Member>(_ keyPath: KeyPath<DiffObservation, Member>) {
    registrar.willSet(self, keyPath: keyPath)
    registrar.didSet(self, keyPath: keyPath)
  }

  // MARK: In-place writes

  /// Before an in-place write changes the value at `value`: copies of the parts observers may
  /// compare it with.
  ///
  /// The selected parts are the caller's to copy (`wholeWasRead` says whether to), and the whole
  /// value the caller's to keep (`elementsWereRead`).
  @inlinable
  func observe(before value: UnsafeRawPointer) -> DiffObservedWrite {
    var write = DiffObservedWrite()
    write.wholeWasRead = DiffReaders.mayHaveRead(at: address(of: .wholeReaders))
    write.elementsWereRead = DiffReaders.isRaised(address(of: .elementsRead))
    if DiffReaders.isRaised(address(of: .partsRead)) { copyParts(of: value, into: &write) }
    return write
  }

  @usableFromInline
  func copyParts(of value: UnsafeRawPointer, into write: inout DiffObservedWrite) {
    for part in withLock({ $0.parts }) where DiffReaders.mayHaveRead(at: part.readers) {
      part.copy(value)
      write.partsCopied = true
    }
  }

  /// The parts read since their observers were last told: whom to tell when what a write
  /// compared was replaced before anyone was told (a whole write behind an in-place one).
  @usableFromInline
  func partsRead() -> DiffObservedParts {
    var read = DiffObservedParts()
    for part in withLock({ $0.parts }) where DiffReaders.mayHaveRead(at: part.readers) {
      read.append(part)
    }
    return read
  }

  /// After an in-place write changed the value at `new`, while the writer still holds it: whom
  /// the change concerns, from the copies taken before it (which it frees).
  ///
  /// - Parameters:
  ///   - published: Whether a selected part changed.
  ///   - old: The whole value before the write, when the writer kept it.
  @usableFromInline
  func change(
    _ write: DiffObservedWrite, new: UnsafeRawPointer, published: Bool, old: UnsafeRawPointer?
  ) -> DiffObservedChange {
    var change = DiffObservedChange()
    change.whole = write.wholeWasRead && published
    if write.partsCopied {
      for part in withLock({ $0.parts }) where part.isCopied && !part.agreesWithCopy(new) {
        change.parts.append(part)
      }
    }
    guard let old else { return change }
    if let copies = write.copiesIfMade, copies.syncsKept {
      let sync = withLock { $0.elements }?.changes(
        syncing: UnsafeMutableRawPointer(mutating: old), new: new, index: copies.index)
      change.elements = sync?.changes
      copies.synced = sync?.synced ?? false
      copies.index = sync?.index
    } else {
      change.elements = elementChanges(old: old, new: new)
    }
    return change
  }

  /// What changed of an array's identifiers and elements from the value at `old` to the one at
  /// `new`; `nil` when neither was read.
  @usableFromInline
  func elementChanges(old: UnsafeRawPointer, new: UnsafeRawPointer) -> DiffElementChanges? {
    withLock { $0.elements }?.changes(old: old, new: new)
  }
}

/// Whom a stored change concerns, found by comparing before anyone is told, so that the
/// comparisons (the user's `==`) run while the writer holds the value and the tells after it
/// let go.
@usableFromInline
struct DiffObservedChange {
  /// Whether the whole property's observers are told: a selected part changed, and it was read.
  @usableFromInline var whole = false
  /// The parts read whose value changed.
  @usableFromInline var parts = DiffObservedParts()
  /// What changed of an array's identifiers and elements, when they were read.
  @usableFromInline var elements: DiffElementChanges?

  @inlinable init() {}
}

/// Parts of a property, the first held inline: most writes concern one part, and then no
/// array is made.
@usableFromInline
struct DiffObservedParts: Sequence {
  @usableFromInline var first: DiffObservedPart?
  @usableFromInline var rest: [DiffObservedPart] = []

  @inlinable init() {}

  /// Adds `part` at the end.
  @inlinable
  mutating func append(_ part: DiffObservedPart) {
    if first == nil { first = part } else { rest.append(part) }
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(parts: self) }

  /// The parts in order.
  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline let parts: DiffObservedParts
    @usableFromInline var position = -1

    @inlinable init(parts: DiffObservedParts) { self.parts = parts }

    @inlinable
    mutating func next() -> DiffObservedPart? {
      defer { position += 1 }
      if position < 0 { return parts.first }
      return position < parts.rest.count ? parts.rest[position] : nil
    }
  }
}

/// What changed of an array's identifiers and elements.
@usableFromInline
struct DiffElementChanges {
  /// Whether an element arrived, left or moved.
  @usableFromInline var order = false
  /// The hashes of the identifiers of the elements whose content changed, or that arrived or
  /// left.
  @usableFromInline var elements: [Int] = []

  @inlinable init() {}

  /// These changes and `other`'s, each identifier once.
  @usableFromInline
  func merged(with other: DiffElementChanges?) -> DiffElementChanges {
    guard let other else { return self }
    var merged = self
    merged.order = order || other.order
    var seen = Set(elements)
    for hash in other.elements where seen.insert(hash).inserted { merged.elements.append(hash) }
    return merged
  }
}

/// The fields of a property's observation.
@usableFromInline
struct DiffObservationState {
  // Guarded by `mutex`, but `registrar`, which never changes (and is itself thread-safe).
  @usableFromInline var mutex = RelayMutex()
  @usableFromInline let registrar = ObservationRegistrar()
  /// The parts read through `$property[\.part]`, in the order they were first read.
  @usableFromInline var parts: [DiffObservedPart] = []
  /// The same, by key path identity.
  @usableFromInline var partsByKeyPath: [ObjectIdentifier: DiffObservedPart] = [:]
  /// Who tells the observers of an array's identifiers and elements, once one was read.
  @usableFromInline var elements: (any DiffElementObserving)?
  /// The element key paths made last, by slot (`DiffObservation.elementKeyPath(_:)`).
  @usableFromInline var recentElementKeyPaths:
    [(hash: Int, keyPath: KeyPath<DiffObservation, Int>)?]?

  @inlinable init() {}
}

/// What an in-place write noted before it changed the value, for its observers: what was read,
/// and copies of the parts read and of the whole value, in a box made only when there are any.
@usableFromInline
struct DiffObservedWrite {
  /// Whether the whole property was read since its observers were told.
  @usableFromInline var wholeWasRead = false
  /// Whether an array's identifiers or an element were read: the writer keeps the value before.
  @usableFromInline var elementsWereRead = false
  /// Whether parts were copied into their slots, to compare after the write.
  @usableFromInline var partsCopied = false
  /// The copies, once one was made.
  @usableFromInline var copiesIfMade: DiffObservedCopies?

  @inlinable init() {}

  /// Releases the index an in-place write took out of the array (it keeps the array), with no
  /// lock held, before the write changes the array.
  @inlinable
  func letGoOfTakenIndex() { copiesIfMade?.releasedIndex = nil }

  /// The box of copies, made now if it does not exist yet.
  @inlinable
  mutating func copies() -> DiffObservedCopies {
    if let copies = copiesIfMade { return copies }
    let copies = DiffObservedCopies()
    copiesIfMade = copies
    return copies
  }
}

/// The copies an in-place write made for its observers.
@usableFromInline
final class DiffObservedCopies: @unchecked Sendable {
  // Made and filled by one in-place write, read once by the same write at its end.
  /// The whole value before the write, in a box (`DiffKeptValue`), when the writer kept it.
  @usableFromInline @exclusivity(unchecked) var kept: AnyObject?
  /// Whether `kept` is the property's copy for its elements' observers (an in-place write's,
  /// with the property held): the comparison makes it equal to the new value when every
  /// identifier stayed in place, and says so in `synced`.
  @usableFromInline @exclusivity(unchecked) var syncsKept = false
  /// Whether the comparison made `kept` equal to the new value.
  @usableFromInline @exclusivity(unchecked) var synced = false
  /// The index of the array's elements, detached from the array before the write; after the
  /// comparison, the index of the new array when the identifiers stayed in place, or `nil`.
  @usableFromInline @exclusivity(unchecked) var index: AnyObject?
  /// What the write took out with the mutex held and lets go of with the copies, with no lock
  /// held: the property's copy of an array that no longer matched, and the index it detached.
  @usableFromInline @exclusivity(unchecked) var released: AnyObject?
  @usableFromInline @exclusivity(unchecked) var releasedIndex: AnyObject?

  @usableFromInline init() {}
}

/// One part of a `@Diff` property read through `$property[\.part]`: its comparison (its
/// selection's, shared), and the key path on the property's observation that its readers
/// register.
@usableFromInline
final class DiffObservedPart: @unchecked Sendable {
  // Immutable once registered, but for the readers' word, which is atomic.
  /// Whether the values at two addresses agree on the part.
  @usableFromInline let agrees: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  @usableFromInline let snapshotSize: Int
  @usableFromInline let snapshotAlignment: Int
  @usableFromInline let takeSnapshot: (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
  @usableFromInline let agreesWithSnapshot: (UnsafeMutableRawPointer, UnsafeRawPointer) -> Bool
  /// Who read the part since its observers were last told (`DiffReaders`).
  @usableFromInline let readers = UnsafeMutableRawPointer.allocate(
    byteCount: MemoryLayout<UInt>.size, alignment: MemoryLayout<UInt>.alignment)
  @usableFromInline @exclusivity(unchecked) private(set) var observedKeyPath =
    DiffObservation.wholeKeyPath
  /// Where an in-place write copies the part before it changes the value, and whether it did:
  /// used by the write holding the property alone (writes to a property never overlap), so that
  /// a write allocates nothing for the parts it compares.
  @usableFromInline let slot: UnsafeMutableRawPointer
  @usableFromInline @exclusivity(unchecked) var isCopied = false

  /// The part `selection` selects.
  @inlinable
  init<Value>(_ selection: DiffSelection<Value>) {
    agrees = selection.agrees
    snapshotSize = selection.snapshotSize
    snapshotAlignment = selection.snapshotAlignment
    takeSnapshot = selection.takeSnapshot
    agreesWithSnapshot = selection.agreesWithSnapshot
    readers.initializeMemory(as: UInt.self, repeating: 0, count: 1)
    slot = UnsafeMutableRawPointer.allocate(
      byteCount: Swift.max(1, selection.snapshotSize), alignment: selection.snapshotAlignment)
  }

  deinit {
    // A write compares every copy it took before it ends, and keeps the property alive.
    assert(!isCopied, "a part's copy outlived the write that took it")
    readers.deallocate()
    slot.deallocate()
  }

  /// Numbers the part, once, before anybody reads it.
  @usableFromInline
  func assign(id: Int) { observedKeyPath = \DiffObservation.[part: id] }

  /// Copies the part of the value at `value` into the part's slot, before an in-place write.
  @usableFromInline
  func copy(_ value: UnsafeRawPointer) {
    takeSnapshot(value, slot)
    isCopied = true
  }

  /// Whether the value at `new` agrees with the copy an in-place write took, which it empties.
  @usableFromInline
  func agreesWithCopy(_ new: UnsafeRawPointer) -> Bool {
    isCopied = false
    return agreesWithSnapshot(slot, new)
  }
}

/// Who read a property (or a part) since its observers were last told: nobody, one thread, or
/// several; the word that decides whether a change has anybody to tell.
///
/// A read notes its thread; a tell (`takeReads(at:)`) says whether anybody read and forgets the
/// reads only when the one thread that read is the telling thread: its tracking closure has
/// returned, so its observer, if any, was installed and is being told now. Any other reader
/// may still be inside its closure, its observer not installed yet, so the reads are kept and
/// the next change is told too. A flag word (`raise`, `isRaised`) only ever goes up ("a part was
/// read", "an element was read"): no tell clears it, so that a writer starting while another
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

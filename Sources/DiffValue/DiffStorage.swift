import Relay
import RelayAtomics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `@Diff` property keeps, in one allocation: its value, a mutex, the selection it shares
/// with every property declared alike, and, once something needs more than the value, its
/// machinery (`DiffMachinery`).
///
/// **Until a subscriber, a hook or `changes` arrives**, the value lives here, guarded by the
/// mutex: a whole write swaps it in and out, a read copies it, and an in-place write
/// (`model.state.count = n`) marks the property as held by its thread (`writer`), changes the value
/// where it lies with the mutex released, and lets go. While it is held, reads and other in-place
/// writes on other threads wait for it, and a whole write is kept (`held`) and stored after it, so
/// that no writer waits behind another thread's change; the same thread reading or writing the
/// property inside its own in-place write stops the program with a message (an overlapping access).
/// Nobody subscribes, so nothing is compared unless an observer may be told.
///
/// **Once the relay is installed** (under the mutex, once no in-place write holds the property),
/// the value moves into it, and every read and write goes through the relay as a
/// `CurrentValueRelay`'s do: a write racing the first subscription is either stored before the
/// relay, and so is the subscriber's first value, or sent through it.
///
/// The flags word says what exists, so that the paths that need nothing else take no lock to
/// find out: set under the mutex with a releasing store, read with an acquiring load; what it
/// says exists is never taken back while the property lives.
@usableFromInline
final class DiffStorage<Value: Equatable>: ManagedBuffer<DiffStorageHeader<Value>, Value> {
  /// Makes the storage of a property holding `value`, comparing with `selection`.
  @inlinable
  static func make(value: Value, selection: DiffSelection<Value>) -> DiffStorage<Value> {
    let storage = unsafeDowncast(
      create(minimumCapacity: 1) { _ in DiffStorageHeader(selection: selection) },
      to: DiffStorage<Value>.self)
    storage.withUnsafeMutablePointers { header, element in
      MutexMemory.initialize(&header.pointee.mutex)
      element.initialize(to: value)
    }
    return storage
  }

  deinit {
    withUnsafeMutablePointers { header, element in
      if header.pointee.flags & DiffStorageFlags.relay == 0 { element.deinitialize(count: 1) }
      MutexMemory.destroy(&header.pointee.mutex)
      if let machinery = header.pointee.machineryReference {
        machinery._withUnsafeGuaranteedRef { $0.propertyWentAway() }
        machinery.release()
      }
      header.pointee.observation?.release()
      header.pointee.selectionReference.release()
      header.pointee.writing?.deallocate()  // the snapshot's slot with it
    }
  }

  // MARK: The mutex and the flags

  /// Runs `body` with the mutex held.
  @inlinable @inline(__always)
  func withLock<Result>(
    _ body: (UnsafeMutablePointer<DiffStorageHeader<Value>>, UnsafeMutablePointer<Value>) throws
      -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointers { header, element in
      MutexMemory.lock(&header.pointee.mutex)
      defer { MutexMemory.unlock(&header.pointee.mutex) }
      return try body(header, element)
    }
  }

  /// What exists, read with an acquiring load.
  @inlinable @inline(__always)
  var flags: UInt {
    withUnsafeMutablePointerToHeader { header in
      relay_atomic_load_uword(UnsafeMutableRawPointer(flagsAddress(header)), 2)
    }
  }

  @inlinable @inline(__always)
  func flagsAddress(_ header: UnsafeMutablePointer<DiffStorageHeader<Value>>)
    -> UnsafeMutablePointer<UInt>
  {
    // `flags` follows the mutex (DiffStorageHeader).
    (UnsafeMutableRawPointer(header) + MemoryLayout<RelayMutex>.stride)
      .assumingMemoryBound(to: UInt.self)
  }

  /// Adds flags, with the mutex held, after what they say exists was made.
  @inlinable
  func raise(_ flags: UInt, in header: UnsafeMutablePointer<DiffStorageHeader<Value>>) {
    let address = UnsafeMutableRawPointer(flagsAddress(header))
    relay_atomic_store_uword(address, relay_atomic_load_uword(address, 0) | flags, 3)
  }

  /// The machinery, once the flags say it exists.
  @inlinable
  var machinery: DiffMachinery<Value> {
    withUnsafeMutablePointerToHeader { $0.pointee.machinery.unsafelyUnwrapped }
  }

  /// The selection the property compares.
  @inlinable
  var selection: DiffSelection<Value> {
    withUnsafeMutablePointerToHeader { $0.pointee.selection }
  }

  /// The machinery, made now if it does not exist yet; the caller holds the mutex.
  @inlinable @inline(__always)
  func makeMachinery(in header: UnsafeMutablePointer<DiffStorageHeader<Value>>) -> DiffMachinery<
    Value
  > {
    if let machinery = header.pointee.machinery { return machinery }
    return makeMachineryNow(in: header)
  }

  /// Makes the machinery, with the mutex held.
  @inlinable @inline(never)
  func makeMachineryNow(in header: UnsafeMutablePointer<DiffStorageHeader<Value>>)
    -> DiffMachinery<Value>
  {
    let machinery = DiffMachinery<Value>.make()
    if let observation = header.pointee.observation {
      machinery.adopt(observation.takeUnretainedValue())
    }
    header.pointee.machineryReference = Unmanaged.passRetained(machinery)
    raise(DiffStorageFlags.machinery, in: header)
    return machinery
  }

  // MARK: Installing

  /// The relay, installed now if it is not yet: the value moves into it, once no in-place write
  /// holds the property.
  @inlinable
  func installedRelay() -> RelayStorage<Value> {
    if flags & DiffStorageFlags.relay != 0 { return withRelay { $0 } }
    return installRelay()
  }

  /// Installs the relay: the machinery, and the relay holding the value.
  ///
  /// Specialized for the value type, though it runs once per property: unspecialized, its
  /// generic types' metadata lookups made a first subscription 0.3 µs slower (1.34 µs against
  /// 1.05 µs for a property and a sink), for about 1 KB of code per value type. Never inlined:
  /// its callers are not hot.
  @inlinable @inline(never)
  func installRelay() -> RelayStorage<Value> {
    // The copy for the elements' observers: only in-place writes of the value's own use it.
    // Released with no lock held.
    var shadow: AnyObject?
    defer { withExtendedLifetime(shadow) {} }
    return withLock { header, element in
      waitWhileHeld(header)
      let machinery = makeMachinery(in: header)
      if header.pointee.flags & DiffStorageFlags.relay != 0 { return machinery.relay }
      shadow = machinery.state.pointee.extras?.elementShadow.take()
      // A `CurrentValueRelay`'s storage, without the wrapper: the machinery is its one owner.
      let relay = RelayStorage.make(
        currentValue: element.move(),
        duplicateCheck: header.pointee.selection.isDuplicateTellingObservers,
        keptAliveBy: machinery)
      machinery.state.pointee.relayReference = Unmanaged.passRetained(relay as AnyObject)
      raise(DiffStorageFlags.relay, in: header)
      return relay
    }
  }

  /// Makes the slots of in-place writes, with the mutex held, unless they exist.
  ///
  /// One allocation, freed with the storage: the value, where a write through the relay changes
  /// it, then the snapshot, where an in-place write that may tell observers copies the selected
  /// parts before it, at the first offset its alignment allows.
  @inlinable
  func makeSlots(_ header: UnsafeMutablePointer<DiffStorageHeader<Value>>) {
    guard header.pointee.writing == nil else { return }
    header.pointee.writing = Self.allocateSlots(for: header.pointee.selection)
  }

  /// Allocates the slots of in-place writes for a property comparing with `selection`.
  @usableFromInline
  static func allocateSlots(for selection: DiffSelection<Value>) -> UnsafeMutablePointer<Value> {
    let alignment = Swift.max(MemoryLayout<Value>.alignment, selection.snapshotAlignment)
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: Swift.max(1, selection.snapshotOffset + selection.snapshotSize),
      alignment: alignment)
    return memory.bindMemory(to: Value.self, capacity: 1)
  }

  /// The slots of in-place writes, made now if they do not exist yet, for a write the relay
  /// holds the property for.
  ///
  /// Made with the first such write rather than with the relay: a property whose subscribers
  /// see only whole writes never needs them.
  @inlinable @inline(__always)
  func slotsMadeIfNeeded() -> (
    writing: UnsafeMutablePointer<Value>, snapshot: UnsafeMutableRawPointer
  ) {
    if withUnsafeMutablePointerToHeader({ $0.pointee.writing == nil }) { makeSlotsNow() }
    return slots
  }

  /// Makes the slots of in-place writes, taking the mutex.
  @inlinable @inline(never)
  func makeSlotsNow() {
    withLock { header, _ in makeSlots(header) }
  }

  /// The slots of in-place writes, once made.
  @inlinable
  var slots: (writing: UnsafeMutablePointer<Value>, snapshot: UnsafeMutableRawPointer) {
    withUnsafeMutablePointerToHeader { header in
      let writing = header.pointee.writing.unsafelyUnwrapped
      let offset = header.pointee.selectionReference._withUnsafeGuaranteedRef { $0.snapshotOffset }
      return (writing, UnsafeMutableRawPointer(writing) + offset)
    }
  }

  /// Runs `body` on the selection without retaining it.
  @inlinable @inline(__always)
  func withSelection<Result>(_ body: (DiffSelection<Value>) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointerToHeader { header in
      try header.pointee.selectionReference._withUnsafeGuaranteedRef(body)
    }
  }

  /// Runs `body` on the relay, once the flags say it exists, without retaining it: the
  /// property keeps the machinery, which keeps the relay.
  @inlinable @inline(__always)
  func withRelay<Result>(_ body: (RelayStorage<Value>) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointerToHeader { header in
      try header.pointee.machineryReference.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        try $0.state.pointee.relayReference.unsafelyUnwrapped._withUnsafeGuaranteedRef {
          try body(unsafeDowncast($0, to: RelayStorage<Value>.self))
        }
      }
    }
  }

  /// The observation, made now if it does not exist yet: a read is about to register.
  @inlinable @inline(__always)
  func withObservation<Result>(_ body: (DiffObservation) throws -> Result) rethrows -> Result {
    if flags & DiffStorageFlags.observed == 0 { installObservation() }
    return try withUnsafeMutablePointerToHeader { header in
      try header.pointee.observation.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }
  }

  /// Makes the observation, with no lock held, and installs it unless another thread's read
  /// did first; a property that is read but has no subscriber, hook or observed write makes no
  /// machinery (a row's model read by its view).
  @usableFromInline
  func installObservation() {
    let made = DiffObservation.make()
    withLock { header, _ in
      guard header.pointee.flags & DiffStorageFlags.observed == 0 else { return }
      header.pointee.observation = Unmanaged.passRetained(made)
      header.pointee.machinery?.adopt(made)
      raise(DiffStorageFlags.observed, in: header)
    }
  }

  /// Whether observers may be told of a write; the caller holds the mutex.
  @inlinable @inline(__always)
  func mayTell(_ header: UnsafeMutablePointer<DiffStorageHeader<Value>>) -> Bool {
    guard let observation = header.pointee.observation else { return false }
    return observation._withUnsafeGuaranteedRef { $0.mayTell }
  }

  // MARK: Holding the value

  /// Waits, with the mutex held, while an in-place write on another thread holds the property;
  /// stops the program when it is this thread's own (an overlapping access).
  @inlinable @inline(__always)
  func waitWhileHeld(_ header: UnsafeMutablePointer<DiffStorageHeader<Value>>) {
    if header.pointee.writer != 0 { waitForWriter(header) }
  }

  @usableFromInline
  func waitForWriter(_ header: UnsafeMutablePointer<DiffStorageHeader<Value>>) {
    let thread = ThreadIdentity.current.word
    while header.pointee.writer != 0 {
      precondition(
        header.pointee.writer != thread,
        "a @Diff or relay value was read or written while this thread was writing it "
          + "(an overlapping access, such as a write through the property inside its modify, "
          + "or on the thread where a part passed inout to an async function was suspended)")
      makeMachinery(in: header).contention().writeEnded.wait(releasing: &header.pointee.mutex)
    }
  }

  // MARK: Reading

  /// The last value written.
  ///
  /// A relay that arrived while it waited for the mutex is read once the mutex is released:
  /// the relay's read may wait for an in-place write, which may in turn need this mutex (the
  /// first in-place write through the relay makes its slots under it).
  @inlinable
  func read() -> Value {
    if flags & DiffStorageFlags.relay != 0 { return readThroughRelay() }
    let stored: Value? = withLock { header, element in
      waitWhileHeld(header)
      return header.pointee.flags & DiffStorageFlags.relay != 0 ? nil : element.pointee
    }
    return stored ?? readThroughRelay()
  }

  /// The relay's latest value, once the relay exists.
  ///
  /// Out of line: the relay's read (its lock, and the wait while an in-place write has the
  /// value) is one copy per value type, however many reads call it.
  @inlinable @inline(never)
  func readThroughRelay() -> Value { withRelay { $0.latestKeptValue } }

  /// The last value written, read inside `withObservationTracking` to be told of its next
  /// published change.
  @inlinable
  func readTracked() -> Value {
    withObservation { $0.willReadWhole() }
    return read()
  }

  // MARK: Writing the whole value

  /// Stores a value: published through the relay once it exists; until then swapped in, the
  /// observers told when something they read changed.
  @inlinable
  func write(_ newValue: Value) {
    if flags & DiffStorageFlags.relay != 0 { return withRelay { $0.send(newValue) } }
    var value = newValue
    var stored: Value?
    var discarded = DiffDiscarded()  // released with no lock held
    let outcome = withLock { header, element in
      storeInline(&value, header, element, new: &stored, discarding: &discarded)
    }
    switch outcome {
    case .relay: withRelay { $0.send(value) }
    case .held: break  // `stored` holds what it replaced, released here
    case .stored:
      if var stored { tell(old: &value, new: &stored) }
      if let index = discarded.index { keepDetached(index) }
    }
    // The value replaced (or kept) is released here, with no lock held.
  }

  /// Puts back the index of the array a whole write replaced, detached from that array (which
  /// it kept alive): its tables serve the next lookup when the new array has the same
  /// identifiers in the same order (a refetch), with no hashing.
  @usableFromInline
  func keepDetached(_ index: AnyObject) {
    guard let detached = (index as? DiffElementIndexing)?.detached() else { return }
    withLock { header, _ in
      guard let machinery = header.pointee.machinery,
        machinery.state.pointee.extras?.elementIndex == nil
      else { return }
      machinery.madeExtras().elementIndex = detached
    }
  }

  /// Tells the observers whom the change from `old` to `new` concerns.
  @inlinable
  func tell(old: inout Value, new: inout Value) {
    let agrees = selection.agrees
    withUnsafePointer(to: &old) { old in
      withUnsafePointer(to: &new) { new in
        withObservation {
          $0.tell(
            old: UnsafeRawPointer(old), new: UnsafeRawPointer(new), published: nil,
            selection: agrees)
        }
      }
    }
  }

  /// With the mutex held: swaps `value` in (it receives the value it replaced), or keeps it
  /// behind the in-place write holding the property, or says the relay exists now.
  ///
  /// - Parameters:
  ///   - new: Receives a copy of the stored value when observers must compare it; or, for a
  ///     value kept, the value kept before it, to release.
  ///   - discarded: Receives what the machinery kept of the value replaced for its elements'
  ///     observers (their copy of it, its index), to release.
  @inlinable @inline(__always)
  func storeInline(
    _ value: inout Value, _ header: UnsafeMutablePointer<DiffStorageHeader<Value>>,
    _ element: UnsafeMutablePointer<Value>, new: inout Value?,
    discarding discarded: inout DiffDiscarded
  ) -> DiffInlineStore {
    if header.pointee.flags & DiffStorageFlags.relay != 0 { return .relay }
    if header.pointee.writer != 0 {
      precondition(
        header.pointee.writer != ThreadIdentity.current.word,
        "a @Diff value was written while this thread was writing it (an overlapping access)")
      // Kept behind the in-place write; the value it replaces leaves in `new`, to be released
      // with no lock held.
      var kept = Optional(value)
      swap(&kept, &makeMachinery(in: header).contention().held)
      new = kept
      return .held
    }
    swap(&element.pointee, &value)
    header.pointee.version &+= 1
    if let extras = header.pointee.machinery?.state.pointee.extras,
      extras.elementShadow != nil || extras.elementIndex != nil
    {
      discarded.shadow = extras.elementShadow.take()
      discarded.index = extras.elementIndex.take()
    }
    if mayTell(header) { new = element.pointee }
    return .stored
  }
}

/// What the machinery kept for the value a whole write replaced, for its elements' observers:
/// released once the write lets go of the mutex.
///
/// Not generic, so that a write's frame holds no optional of a generic type.
@usableFromInline
struct DiffDiscarded {
  @usableFromInline var shadow: AnyObject?
  @usableFromInline var index: AnyObject?

  @inlinable init() {}
}

/// What a whole write with the mutex held did.
@usableFromInline
enum DiffInlineStore {
  /// Stored the value.
  case stored
  /// Kept it behind the in-place write holding the property.
  case held
  /// Nothing: the relay exists now, and the value goes through it.
  case relay
}

/// The bits of a property's flags word.
@usableFromInline
enum DiffStorageFlags {
  /// The machinery exists.
  @inlinable static var machinery: UInt { 1 }
  /// The relay exists, and holds the value.
  @inlinable static var relay: UInt { 2 }
  /// The registrar exists: the property was read.
  @inlinable static var observed: UInt { 4 }
}

/// The fields of a property's storage, beside its value.
@usableFromInline
struct DiffStorageHeader<Value: Equatable> {
  // `mutex` guards every field but `flags` (atomic, written under it) and `selection` (never
  // changes); `machineryReference` is set once, under it, before its flag. `flags` is the
  // second field, right after the mutex: its address is computed from the header's, with no
  // Swift access to the field, which Thread Sanitizer would report as racing with the atomic
  // operations on it.
  // (An access to any field through `header.pointee` counts as one to the header's first bytes,
  // so the first field is the mutex, whose first half nothing touches: see `RelayMutex`.)
  @usableFromInline var mutex = RelayMutex()
  @usableFromInline var flags: UInt = 0
  /// The selection, retained by `init` and released by the storage's `deinit`: unmanaged, so
  /// that the paths that use it retain nothing, and kept once (8 bytes per property).
  @usableFromInline let selectionReference: Unmanaged<DiffSelection<Value>>
  /// The machinery, once made, retained (and released when the property goes): unmanaged, so
  /// that a write or read through the relay, which the machinery keeps, retains neither.
  @usableFromInline var machineryReference: Unmanaged<DiffMachinery<Value>>?
  /// The observation, once made, retained (and released when the property goes); the
  /// machinery keeps it too.
  @usableFromInline var observation: Unmanaged<DiffObservation>?
  /// The slots of in-place writes, once made: the value's, then the snapshot's at the
  /// selection's `snapshotOffset` (one allocation, freed with the storage).
  @usableFromInline var writing: UnsafeMutablePointer<Value>?
  /// The thread of the in-place write holding the property, or 0.
  @usableFromInline var writer: UInt = 0
  /// How many values were stored here, for the index of an array's elements.
  @usableFromInline var version: UInt = 0

  @inlinable
  init(selection: DiffSelection<Value>) {
    selectionReference = Unmanaged.passRetained(selection)
    assert(
      MemoryLayout<Self>.offset(of: \.flags) == MemoryLayout<RelayMutex>.stride,
      "DiffStorage.flagsAddress expects the flags right after the mutex")
  }

  /// The selection, kept alive by `selectionReference`.
  @inlinable var selection: DiffSelection<Value> { selectionReference.takeUnretainedValue() }

  /// The machinery, once made, kept alive by `machineryReference`.
  @inlinable var machinery: DiffMachinery<Value>? { machineryReference?.takeUnretainedValue() }
}

extension DiffStorage {
  // MARK: Reading a part

  /// One part of the last value written, read inside `withObservationTracking` to be told of
  /// that part's next change alone.
  @inlinable
  func readTracked<Part: Equatable>(_ keyPath: KeyPath<Value, Part>) -> Part {
    withObservation { observation in
      observation.willRead(
        observation.part(ObjectIdentifier(keyPath)) { DiffObservedPart(.shared(keyPath)) })
    }
    if flags & DiffStorageFlags.relay != 0 { return readThroughRelay()[keyPath: keyPath] }
    // A relay that arrived meanwhile is read with the mutex released, as `read()` does.
    let stored: Part? = withLock { header, element in
      waitWhileHeld(header)
      return header.pointee.flags & DiffStorageFlags.relay != 0
        ? nil : element.pointee[keyPath: keyPath]
    }
    return stored ?? readThroughRelay()[keyPath: keyPath]
  }

  // MARK: What the machinery holds

  /// The property's hooks, made the first time.
  @inlinable
  func hooks() -> HookRegistry {
    withLock { header, _ -> DiffMachinery<Value> in makeMachinery(in: header) }.hooks()
  }

  /// The property's one instance of `type`, made by `make` the first time.
  func sharedObject<Object: AnyObject>(_ type: Object.Type, make: () -> Object) -> Object {
    withLock { header, _ -> DiffMachinery<Value> in makeMachinery(in: header) }.shared(
      type, make: make)
  }
}

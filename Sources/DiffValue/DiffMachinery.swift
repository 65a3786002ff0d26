import Observation
import Relay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `@Diff` property makes the first time it needs more than its value and its
/// observation: the relay of its first subscriber, hook or `changes`; hooks; objects shared per
/// property (the list-change feed); the whole value a write stored while an in-place write held
/// the property. (The slots of in-place writes belong to the property's storage.)
///
/// One allocation (besides what it makes in turn): its fields are the buffer's header. It keeps
/// the property's observation too (the relay's duplicate check tells it, and may outlive the
/// property), retained in the word the check reads. Its own mutex guards the hooks and the
/// shared objects; the property's mutex guards the rest (`DiffMachineryState` says which).
///
/// The relay's duplicate check holds it (to tell observers), and it holds the relay: the property
/// breaks that cycle when it goes (`propertyWentAway()`).
@usableFromInline
final class DiffMachinery<Value: Equatable>: ManagedBuffer<DiffMachineryState<Value>, Void> {
  /// Makes the machinery of a property.
  @inlinable
  static func make() -> DiffMachinery<Value> {
    let machinery = unsafeDowncast(
      create(minimumCapacity: 0) { _ in DiffMachineryState() },
      to: DiffMachinery<Value>.self)
    machinery.withUnsafeMutablePointerToHeader { MutexMemory.initialize(&$0.pointee.mutex) }
    assert(
      diffObservationWord(inMachineryAt: Unmanaged.passUnretained(machinery).toOpaque())
        == machinery.observationWord,
      "diffObservationWord(inMachineryAt:) does not find the word where the machinery keeps it")
    return machinery
  }

  deinit {
    withUnsafeMutablePointerToHeader { state in MutexMemory.destroy(&state.pointee.mutex) }
    // The observation the word holds, retained by `adopt(_:)`.
    let address = AtomicWord<UInt>(atExisting: observationWord).load(ordering: .acquiring)
    if let observation = UnsafeRawPointer(bitPattern: address) {
      Unmanaged<DiffObservation>.fromOpaque(observation).release()
    }
    // Let go of by `propertyWentAway()` already: the relay keeps the machinery (its duplicate
    // check's keeper) until then.
    assert(state.pointee.relayReference == nil, "a machinery went away before its property")
  }

  /// The property went away: its hooks end (they subscribe to the relay, which holds them), its
  /// shared objects go (a list's change feed subscribes to the relay too), and the machinery
  /// lets go of the relay, whose duplicate check holds the machinery, so that the relay goes with
  /// its last subscriber and the machinery with it.
  @usableFromInline
  func propertyWentAway() {
    let (shared, relay) = withOwnLock { state in
      let shared = state.pointee.shared
      state.pointee.shared = [:]
      let relay = state.pointee.relayReference
      state.pointee.relayReference = nil
      return (shared, relay?.takeRetainedValue())
    }
    (shared[ObjectIdentifier(HookRegistry.self)] as? HookRegistry)?.removeAll()
    _ = (shared, relay)  // released here, outside the lock: their deinits cancel subscriptions
  }

  /// Runs `body` on the fields the machinery's own mutex guards.
  ///
  /// The fields come as a pointer, not `inout`: an `inout` of the whole state would be a Swift
  /// access to every field, which Thread Sanitizer reports as a race with the fields the
  /// property's mutex guards and with the atomic word.
  @inlinable
  func withOwnLock<Result>(
    _ body: (UnsafeMutablePointer<DiffMachineryState<Value>>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointerToHeader { state in
      MutexMemory.lock(&state.pointee.mutex)
      defer { MutexMemory.unlock(&state.pointee.mutex) }
      return try body(state)
    }
  }

  /// The fields; the caller holds the mutex that guards the one it touches, or knows it set.
  @inlinable
  var state: UnsafeMutablePointer<DiffMachineryState<Value>> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// The relay, once installed (the property's flags say so).
  @inlinable
  var relay: RelayStorage<Value> {
    unsafeDowncast(
      state.pointee.relayReference.unsafelyUnwrapped.takeUnretainedValue(),
      to: RelayStorage<Value>.self)
  }

  /// Keeps the property's observation, retained, in the word the relay's duplicate check reads.
  ///
  /// The check reads the word with no lock. Called once, with the property's mutex held (it made
  /// the observation before the machinery, or the machinery before the observation); `deinit`
  /// releases the observation.
  @usableFromInline
  func adopt(_ observation: DiffObservation) {
    withOwnLock { _ in
      let word = AtomicWord<UInt>(atExisting: observationWord)
      precondition(word.load(ordering: .relaxed) == 0, "a property's observation was made twice")
      let address = UInt(bitPattern: Unmanaged.passRetained(observation).toOpaque())
      word.store(address, ordering: .releasing)
    }
  }

  /// The word holding the observation's address once it is made, 0 before.
  @inlinable
  var observationWord: UnsafeMutableRawPointer {
    withUnsafeMutablePointerToHeader { state in
      // `observationWord` follows the mutex (DiffMachineryState).
      UnsafeMutableRawPointer(state) + MemoryLayout<RelayMutex>.stride
    }
  }

  /// What the threads behind an in-place write use; made, under the property's mutex, the first
  /// time one waits or a whole write is kept behind it.
  @usableFromInline
  func contention() -> DiffContention<Value> {
    let extras = madeExtras()
    if let contention = extras.contention { return contention }
    let contention = DiffContention<Value>()
    extras.contention = contention
    return contention
  }

  /// The extras, made now if they do not exist yet; the caller holds the property's mutex.
  ///
  /// The only place that makes them, and the field is written only then: reading it first, a
  /// call that finds them writes nothing.
  @inlinable
  func madeExtras() -> DiffMachineryExtras<Value> {
    if let extras = state.pointee.extras { return extras }
    let made = DiffMachineryExtras<Value>()
    state.pointee.extras = made
    return made
  }

  // MARK: Hooks and shared objects

  /// The property's hooks; made the first time, and kept with the shared objects.
  @usableFromInline
  func hooks() -> HookRegistry { shared(HookRegistry.self) { HookRegistry() } }

  /// The property's one instance of `type`, made by `make` the first time.
  func shared<Object: AnyObject>(_ type: Object.Type, make: () -> Object) -> Object {
    if let existing = withOwnLock({ $0.pointee.shared[ObjectIdentifier(type)] }) {
      return unsafeDowncast(existing, to: Object.self)
    }
    let made = make()  // outside the lock: it subscribes, which calls out
    return withOwnLock { state in
      if let existing = state.pointee.shared[ObjectIdentifier(type)] {
        return unsafeDowncast(existing, to: Object.self)
      }
      state.pointee.shared[ObjectIdentifier(type)] = made
      return made
    }
  }
}

/// The observation word of the machinery at `machinery`: what a relay's duplicate check finds
/// from the address of its keeper, the machinery, so that the relay keeps no word for it.
///
/// A buffer's header follows the object's two words (its type and its reference counts), at the
/// first offset the header's alignment allows; the header's alignment is the same for every
/// value type (its fields are words and references). `DiffMachinery.make()` checks the sum.
@inlinable @inline(__always)
func diffObservationWord(inMachineryAt machinery: UnsafeMutableRawPointer)
  -> UnsafeMutableRawPointer
{
  let header = fieldOffset(
    after: 2 * MemoryLayout<UnsafeRawPointer>.size,
    alignment: MemoryLayout<DiffMachineryState<Int>>.alignment)
  return machinery + header + MemoryLayout<RelayMutex>.stride
}

/// The fields of a property's machinery.
@usableFromInline
struct DiffMachineryState<Value: Equatable> {
  // Guarded by `mutex` (the machinery's own): `shared`, and `relayReference`'s release when the
  // property goes. Guarded by the property's mutex: `relayReference` (set once, before the
  // property's flag says the relay exists; read with no lock after the flag's acquiring load)
  // and `extras` (made once, never replaced), and the extras' fields, but the elements' copy,
  // which the in-place write holding the property also uses once it let go of the mutex (the
  // extras are made before it does, so nothing writes this field meanwhile). `observationWord`
  // is atomic (the observation's address, retained, set once it is made), and the second field,
  // right after the mutex: its address is computed from the state's, with no Swift access to
  // the field (see DiffStorageHeader). Five words, so that the machinery is 56 bytes, 64 of
  // heap: what few properties need waits in `extras`.
  @usableFromInline var mutex = RelayMutex()
  @usableFromInline var observationWord: UInt = 0
  /// The relay (a `RelayStorage<Value>`), retained, and released when the property goes:
  /// unmanaged, so that the paths through it retain nothing, and of a type that depends on no
  /// value type, so that `propertyWentAway()`, which runs unspecialized, looks up no type's
  /// metadata to let go of it (that lookup cost about 330 instructions per property).
  @usableFromInline var relayReference: Unmanaged<AnyObject>?
  /// The objects made once per property, by type: its hooks (`HookRegistry`), a list's change
  /// feed.
  var shared: [ObjectIdentifier: AnyObject] = [:]
  /// What an array's observed elements and contended in-place writes keep, once one needed it.
  @usableFromInline var extras: DiffMachineryExtras<Value>?

  @inlinable
  init() {
    assert(
      MemoryLayout<Self>.offset(of: \.observationWord) == MemoryLayout<RelayMutex>.stride,
      "DiffMachinery.observationWord expects the word right after the mutex")
  }

}

/// What a property's machinery keeps for the few properties that need it.
///
/// Arrays whose elements are observed, and in-place writes that other threads waited for: made
/// the first time one does, so that the machinery of every other property is two words smaller.
/// Its fields are guarded by the property's mutex, but `elementShadow`, which the in-place write
/// holding the property also reads and writes once it let go of the mutex (nothing else touches
/// it while a write holds the property).
@usableFromInline
final class DiffMachineryExtras<Value: Equatable> {
  /// What the threads behind an in-place write use, once one waited or a whole write was kept.
  @usableFromInline var contention: DiffContention<Value>?
  /// Where each identifier of an array value is, for `$items[id:]`, `ids` and `update(id:)`.
  @usableFromInline var elementIndex: AnyObject?
  /// A copy of an array value whose elements are observed, in a buffer of its own.
  ///
  /// It equals the value stored at its `version`. An in-place write compares with it rather
  /// than keep the array before it (which would copy the whole array, as the write then changes
  /// a buffer that is no longer its own alone), and makes it equal to the new value by writing
  /// the elements whose bytes changed. Read and written by the in-place write holding the
  /// property, and by whole writes with the property's mutex held when none holds it.
  @usableFromInline var elementShadow: DiffKeptValue<Value>?

  @usableFromInline
  init() {}
}

/// What the threads behind an in-place write holding a property use: the whole value written
/// meanwhile, stored after the write, and what the threads waiting for its end wait on.
///
/// Made the first time a thread waits or a whole write is kept: most properties never need it,
/// and then the machinery's size does not grow with the value's. Its fields are guarded by the
/// property's mutex, which the condition's waiters release while they wait.
@usableFromInline
final class DiffContention<Value> {
  /// A whole value written while an in-place write held the property: stored after it.
  @usableFromInline var held: Value?
  /// What threads waiting for an in-place write to end wait on, with the property's mutex.
  @usableFromInline let writeEnded = LockCondition()

  @usableFromInline
  init() {}
}

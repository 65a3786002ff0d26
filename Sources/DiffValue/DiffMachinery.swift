import Observation
import Relay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `@Diff` property makes the first time it needs more than its value: the relay of its
/// first subscriber, hook or `changes`; the Observation registrar of its first read; the slots an
/// observed or relayed in-place write uses; hooks; objects shared per property (the list-change
/// feed); the value a write stored while an in-place write held the property.
///
/// One allocation (besides what it makes in turn): its mutable fields are the buffer's header, and
/// the atomic words that say who read what (`Readers`) are its elements. Its own mutex guards the
/// registrar and the registry of read parts and elements, which a relay's drainer reaches after the
/// property may be gone; the property's mutex guards the rest (`DiffStorage` says which).
///
/// The relay's duplicate check holds it (to tell observers), and it holds the relay: the property
/// breaks that cycle when it goes (`DiffStorage.deinit` lets go of the relay).
@usableFromInline
final class DiffMachinery<Value: Equatable>: ManagedBuffer<DiffMachineryState<Value>, UInt>,
  Observable
{
  /// The words of the tail: who read the whole property, whether a part, the identifiers or an
  /// element was read.
  @usableFromInline enum Word: Int, CaseIterable {
    case wholeReaders, partsRead, elementsRead
  }

  /// Makes the machinery of a property comparing with `selection`.
  @inlinable
  static func make(selection: DiffSelection<Value>) -> DiffMachinery<Value> {
    let machinery = unsafeDowncast(
      create(minimumCapacity: Word.allCases.count) { _ in
        DiffMachineryState(selection: selection)
      }, to: DiffMachinery<Value>.self)
    machinery.withUnsafeMutablePointers { state, words in
      words.initialize(repeating: 0, count: Word.allCases.count)
      pthread_mutex_init(&state.pointee.mutex, nil)
    }
    return machinery
  }

  deinit {
    withUnsafeMutablePointers { state, words in
      pthread_mutex_destroy(&state.pointee.mutex)
      words.deinitialize(count: Word.allCases.count)
      state.pointee.writing?.deallocate()
      state.pointee.snapshotSlot?.deallocate()
      if let condition = state.pointee.condition {
        pthread_cond_destroy(condition)
        condition.deallocate()
      }
    }
  }

  /// The property went away: its hooks end (they subscribe to the relay, which holds them), and
  /// the machinery lets go of the relay, whose duplicate check holds the machinery, so that the
  /// relay goes with its last subscriber and the machinery with it.
  @usableFromInline
  func propertyWentAway() {
    let (hooks, relay) = withOwnLock { state in (state.hooks.take(), state.relay.take()) }
    hooks?.removeAll()
    _ = relay
  }

  /// The address of one of the atomic words.
  @inlinable
  func address(of word: Word) -> UnsafeMutableRawPointer {
    withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + word.rawValue) }
  }

  /// Runs `body` on the fields the machinery's own mutex guards.
  @inlinable
  func withOwnLock<Result>(_ body: (inout DiffMachineryState<Value>) throws -> Result) rethrows
    -> Result
  {
    try withUnsafeMutablePointerToHeader { state in
      pthread_mutex_lock(&state.pointee.mutex)
      defer { pthread_mutex_unlock(&state.pointee.mutex) }
      return try body(&state.pointee)
    }
  }

  /// The fields the property's mutex guards, or that never change once set; the caller holds
  /// the property's mutex or knows the field is set.
  @inlinable
  var state: UnsafeMutablePointer<DiffMachineryState<Value>> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// The relay, once installed (the property's flags say so).
  @inlinable
  var relay: CurrentValueRelay<Value> { state.pointee.relay.unsafelyUnwrapped }

  /// The selection the property compares.
  @inlinable
  var selection: DiffSelection<Value> { state.pointee.selection }

  // MARK: Slots of in-place writes

  /// Where an in-place write through the relay changes the value; made the first time.
  ///
  /// The caller holds the relay's reservation for an in-place write, which no other write holds
  /// at once, and made it under the property's mutex before (`DiffStorage.installRelay`).
  @inlinable
  var writing: UnsafeMutablePointer<Value> { state.pointee.writing.unsafelyUnwrapped }

  /// Where an in-place write keeps its copy of the selected parts; made under the property's
  /// mutex, the first time, and used by one in-place write at a time.
  @inlinable
  func snapshotSlot() -> UnsafeMutableRawPointer {
    if let slot = state.pointee.snapshotSlot { return slot }
    let slot = UnsafeMutableRawPointer.allocate(
      byteCount: Swift.max(1, selection.snapshotSize), alignment: selection.snapshotAlignment)
    state.pointee.snapshotSlot = slot
    return slot
  }

  /// What threads wait on for an in-place write to end; made, under the property's mutex, the
  /// first time one waits.
  @usableFromInline
  func condition() -> UnsafeMutablePointer<pthread_cond_t> {
    if let condition = state.pointee.condition { return condition }
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    state.pointee.condition = condition
    return condition
  }

  // MARK: Hooks and shared objects

  /// The property's hooks; made, under the property's mutex, the first time.
  @usableFromInline
  func hooks() -> HookRegistry {
    withOwnLock { state in
      if let hooks = state.hooks { return hooks }
      let hooks = HookRegistry()
      state.hooks = hooks
      return hooks
    }
  }

  /// The property's one instance of `type`, made by `make` the first time.
  func shared<Object: AnyObject>(_ type: Object.Type, make: () -> Object) -> Object {
    if let existing = withOwnLock({ $0.shared[ObjectIdentifier(type)] }) {
      return unsafeDowncast(existing, to: Object.self)
    }
    let made = make()  // outside the lock: it subscribes, which calls out
    return withOwnLock { state in
      if let existing = state.shared[ObjectIdentifier(type)] {
        return unsafeDowncast(existing, to: Object.self)
      }
      state.shared[ObjectIdentifier(type)] = made
      return made
    }
  }
}

/// The fields of a property's machinery.
@usableFromInline
struct DiffMachineryState<Value: Equatable> {
  // Guarded by `mutex` (the machinery's own): `registrar`'s creation, `parts`, `elements`,
  // `hooks`, `shared`. Guarded by the property's mutex: `relay` (set once), `writing`,
  // `snapshotSlot`, `held`, `condition`, `waiters`, `elementIndex`. `selection` never changes.
  @usableFromInline var mutex = pthread_mutex_t()
  @usableFromInline let selection: DiffSelection<Value>
  @usableFromInline var relay: CurrentValueRelay<Value>?
  /// The registrar, made at the first read; never replaced.
  @usableFromInline var registrar: ObservationRegistrar?
  /// What a read of the whole property registers; made with the registrar, held here so that a
  /// read does not make it again.
  @usableFromInline var wholeKeyPath: KeyPath<DiffMachinery<Value>, Int>?
  /// The parts read through `$property[\.part]`, by key path identity.
  @usableFromInline var parts: [ObjectIdentifier: ObservedPart<Value>] = [:]
  /// Who tells the observers of an array's identifiers and elements, once one was read.
  @usableFromInline var elements: (any DiffElementObserving<Value>)?
  @usableFromInline var writing: UnsafeMutablePointer<Value>?
  @usableFromInline var snapshotSlot: UnsafeMutableRawPointer?
  /// A whole value written while an in-place write held the property: stored after it.
  @usableFromInline var held: Value?
  /// What threads waiting for an in-place write to end wait on; made the first time one waits.
  @usableFromInline var condition: UnsafeMutablePointer<pthread_cond_t>?
  @usableFromInline var waiters = 0
  @usableFromInline var hooks: HookRegistry?
  var shared: [ObjectIdentifier: AnyObject] = [:]
  /// Where each identifier of an array value is, for `$items[id:]` and `update(id:)`.
  @usableFromInline var elementIndex: AnyObject?

  @inlinable
  init(selection: DiffSelection<Value>) { self.selection = selection }
}

import Relay

/// What a `@Diff` property and its `$` publisher share: the relay that stores and publishes
/// the value, the selection it compares, and the property's part in Observation.
@usableFromInline
final class DiffStorage<Value: Equatable>: @unchecked Sendable {
  // Immutable after init; the relay is thread-safe, `hooks`, `sharedObjects` and
  // `observation` guard their own state, and `writing` and `inPlace`'s slot are used only by
  // the one in-place write the relay lets run at a time (its reservation orders them).
  @usableFromInline let relay: CurrentValueRelay<Value>
  @usableFromInline let selection: DiffSelection<Value>
  @usableFromInline let observation: DiffObservation
  @usableFromInline let inPlace: DiffInPlaceCheck
  /// Where a write through the property changes the value.
  ///
  /// It holds the value from `beginWrite()` to `endWrite`, and is uninitialized otherwise. The
  /// value moves in and out, so no copy is made, and the accessor's coroutine holds no value of
  /// the property's type: nothing of it to destroy (an optional of the value is destroyed
  /// through the runtime's generic witnesses), and a frame small enough not to be allocated.
  @usableFromInline let writing = UnsafeMutablePointer<Value>.allocate(capacity: 1)
  @usableFromInline let hooks = HookRegistry()
  let sharedObjects = Lock<SharedObjects>.make(SharedObjects())

  /// Objects made once per property and shared, such as the list-change feed.
  struct SharedObjects: @unchecked Sendable {
    // Each object is itself thread-safe; the dictionary is only touched under the mutex.
    var byType: [ObjectIdentifier: AnyObject] = [:]
  }

  /// The property's one instance of `type`, made by `make` the first time.
  func shared<Object: AnyObject>(_ type: Object.Type, make: () -> Object) -> Object {
    if let existing = sharedObjects.withLock({ $0.byType[ObjectIdentifier(type)] }) {
      return unsafeDowncast(existing, to: Object.self)
    }
    let made = make()  // outside the lock: it subscribes, which calls out
    return sharedObjects.withLock { objects in
      if let existing = objects.byType[ObjectIdentifier(type)] {
        return unsafeDowncast(existing, to: Object.self)
      }
      objects.byType[ObjectIdentifier(type)] = made
      return made
    }
  }

  /// Creates the storage of a property, comparing the parts `parts` compares.
  ///
  /// It is made where the value's type and the selection are known (`Diff`'s inlinable
  /// initializers), so that the comparison is specialized code; the relay compares the two
  /// values where it holds them, and tells the observers what the comparison found.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - parts: The comparison of the selected parts.
  ///   - selection: The selection, as `changes` reports it.
  @inlinable
  init<Parts: DiffComparison<Value>>(
    value: Value, comparing parts: Parts, selection: DiffSelection<Value>
  ) {
    let observation = DiffObservation()
    relay = CurrentValueRelay(
      value,
      removingDuplicatesAt: { old, new in
        let isDuplicate = parts.agrees(old, new)
        observation.compared(old, new, published: !isDuplicate)
        return isDuplicate
      })
    self.observation = observation
    self.selection = selection
    inPlace = DiffInPlaceCheck(parts)
  }

  // Hooks subscribe to `relay`, which holds them; the property going away must end them.
  deinit {
    hooks.removeAll()
    inPlace.deallocate()
    writing.deallocate()
  }

  // MARK: Writes through the property

  /// Begins a write through the property (`model.state.count = n`): the value to change lies
  /// in `writing` until `endWrite`.
  ///
  /// It waits while another write through the property, or a `modify`, runs. When nothing
  /// waits to be delivered, the value leaves the relay, so that it is changed where it lies,
  /// with nothing sharing its storage (an array field appends in place); otherwise it is a copy
  /// of the latest value. Either way no other write comes between the read and the write, and
  /// the value lies in `writing`, which the relay's reservation keeps for this write alone.
  @inlinable
  func beginWrite() -> DiffWrite {
    switch relay.beginInPlaceWrite() {
    case .movedOut(let value):
      writing.initialize(to: consume value)
      inPlace.takeSnapshot(writing)
      return DiffWrite(.movedOut, parts: observation.snapshotReadParts(of: writing))
    case .copied(let value):
      writing.initialize(to: consume value)
      return DiffWrite(.copied, parts: nil)
    case nil:
      preconditionFailure("a @Diff property's relay gave no value to write (it always has one)")
    }
  }

  /// Ends a write begun with `beginWrite()`: hands the value back to the relay, which
  /// publishes it if a selected part changed, and tells the observers whom the change
  /// concerns.
  @inlinable
  func endWrite(_ write: consuming DiffWrite) {
    switch write.kind {
    case .movedOut:
      write.parts?.compare(with: writing)
      let changed = inPlace.changedSinceSnapshot(writing)
      relay.commitInPlaceWrite(writing.move(), publishes: changed)
      observation.wroteInPlace(published: changed, parts: write.parts)
    case .copied:
      relay.commitInPlaceWrite(writing.move(), publishes: nil)
    }
  }
}

/// A write through a `@Diff` property in progress: where its value came from, and the parts
/// read under observation that it is compared with when it ends.
@usableFromInline
struct DiffWrite {
  /// Where the value came from, which says how the write ends.
  @usableFromInline
  enum Kind {
    /// It left the relay: compared here with the copy of its selected parts.
    case movedOut
    /// A copy of the latest value, which values still waiting to be delivered come before: the
    /// relay compares it with the value before it.
    case copied
  }

  @usableFromInline let kind: Kind
  /// Copies of the parts read under observation, when some were; `nil` otherwise.
  @usableFromInline var parts: ObservedPartSnapshots?

  @inlinable
  init(_ kind: Kind, parts: ObservedPartSnapshots?) {
    self.kind = kind
    self.parts = parts
  }
}

/// An in-place write's comparison: a copy of the selected parts taken before the write, in a
/// slot made once per property, compared with the parts after it.
@usableFromInline
struct DiffInPlaceCheck {
  /// Copies the selected parts of the value at an address into the slot.
  @usableFromInline let takeSnapshot: (UnsafeRawPointer) -> Void
  /// Whether the value at an address differs from the copy in the slot, which it empties.
  @usableFromInline let changedSinceSnapshot: (UnsafeRawPointer) -> Bool
  /// Frees the slot.
  @usableFromInline let deallocate: () -> Void

  @inlinable
  init<Parts: DiffComparison>(_ parts: Parts) {
    let slot = UnsafeMutablePointer<Parts.Snapshot>.allocate(capacity: 1)
    takeSnapshot = { slot.initialize(to: parts.snapshot($0)) }
    changedSinceSnapshot = { new in
      // Moved out and dropped here, rather than deinitialized in place, which a client module
      // compiles into a destroy through the runtime's generic witnesses.
      let old = slot.move()
      return !parts.agrees(old, new)
    }
    deallocate = { slot.deallocate() }
  }
}

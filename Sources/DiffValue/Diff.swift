/// A property wrapper that publishes its value only when the parts you select change.
///
/// Name the parts that matter by key path; a write that leaves them all equal is stored (the
/// property returns it) but not published. Without key paths the whole value is compared with
/// `==`. `$property` is a publisher of the value that cannot be sent to.
///
/// ```swift
/// final class SignUpModel {
///   @Diff(\.userName, \.email) var userState: UserState   // UserState: EquatableWithIdentity
///   var subscriptions = Set<AnyCancellable>()
///
///   func bind() {
///     $userState.sink { print("Listening to state changes: \($0)") }
///       .store(in: &subscriptions)
///   }
/// }
/// ```
///
/// Select a part that is not a stored property of a struct (an optional chain, a computed
/// property, a property of a class) with a closure, `select: { $0.friend?.name }`, rather than
/// a key path, which is read through the runtime on every write: see <doc:Performance>.
///
/// Values are compared, not objects: mutating a class instance inside the value in place and
/// writing the value back publishes nothing, since the last published value refers to the same
/// object; write a new instance instead.
///
/// The property takes part in Swift's Observation in any class: a SwiftUI view reading it is
/// refreshed when a selected part changes. In an `@Observable` class, mark it
/// `@ObservationIgnored` (`@ObservationIgnored @Diff(\.name) var user = User()`): the macro
/// cannot wrap a property that already has a wrapper, and the property tracks itself. See
/// <doc:SwiftUIAndObservation>.
///
/// Writes may come from any thread; <doc:WhatYouCanRelyOn> says on which thread and in which
/// order they are published. The wrapper keeps its state in a shared object, so copying a
/// struct that contains a `@Diff` property shares the property between the copies.
///
/// A property nobody subscribes to costs one allocation: its value, a mutex and a reference to
/// the selection, which every property declared with the same key paths shares. The first read
/// adds the Observation registrar, the first subscriber, hook or `changes` the relay that
/// publishes; see <doc:Performance>.
@propertyWrapper
public struct Diff<Value: Equatable> {
  @usableFromInline let storage: DiffStorage<Value>

  /// Compares what `selection` selects, starting from `value`.
  @inlinable
  init(value: Value, selection: DiffSelection<Value>) {
    storage = DiffStorage.make(value: value, selection: selection)
  }

  /// Compares the whole value with `==`.
  @inlinable
  init(wholeValue value: Value) {
    self.init(value: value, selection: .wholeValue)
  }

  /// Compares parts given as `DiffableKeyPath`s; none means the whole value.
  @inlinable
  init(value: Value, parts: [DiffableKeyPath<Value>]) {
    if parts.isEmpty {
      self.init(wholeValue: value)
    } else {
      self.init(value: value, selection: DiffSelection(DiffPartList(DiffSelection.unique(parts))))
    }
  }

  /// Compares parts given as `DiffableKeyPath`s and the value `select` reads.
  @inlinable
  init<Selected: Equatable>(
    value: Value, parts: [DiffableKeyPath<Value>],
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value,
      selection: DiffSelection(
        DiffPartList(DiffSelection.unique(parts)).and(DiffSelector(select))))
  }

  /// The last value written.
  ///
  /// Setting it stores the value and publishes it if a selected part differs from the last
  /// published value; setting an equal value publishes nothing. A write to a part
  /// (`model.state.count = n`, `model.state.items.append(x)`) changes the stored value in
  /// place, as one atomic step: see <doc:Performance> for what it costs.
  ///
  /// A part passed `inout` to an `async` function (`await load(into: &model.state.items)`) is
  /// written when the function returns, on whichever thread its task resumed. Until then the
  /// property is held, as by any write to a part: its reads and writes on other threads wait,
  /// and on the thread where the write was suspended (another task on the main actor, say)
  /// they stop the program as an overlapping access. Across a suspension, change a copy and
  /// assign it instead.
  ///
  /// Reading it inside `withObservationTracking` (a SwiftUI `body`) tracks the property: its
  /// observers are told of a published change, and of no other.
  @inlinable
  public var wrappedValue: Value {
    get { storage.readTracked() }
    nonmutating set { storage.write(newValue) }
    nonmutating _modify {
      let write = storage.beginWrite()
      defer { storage.endWrite(write) }  // also when the access is aborted (a mutation throws)
      yield &write.address.pointee
    }
  }

  /// A publisher of the value: it sends the current value to each new subscriber, then every
  /// published change.
  @inlinable
  public var projectedValue: DiffPublisher<Value> { DiffPublisher(storage: storage) }

  // MARK: The whole value

  /// Compares the whole value with `==`, starting from an initial value:
  /// `@Diff var s = S(...)`.
  ///
  /// - Parameter wrappedValue: The initial value.
  @inlinable
  public init(wrappedValue: Value) {
    self.init(wholeValue: wrappedValue)
  }

  /// Compares the whole value with `==`, with an explicit initial value: `@Diff(value: v)`.
  ///
  /// - Parameter value: The initial value.
  @inlinable
  public init(value: Value) {
    self.init(wholeValue: value)
  }

  // MARK: Selecting by key path

  /// Selects parts by key path and starts from an initial value: `@Diff(\.a) var s = S(...)`.
  ///
  /// With no key paths the whole value is compared with `==`. A key path given twice counts
  /// once. A call that names up to eight key paths uses a fixed-arity form, specialized for
  /// the parts' types; this one takes a parameter pack passed along from generic code, and
  /// compares each part through its type's `Equatable` conformance.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - keyPaths: The parts whose changes are published.
  @inlinable @_disfavoredOverload
  public init<each Property: Equatable>(
    wrappedValue: Value, _ keyPaths: repeat KeyPath<Value, each Property>
  ) {
    self.init(value: wrappedValue, parts: DiffSelection.parts(repeat each keyPaths))
  }

  /// Selects parts by key path with an explicit initial value: `@Diff(value: v, \.a, \.b)`.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - keyPaths: The parts whose changes are published.
  @inlinable @_disfavoredOverload
  public init<each Property: Equatable>(
    value: Value, _ keyPaths: repeat KeyPath<Value, each Property>
  ) {
    self.init(value: value, parts: DiffSelection.parts(repeat each keyPaths))
  }

  /// Selects parts by key path and a part read by a closure, starting from an initial value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - keyPaths: The parts whose changes are published.
  ///   - select: Reads one more part, such as an optional chain: `{ $0.friend?.name }`.
  @inlinable @_disfavoredOverload
  public init<each Property: Equatable, Selected: Equatable>(
    wrappedValue: Value, _ keyPaths: repeat KeyPath<Value, each Property>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue, parts: DiffSelection.parts(repeat each keyPaths), select: select)
  }

  /// Selects parts by key path and a part read by a closure, with an explicit initial value.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - keyPaths: The parts whose changes are published.
  ///   - select: Reads one more part, such as an optional chain: `{ $0.friend?.name }`.
  @inlinable @_disfavoredOverload
  public init<each Property: Equatable, Selected: Equatable>(
    value: Value, _ keyPaths: repeat KeyPath<Value, each Property>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(value: value, parts: DiffSelection.parts(repeat each keyPaths), select: select)
  }

  /// Selects parts given as `DiffableKeyPath`s, with an explicit initial value.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - keyPaths: The parts, made with `(\Value.part).diffable`.
  @inlinable
  public init(value: Value, keyPaths: [DiffableKeyPath<Value>]) {
    self.init(value: value, parts: keyPaths)
  }

  /// Selects parts given as `DiffableKeyPath`s, starting from an initial value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - keyPaths: The parts, made with `(\Value.part).diffable`.
  @inlinable
  public init(wrappedValue: Value, keyPaths: [DiffableKeyPath<Value>]) {
    self.init(value: wrappedValue, parts: keyPaths)
  }
}

extension Diff where Value: EquatableWithIdentity {
  /// Compares the whole value with `==`, starting from `Value.identity`: `@Diff() var s: S`.
  @inlinable
  public init() {
    self.init(wholeValue: .identity)
  }

  /// Selects parts by key path and starts from `Value.identity`: `@Diff(\.a, \.b) var s: S`.
  ///
  /// With no key paths the whole value is compared with `==`. A call that names up to eight
  /// key paths uses a fixed-arity form; this one takes a parameter pack passed along from
  /// generic code.
  /// - Parameter keyPaths: The parts whose changes are published.
  @inlinable @_disfavoredOverload
  public init<each Property: Equatable>(_ keyPaths: repeat KeyPath<Value, each Property>) {
    self.init(value: .identity, parts: DiffSelection.parts(repeat each keyPaths))
  }

  /// Selects parts by key path and a part read by a closure, starting from `Value.identity`.
  ///
  /// - Parameters:
  ///   - keyPaths: The parts whose changes are published.
  ///   - select: Reads one more part, such as an optional chain: `{ $0.friend?.name }`.
  @inlinable @_disfavoredOverload
  public init<each Property: Equatable, Selected: Equatable>(
    _ keyPaths: repeat KeyPath<Value, each Property>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(value: .identity, parts: DiffSelection.parts(repeat each keyPaths), select: select)
  }

  /// Selects parts given as `DiffableKeyPath`s and starts from `Value.identity`.
  ///
  /// ```swift
  /// @Diff(keyPaths: (\State.title).diffable, (\State.count).diffable) var state: State
  /// ```
  /// - Parameter keyPaths: The parts, made with `(\Value.part).diffable`.
  @inlinable
  public init(keyPaths: DiffableKeyPath<Value>...) {
    self.init(value: .identity, parts: keyPaths)
  }

  /// Selects parts given as an array of `DiffableKeyPath`s and starts from `Value.identity`.
  ///
  /// - Parameter keyPaths: The parts, made with `(\Value.part).diffable`.
  @inlinable
  public init(keyPaths: [DiffableKeyPath<Value>]) {
    self.init(value: .identity, parts: keyPaths)
  }
}

// The storage is a `ManagedBuffer`, which Swift declares not sendable; every access to it is
// guarded as `DiffStorage` says.
extension Diff: @unchecked Sendable where Value: Sendable {}

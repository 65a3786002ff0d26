/// A property wrapper that publishes its value only when the parts you select change.
///
/// Name the parts that matter by key path; a write that leaves them all equal is stored (the
/// property returns it) but not published. Without key paths the whole value is compared with
/// `==`. `$property` is a publisher of the value that cannot be sent to.
///
/// ```swift
/// final class ViewController {
///   @Diff(\.userName, \.email) var userState: UserState   // UserState: EquatableWithIdentity
///
///   func bind() {
///     $userState.sink { print("Listening to state changes: \($0)") }
///       .store(in: &subscriptions)
///   }
/// }
/// ```
///
/// Writes may come from any thread. Comparing and publishing happen in one serialized
/// sequence, outside any lock: two consecutive publications are never equal on the selected
/// parts, the last write is the last one compared, and a write made from inside a subscriber
/// is published after the current value has reached every subscriber.
///
/// The wrapper keeps its state in a shared object, so copying a struct that contains a `@Diff`
/// property shares the property between the copies.
@propertyWrapper
public struct Diff<Value: Equatable> {
  @usableFromInline let storage: DiffStorage<Value>

  @inlinable
  init(value: Value, selection: DiffSelection<Value>) {
    storage = DiffStorage(value: value, selection: selection)
  }

  /// The last value written.
  ///
  /// Setting it stores the value and publishes it if a selected part differs from the last
  /// published value; setting an equal value publishes nothing.
  @inlinable
  public var wrappedValue: Value {
    get { storage.relay.value }
    nonmutating set { storage.relay.send(newValue) }
  }

  /// A publisher of the value: it sends the current value to each new subscriber, then every
  /// published change.
  @inlinable
  public var projectedValue: DiffPublisher<Value> { DiffPublisher(storage: storage) }

  // MARK: Selecting by key path

  /// Selects parts by key path and starts from an initial value: `@Diff(\.a) var s = S(...)`.
  ///
  /// With no key paths the whole value is compared with `==`. A key path given twice counts
  /// once.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - keyPaths: The parts whose changes are published.
  @inlinable
  public init<each Property: Equatable>(
    wrappedValue: Value, _ keyPaths: repeat KeyPath<Value, each Property>
  ) {
    self.init(value: wrappedValue, selection: DiffSelection(repeat each keyPaths))
  }

  /// Selects parts by key path with an explicit initial value: `@Diff(value: v, \.a, \.b)`.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - keyPaths: The parts whose changes are published.
  @inlinable
  public init<each Property: Equatable>(
    value: Value, _ keyPaths: repeat KeyPath<Value, each Property>
  ) {
    self.init(value: value, selection: DiffSelection(repeat each keyPaths))
  }

  /// Selects parts given as `DiffableKeyPath`s, with an explicit initial value.
  ///
  /// - Parameters:
  ///   - value: The initial value.
  ///   - keyPaths: The parts, made with `\Value.part.diffable`.
  @inlinable
  public init(value: Value, keyPaths: [DiffableKeyPath<Value>]) {
    self.init(value: value, selection: DiffSelection(keyPaths))
  }

  /// Selects parts given as `DiffableKeyPath`s, starting from an initial value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - keyPaths: The parts, made with `\Value.part.diffable`.
  @inlinable
  public init(wrappedValue: Value, keyPaths: [DiffableKeyPath<Value>]) {
    self.init(value: wrappedValue, selection: DiffSelection(keyPaths))
  }
}

extension Diff where Value: EquatableWithIdentity {
  /// Selects parts by key path and starts from `Value.identity`: `@Diff(\.a, \.b) var s: S`.
  ///
  /// With no key paths (`@Diff() var s: S`) the whole value is compared with `==`.
  /// - Parameter keyPaths: The parts whose changes are published.
  @inlinable
  public init<each Property: Equatable>(_ keyPaths: repeat KeyPath<Value, each Property>) {
    self.init(value: .identity, selection: DiffSelection(repeat each keyPaths))
  }

  /// Selects parts given as `DiffableKeyPath`s and starts from `Value.identity`.
  ///
  /// ```swift
  /// @Diff(keyPaths: \State.title.diffable, \State.count.diffable) var state: State
  /// ```
  /// - Parameter keyPaths: The parts, made with `\Value.part.diffable`.
  @inlinable
  public init(keyPaths: DiffableKeyPath<Value>...) {
    self.init(value: .identity, selection: DiffSelection(keyPaths))
  }

  /// Selects parts given as an array of `DiffableKeyPath`s and starts from `Value.identity`.
  ///
  /// - Parameter keyPaths: The parts, made with `\Value.part.diffable`.
  @inlinable
  public init(keyPaths: [DiffableKeyPath<Value>]) {
    self.init(value: .identity, selection: DiffSelection(keyPaths))
  }
}

extension Diff: Sendable where Value: Sendable {}

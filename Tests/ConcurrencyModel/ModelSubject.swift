import DiffValue
import Observation

/// What a model run writes to: a `@Diff` property, a `CurrentValueRelay` or a
/// `PassthroughRelay`.
public enum ModelSubjectKind: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A `@Diff(\.id)` property of a `ModelOwner`: written whole, in place and with `modify`.
  case diffProperty
  /// The same, with no subscriber until the witness subscribes while the threads already write:
  /// the property's value lives in it until then, and moves into the relay as they write.
  case diffPropertySubscribedLate
  /// A `CurrentValueRelay` that drops duplicate ids: sent to and modified.
  case currentValueRelay
  /// A `PassthroughRelay`: sent to.
  case passthroughRelay

  /// The kind's name in a report.
  public var description: String { rawValue }

  /// Whether the subject keeps a value that can be read and modified.
  public var keepsValue: Bool { self != .passthroughRelay }

  /// Whether the subject can be written through the property, in place.
  public var writesInPlace: Bool { isDiffProperty }

  /// Whether the subject is a `@Diff` property.
  public var isDiffProperty: Bool { self == .diffProperty || self == .diffPropertySubscribedLate }

  /// Whether the witness subscribes while the threads write, rather than before.
  public var subscribesLate: Bool { self == .diffPropertySubscribedLate }
}

/// The thing under test, with each way the model writes to it.
public final class ModelSubject: @unchecked Sendable {
  // Immutable after init; each of the three is thread-safe.
  /// Which kind this is.
  public let kind: ModelSubjectKind
  /// How much of other threads' values its relay keeps waiting.
  public let backlog: BacklogPolicy
  private let owner: ModelOwner?
  private let currentValue: CurrentValueRelay<ModelValue>?
  private let passthrough: PassthroughRelay<ModelValue>?

  /// A new subject holding `ModelValue(id: 0)` (a passthrough relay holds nothing).
  ///
  /// - Parameters:
  ///   - kind: What to test.
  ///   - backlog: The relay's backlog policy; a `@Diff` property's is always unbounded.
  public init(_ kind: ModelSubjectKind, backlog: BacklogPolicy = .unbounded) {
    self.kind = kind
    self.backlog = kind.isDiffProperty ? .unbounded : backlog
    owner = kind.isDiffProperty ? ModelOwner() : nil
    currentValue =
      kind == .currentValueRelay
      ? CurrentValueRelay(
        ModelValue(id: 0), removingDuplicatesBy: { $0.id == $1.id }, backlog: backlog)
      : nil
    passthrough = kind == .passthroughRelay ? PassthroughRelay(backlog: backlog) : nil
  }

  /// The publisher subscribers attach to.
  public var publisher: AnyPublisher<ModelValue, Never> {
    if let owner { return owner.$state.eraseToAnyPublisher() }
    if let currentValue { return currentValue.eraseToAnyPublisher() }
    return passthrough.unsafelyUnwrapped.eraseToAnyPublisher()
  }

  /// Attaches `subscriber` directly, with no eraser between.
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == ModelValue, S.Failure == Never {
    if let owner { return owner.$state.subscribe(subscriber) }
    if let currentValue { return currentValue.subscribe(subscriber) }
    passthrough.unsafelyUnwrapped.subscribe(subscriber)
  }

  /// Writes a value whole: `owner.state = value`, or `send(value)`.
  public func write(_ value: ModelValue) {
    if let owner {
      owner.state = value
    } else if let currentValue {
      currentValue.send(value)
    } else {
      passthrough.unsafelyUnwrapped.send(value)
    }
  }

  /// The value last written; `nil` for a passthrough relay.
  public func read() -> ModelValue? {
    if let owner { return owner.state }
    return currentValue?.value
  }

  /// A read of the property under `withObservationTracking`, as a view's `body` reads: the
  /// whole value, or its selected part alone (`owner.$state[\.id]`, which comes back as a
  /// value with that id and nothing else).
  ///
  /// - Parameters:
  ///   - part: Whether to read the selected part rather than the whole value.
  ///   - onChange: What the tracking calls, once, when a selected part changes.
  public func trackedRead(part: Bool, onChange: @escaping @Sendable () -> Void) -> ModelValue {
    guard let owner else { preconditionFailure("only a @Diff property is read under tracking") }
    return withObservationTracking {
      part ? ModelValue(id: owner.$state[\.id]) : owner.state
    } onChange: {
      onChange()
    }
  }

  /// A derived write through the property, in place (`owner.state.derive(id)`).
  ///
  /// - Parameters:
  ///   - id: The write's identifier.
  ///   - pausing: Whether to sleep a few microseconds inside the access, after the change.
  public func deriveInPlace(_ id: Int, pausing: Bool = false) -> ModelSeen {
    guard let owner else { preconditionFailure("only a @Diff property is written in place") }
    return pausing ? owner.state.deriveAndPause(id) : owner.state.derive(id)
  }

  /// A quiet write through the property, in place.
  public func addQuietlyInPlace(_ quietID: Int) -> ModelSeen {
    guard let owner else { preconditionFailure("only a @Diff property is written in place") }
    return owner.state.addQuietly(quietID)
  }

  /// A `modify` running `transform`.
  public func modify<Result>(_ transform: (inout ModelValue) throws -> Result) rethrows -> Result {
    if let owner { return try owner.$state.modify(transform) }
    guard let currentValue else {
      preconditionFailure("a passthrough relay has no value to modify")
    }
    return try currentValue.modify(transform)
  }
}

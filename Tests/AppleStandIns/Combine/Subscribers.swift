extension Subscribers {
  /// A requested number of items, sent to a publisher from a subscriber through the subscription.
  @frozen public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible {
    @usableFromInline let rawValue: UInt

    @inlinable init(rawValue: UInt) { self.rawValue = rawValue }

    public static let unlimited = Demand(rawValue: .max)
    public static let none = Demand(rawValue: 0)

    @inlinable public static func max(_ value: Int) -> Subscribers.Demand {
      precondition(value >= 0, "demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

    @inlinable public var max: Int? { self == .unlimited ? nil : Int(rawValue) }

    @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited || rhs == .unlimited { return .unlimited }
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow || sum == .max ? .unlimited : Demand(rawValue: sum)
    }

    @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs < 0 ? lhs - .max(-rhs) : lhs + .max(rhs)
    }

    @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
      if lhs == .unlimited { return .unlimited }
      precondition(rhs >= 0, "demand cannot be negative")
      let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: UInt(rhs))
      return overflow || product == .max ? .unlimited : Demand(rawValue: product)
    }

    @inlinable public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited { return .unlimited }
      if rhs == .unlimited { return .none }
      return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
    }

    @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
      rhs < 0 ? lhs + .max(-rhs) : lhs - .max(rhs)
    }

    @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool { lhs > .max(rhs) }
    @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs >= .max(rhs) }
    @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { .max(lhs) > rhs }
    @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { .max(lhs) >= rhs }
    @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool { lhs < .max(rhs) }
    @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { .max(lhs) < rhs }
    @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs <= .max(rhs) }
    @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { .max(lhs) <= rhs }
    @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue < rhs.rawValue
    }
    @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool { lhs == .max(rhs) }
    @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { lhs != .max(rhs) }
    @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { .max(lhs) == rhs }
    @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { .max(lhs) != rhs }
  }

  /// A signal that a publisher doesn't produce additional elements, either due to normal
  /// completion or an error.
  @frozen public enum Completion<Failure> where Failure: Error {
    case finished
    case failure(Failure)
  }
}

extension Subscribers.Demand: Sendable {}
extension Subscribers.Completion: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}

extension Subscribers {
  /// A simple subscriber that requests an unlimited number of values upon subscription.
  final public class Sink<Input, Failure>: Subscriber, Cancellable, CustomStringConvertible
  where Failure: Error {
    final public let receiveValue: (Input) -> Void
    final public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    private var subscription: Subscription?
    private var isDone = false

    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    final public var description: String { "Sink" }

    final public func receive(subscription: Subscription) {
      guard self.subscription == nil, !isDone else { return subscription.cancel() }
      self.subscription = subscription
      subscription.request(.unlimited)
    }

    final public func receive(_ value: Input) -> Subscribers.Demand {
      if !isDone { receiveValue(value) }
      return .none
    }

    final public func receive(completion: Subscribers.Completion<Failure>) {
      guard !isDone else { return }
      isDone = true
      subscription = nil
      receiveCompletion(completion)
    }

    final public func cancel() {
      isDone = true
      let subscription = self.subscription
      self.subscription = nil
      subscription?.cancel()
    }
  }

  /// A simple subscriber that assigns received elements to a property indicated by a key path.
  final public class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
    public typealias Failure = Never
    final public private(set) var object: Root?
    final public let keyPath: ReferenceWritableKeyPath<Root, Input>
    private var subscription: Subscription?

    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      self.object = object
      self.keyPath = keyPath
    }

    final public var description: String { "Assign" }

    final public func receive(subscription: Subscription) {
      self.subscription = subscription
      subscription.request(.unlimited)
    }

    final public func receive(_ value: Input) -> Subscribers.Demand {
      object?[keyPath: keyPath] = value
      return .none
    }

    final public func receive(completion: Subscribers.Completion<Never>) { cancel() }

    final public func cancel() {
      object = nil
      let subscription = self.subscription
      self.subscription = nil
      subscription?.cancel()
    }
  }
}

extension Publisher {
  public func sink(
    receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void),
    receiveValue: @escaping ((Self.Output) -> Void)
  ) -> AnyCancellable {
    let sink = Subscribers.Sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Self.Failure == Never {
  public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }

  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Self.Output>, on object: Root)
    -> AnyCancellable
  {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }

  public func assign(to published: inout Published<Self.Output>.Publisher) {
    published.attach(self)
  }
}

// A stand-in for Combine, for type-checking DiffValue's `#if canImport(Combine)` code on Linux
// and for running its bridges against a Combine that behaves as Apple's does where they use it.
//
// It declares what DiffValue's bridges and the documentation's Combine and SwiftUI examples
// use, with the shapes of the iOS 18 / macOS 15 SDKs as Apple documents them (no `Sendable`
// beyond `Subscribers.Demand` and `Subscribers.Completion`; `Subscriber` and `Subscription`
// carry a `combineIdentifier`). It is compiled in Swift 5 mode, as Apple's interface is. The
// subscription machinery runs (demand, completion, cancellation, as Combine's contract
// says); the operators that no bridge test runs have plain bodies. A build against the real
// SDK on an Apple platform is still the final word.

/// Something whose activity can be cancelled.
public protocol Cancellable {
  func cancel()
}

extension Cancellable {
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }

  public func store<C>(in collection: inout C)
  where C: RangeReplaceableCollection, C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }
}

/// A type-erasing cancellable that cancels when it is deinitialized.
final public class AnyCancellable: Cancellable, Hashable {
  private var action: (() -> Void)?

  public init(_ cancel: @escaping () -> Void) { action = cancel }

  public init<C>(_ canceller: C) where C: Cancellable { action = canceller.cancel }

  deinit { cancel() }

  final public func cancel() {
    let action = self.action
    self.action = nil
    action?()
  }

  final public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

  final public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  final public func store<C>(in collection: inout C)
  where C: RangeReplaceableCollection, C.Element == AnyCancellable {
    collection.append(self)
  }
}

/// A unique identifier for a subscription or a subscriber.
public struct CombineIdentifier: Hashable, CustomStringConvertible {
  private static var next: UInt64 = 0
  private let rawValue: UInt64

  public init() {
    CombineIdentifier.next += 1
    rawValue = CombineIdentifier.next
  }

  public init(_ obj: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj).hashValue))
  }

  public var description: String { "0x\(String(rawValue, radix: 16))" }
}

/// A type that can be identified uniquely in a chain of publishers.
public protocol CustomCombineIdentifierConvertible {
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

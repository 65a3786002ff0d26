#if canImport(Combine)
  import Combine

  /// A unique identity of a subscriber or subscription: on platforms with Combine, Combine's
  /// own type.
  public typealias CombineIdentifier = Combine.CombineIdentifier

  /// A type with a `CombineIdentifier`: on platforms with Combine, Combine's own protocol.
  public typealias CustomCombineIdentifierConvertible = Combine.CustomCombineIdentifierConvertible
#else
  /// A unique identity of a subscriber or subscription, as Combine spells it.
  ///
  /// `CombineIdentifier()` is a new identity; `CombineIdentifier(object)` is the object's own,
  /// equal for every call with it while it lives.
  public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let rawValue: UInt64

    private static let counter = Lock<UInt64>.make(0)

    /// Creates a new identity, unequal to every other one made this way.
    public init() {
      rawValue = Self.counter.withLock { counter in
        counter += 1
        return counter
      }
    }

    /// Creates the identity of an object: its address.
    ///
    /// - Parameter obj: The object.
    public init(_ obj: AnyObject) {
      rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    /// The identity in hexadecimal, as Combine prints it.
    public var description: String { "0x" + String(rawValue, radix: 16) }
  }

  /// A type with a `CombineIdentifier`; a class has its own by default.
  public protocol CustomCombineIdentifierConvertible {
    /// The identity of this subscriber or subscription.
    var combineIdentifier: CombineIdentifier { get }
  }

  extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The object's own identity.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
  }
#endif

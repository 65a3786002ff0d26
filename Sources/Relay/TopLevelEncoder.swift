#if canImport(Combine)
  import Combine

  /// A type that encodes a value into one top-level output, such as `JSONEncoder`: on
  /// platforms with Combine, Combine's own protocol, which Foundation's encoders adopt.
  public typealias TopLevelEncoder = Combine.TopLevelEncoder
#else
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// A type that encodes a value into one top-level output, such as `JSONEncoder`, as Combine
  /// spells it: what `encode(encoder:)` takes.
  public protocol TopLevelEncoder {
    /// What the encoder produces: `Data` for `JSONEncoder`.
    associatedtype Output

    /// Encodes a value.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The encoded value.
    func encode<T: Encodable>(_ value: T) throws -> Output
  }

  extension JSONEncoder: TopLevelEncoder {}
  extension PropertyListEncoder: TopLevelEncoder {}
#endif

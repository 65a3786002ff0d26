#if canImport(Combine)
  import Combine

  /// A type that decodes a value from one top-level input, such as `JSONDecoder`: on platforms
  /// with Combine, Combine's own protocol, which Foundation's decoders adopt.
  public typealias TopLevelDecoder = Combine.TopLevelDecoder
#else
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// A type that decodes a value from one top-level input, such as `JSONDecoder`, as Combine
  /// spells it: what `decode(type:decoder:)` takes.
  public protocol TopLevelDecoder {
    /// What the decoder reads: `Data` for `JSONDecoder`.
    associatedtype Input

    /// Decodes a value of a type.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - from: The input to decode it from.
    /// - Returns: The decoded value.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
  }

  extension JSONDecoder: TopLevelDecoder {}
  extension PropertyListDecoder: TopLevelDecoder {}
#endif

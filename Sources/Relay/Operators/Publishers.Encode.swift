#if canImport(Combine)
  import Combine
#endif

extension Publisher where Output: Encodable {
  /// Encodes each value with an encoder; an encoding error ends the publisher.
  ///
  /// ```swift
  /// $settings.encode(encoder: JSONEncoder()).sink(receiveCompletion: { _ in }, receiveValue: { save($0) })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter encoder: The encoder, such as `JSONEncoder()`.
  /// - Returns: A publisher of the encoded values that fails with the encoding error or the
  ///   upstream's error.
  @inlinable
  public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
    Publishers.Encode(upstream: self, encoder: encoder)
  }
}

extension Publishers {
  /// A publisher that encodes each upstream value with an encoder.
  ///
  /// An encoding error cancels the upstream and fails the downstream with it. Its subscription
  /// is named "Encode" in `print`'s log, as in Combine.
  public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher
  where Upstream.Output: Encodable {
    /// The encoder's output.
    public typealias Output = Coder.Output
    /// Any error: the upstream's or the encoder's.
    public typealias Failure = any Error

    /// The publisher whose values are encoded.
    public let upstream: Upstream
    @usableFromInline let encoder: Coder

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are encoded.
    ///   - encoder: The encoder.
    @inlinable
    public init(upstream: Upstream, encoder: Coder) {
      self.upstream = upstream
      self.encoder = encoder
    }

    /// Subscribes the encoding subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let encoder = self.encoder
      upstream.subscribe(
        CompactingInner(downstream: subscriber, name: "Encode") { try encoder.encode($0) })
    }
  }
}

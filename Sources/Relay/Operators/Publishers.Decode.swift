#if canImport(Combine)
  import Combine
#endif

extension Publisher {
  /// Decodes each value into a type with a decoder; a decoding error ends the publisher.
  ///
  /// ```swift
  /// responses.map(\.body).decode(type: User.self, decoder: JSONDecoder())
  ///   .sink(receiveCompletion: { report($0) }, receiveValue: { show($0) })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder, such as `JSONDecoder()`, whose input the values are.
  /// - Returns: A publisher of the decoded values that fails with the decoding error or the
  ///   upstream's error.
  @inlinable
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(type: Item.Type, decoder: Coder)
    -> Publishers.Decode<Self, Item, Coder>
  where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}

extension Publishers {
  /// A publisher that decodes each upstream value into a type with a decoder.
  ///
  /// A decoding error cancels the upstream and fails the downstream with it. Its subscription
  /// is named "Decode" in `print`'s log, as in Combine.
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
  where Upstream.Output == Coder.Input {
    /// Any error: the upstream's or the decoder's.
    public typealias Failure = any Error

    /// The publisher whose values are decoded.
    public let upstream: Upstream
    @usableFromInline let decoder: Coder

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are decoded.
    ///   - decoder: The decoder.
    @inlinable
    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    /// Subscribes the decoding subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let decoder = self.decoder
      upstream.subscribe(
        CompactingInner(downstream: subscriber, name: "Decode") {
          try decoder.decode(Output.self, from: $0)
        })
    }
  }
}

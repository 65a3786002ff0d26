extension Publisher {
  /// Publishes the values at three key paths of each value, as a tuple.
  ///
  /// ```swift
  /// $address.map(\.street, \.city, \.zip).sink { print("\($0), \($2) \($1)") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - keyPath0: The first key path to read.
  ///   - keyPath1: The second key path to read.
  ///   - keyPath2: The third key path to read.
  /// - Returns: A publisher of the triples of values read.
  @inlinable
  public func map<Result0, Result1, Result2>(
    _ keyPath0: KeyPath<Output, Result0>, _ keyPath1: KeyPath<Output, Result1>,
    _ keyPath2: KeyPath<Output, Result2>
  ) -> Publishers.MapKeyPath3<Self, Result0, Result1, Result2> {
    Publishers.MapKeyPath3(
      upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
  }
}

extension Publishers {
  /// A publisher of the values at three key paths of each upstream value.
  ///
  /// As in Combine, its subscriber receives the upstream's own subscription, and its subscriber
  /// is named "ValueForKeys".
  public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
    /// The triple of values read.
    public typealias Output = (Output0, Output1, Output2)
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The first key path to read.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The second key path to read.
    public let keyPath1: KeyPath<Upstream.Output, Output1>
    /// The third key path to read.
    public let keyPath2: KeyPath<Upstream.Output, Output2>

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath0: The first key path to read.
    ///   - keyPath1: The second key path to read.
    ///   - keyPath2: The third key path to read.
    @inlinable
    public init(
      upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>, keyPath2: KeyPath<Upstream.Output, Output2>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
      self.keyPath2 = keyPath2
    }

    /// Subscribes the reading subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: KeyPathReader(
          downstream: subscriber, reading: KeyPathReadTriple(keyPath0, keyPath1, keyPath2),
          name: "ValueForKeys"))
    }
  }
}

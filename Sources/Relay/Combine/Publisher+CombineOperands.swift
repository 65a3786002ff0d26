#if canImport(Combine)
  import Combine

  // Where Combine exists, `Just(1)`, `[1, 2].publisher` or a `@Published` property's publisher
  // are Combine's in a user's file, while a `@Diff` property's `$state` is Relay's. These
  // overloads let Relay's operators that take another publisher take a Combine one too,
  // through `asRelayPublisher()`, so `$state.combineLatest(Just(1))` compiles there as it does
  // on Linux.

  extension Publisher {
    /// Combines this publisher's latest value with a Combine publisher's; see
    /// `combineLatest(_:)`.
    ///
    /// - Parameter other: The Combine publisher, bridged with `asRelayPublisher()`.
    /// - Returns: A publisher of both latest values.
    @inlinable
    public func combineLatest<P: Combine.Publisher>(_ other: P)
      -> Publishers.CombineLatest<Self, CombineToRelayPublisher<P>>
    where P.Failure == Failure {
      combineLatest(other.asRelayPublisher())
    }

    /// Combines this publisher's latest value with a Combine publisher's through a closure;
    /// see `combineLatest(_:_:)`.
    ///
    /// - Parameters:
    ///   - other: The Combine publisher, bridged with `asRelayPublisher()`.
    ///   - transform: Makes one value of both latest values.
    /// - Returns: A publisher of the closure's results.
    @inlinable
    public func combineLatest<P: Combine.Publisher, T>(
      _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, CombineToRelayPublisher<P>>, T>
    where P.Failure == Failure {
      combineLatest(other.asRelayPublisher(), transform)
    }

    /// Pairs this publisher's values with a Combine publisher's, in order; see `zip(_:)`.
    ///
    /// - Parameter other: The Combine publisher, bridged with `asRelayPublisher()`.
    /// - Returns: A publisher of pairs.
    @inlinable
    public func zip<P: Combine.Publisher>(_ other: P)
      -> Publishers.Zip<Self, CombineToRelayPublisher<P>>
    where P.Failure == Failure {
      zip(other.asRelayPublisher())
    }

    /// Pairs this publisher's values with a Combine publisher's through a closure; see
    /// `zip(_:_:)`.
    ///
    /// - Parameters:
    ///   - other: The Combine publisher, bridged with `asRelayPublisher()`.
    ///   - transform: Makes one value of each pair.
    /// - Returns: A publisher of the closure's results.
    @inlinable
    public func zip<P: Combine.Publisher, T>(
      _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, CombineToRelayPublisher<P>>, T>
    where P.Failure == Failure {
      zip(other.asRelayPublisher(), transform)
    }

    /// Interleaves this publisher's values with a Combine publisher's; see `merge(with:)`.
    ///
    /// - Parameter other: The Combine publisher, bridged with `asRelayPublisher()`.
    /// - Returns: A publisher of both publishers' values.
    @inlinable
    public func merge<P: Combine.Publisher>(with other: P)
      -> Publishers.Merge<Self, CombineToRelayPublisher<P>>
    where P.Output == Output, P.Failure == Failure {
      merge(with: other.asRelayPublisher())
    }

    /// Sends a Combine publisher's values before this publisher's; see `prepend(_:)`.
    ///
    /// - Parameter publisher: The Combine publisher, bridged with `asRelayPublisher()`.
    /// - Returns: A publisher of its values, then this publisher's.
    @inlinable
    public func prepend<P: Combine.Publisher>(_ publisher: P)
      -> Publishers.Concatenate<CombineToRelayPublisher<P>, Self>
    where P.Output == Output, P.Failure == Failure {
      prepend(publisher.asRelayPublisher())
    }

    /// Sends a Combine publisher's values after this publisher finishes; see `append(_:)`.
    ///
    /// - Parameter publisher: The Combine publisher, bridged with `asRelayPublisher()`.
    /// - Returns: A publisher of this publisher's values, then its.
    @inlinable
    public func append<P: Combine.Publisher>(_ publisher: P)
      -> Publishers.Concatenate<Self, CombineToRelayPublisher<P>>
    where P.Output == Output, P.Failure == Failure {
      append(publisher.asRelayPublisher())
    }

    /// Maps each value to a Combine publisher and sends the values of all of them; see
    /// `flatMap(maxPublishers:_:)`.
    ///
    /// - Parameters:
    ///   - maxPublishers: How many of the inner publishers may be subscribed at once.
    ///   - transform: Makes a Combine publisher of a value; each is bridged with
    ///     `asRelayPublisher()`.
    /// - Returns: A publisher of the inner publishers' values.
    @inlinable
    public func flatMap<T, P: Combine.Publisher>(
      maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<CombineToRelayPublisher<P>, Self>
    where T == P.Output, P.Failure == Failure {
      flatMap(maxPublishers: maxPublishers) { transform($0).asRelayPublisher() }
    }
  }
#endif

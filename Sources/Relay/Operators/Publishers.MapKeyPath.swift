extension Publisher {
  /// Publishes the value at a key path of each value.
  ///
  /// ```swift
  /// $state.map(\.userName).sink { print($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter keyPath: The key path to read.
  /// - Returns: A publisher of the values read.
  @inlinable
  public func map<Result>(_ keyPath: KeyPath<Output, Result>)
    -> Publishers.MapKeyPath<Self, Result>
  {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }
}

extension Publishers {
  /// A publisher of the value at a key path of each upstream value.
  ///
  /// As in Combine, its subscriber receives the upstream's own subscription, and its subscriber
  /// is named "ValueForKey".
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The key path to read.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath: The key path to read.
    @inlinable
    public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    /// Subscribes the reading subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let keyPath = self.keyPath
      upstream.receive(
        subscriber: KeyPathReader(downstream: subscriber, name: "ValueForKey") {
          $0[keyPath: keyPath]
        })
    }
  }
}

/// The subscriber of a key-path `map`: it reads each value and passes everything else on.
@usableFromInline
struct KeyPathReader<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let downstream: Downstream
  @usableFromInline let read: (Input) -> Downstream.Input
  /// `ValueForKey` or `ValueForKeys`, as Combine names the subscriber.
  @usableFromInline let description: String

  @inlinable
  init(downstream: Downstream, name: String, read: @escaping (Input) -> Downstream.Input) {
    self.downstream = downstream
    self.read = read
    description = name
  }

  @inlinable
  func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(read(input)) }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}

extension Publisher where Failure == Never {
  /// Shares this publisher through a relay made when first needed: subscribers attach to the
  /// relay, and `connect()` feeds it from this publisher.
  ///
  /// Combine's `multicast(_:)`, with a relay where Combine takes a subject (Relay has relays
  /// instead of subjects).
  ///
  /// ```swift
  /// let prices = feed.multicast { PassthroughRelay<Double>() }
  /// prices.sink { chart.add($0) }.store(in: &subscriptions)
  /// prices.sink { label.show($0) }.store(in: &subscriptions)
  /// let connection = prices.connect()  // now both receive every price
  /// ```
  ///
  /// - Parameter createSubject: Makes the relay, once, at the first subscription or
  ///   connection.
  /// - Returns: A connectable publisher of the relay's values.
  @inlinable
  public func multicast<SubjectType: RelayProtocol>(
    _ createSubject: @escaping () -> SubjectType
  ) -> Publishers.Multicast<Self, SubjectType> where SubjectType.Output == Output {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares this publisher through a relay: subscribers attach to the relay, and `connect()`
  /// feeds it from this publisher.
  ///
  /// Combine's `multicast(subject:)`, with a relay where Combine takes a subject. A
  /// `CurrentValueRelay` gives each new subscriber its current value first.
  ///
  /// - Parameter subject: The relay the subscribers attach to.
  /// - Returns: A connectable publisher of the relay's values.
  @inlinable
  public func multicast<SubjectType: RelayProtocol>(
    subject: SubjectType
  ) -> Publishers.Multicast<Self, SubjectType> where SubjectType.Output == Output {
    Publishers.Multicast(upstream: self) { subject }
  }
}

extension Publishers {
  /// A connectable publisher that shares its upstream through a relay, as Combine's
  /// `Publishers.Multicast` does through a subject.
  ///
  /// Subscribers attach to the relay, which is made at the first subscription or connection
  /// and kept; each `connect()` subscribes the relay to the upstream (`upstream.subscribe(relay)`)
  /// and returns what ends that subscription. A relay never completes: the upstream's finish
  /// reaches no subscriber, and the relay keeps sending what is sent into it from elsewhere.
  /// Values reach the subscribers as the relay delivers them (see `PassthroughRelay`).
  public final class Multicast<Upstream: Publisher, SubjectType: RelayProtocol>:
    ConnectablePublisher
  where Upstream.Failure == Never, SubjectType.Output == Upstream.Output {
    // `subject` is the only mutable state, guarded by its lock; the relay is called with no
    // lock held.

    /// The relay's values.
    public typealias Output = Upstream.Output
    /// Never: a relay never fails.
    public typealias Failure = Never

    /// The publisher each connection subscribes the relay to.
    public let upstream: Upstream
    /// Makes the relay, once.
    public let createSubject: () -> SubjectType
    private let subject = Lock<SubjectType?>.make(nil)

    /// Creates the publisher; the relay is made when first needed.
    ///
    /// - Parameters:
    ///   - upstream: The publisher each connection subscribes the relay to.
    ///   - createSubject: Makes the relay, once.
    @inlinable
    public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// Subscribes the subscriber to the relay.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      relay().receive(subscriber: subscriber)
    }

    /// Subscribes the relay to the upstream; values flow until the returned value is cancelled.
    ///
    /// - Returns: What ends this connection.
    public func connect() -> any Cancellable { upstream.subscribe(relay()) }

    /// The relay, made by the first caller; `createSubject` runs outside the lock, and a relay
    /// made by a caller that lost the race is dropped.
    private func relay() -> SubjectType {
      if let made = subject.withLock({ $0 }) { return made }
      let made = createSubject()
      return subject.withLock { stored in
        if let stored { return stored }
        stored = made
        return made
      }
    }
  }
}

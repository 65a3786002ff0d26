extension Publisher {
  /// Stops the program if the upstream fails; otherwise passes everything on, as a publisher
  /// that never fails.
  ///
  /// ```swift
  /// bundledCatalog.assertNoFailure("the bundled catalog").sink { show($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - prefix: A text put before the error in the message the program stops with.
  ///   - file: The file named in that message.
  ///   - line: The line named in that message.
  /// - Returns: A publisher of the upstream's values that never fails.
  @inlinable
  public func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension Publishers {
  /// A publisher that stops the program when its upstream fails.
  ///
  /// Its subscriber receives the upstream's own subscription, as in Combine; the message the
  /// program stops with is `prefix` followed by the error.
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// It never fails: a failure stops the program.
    public typealias Failure = Never

    /// The publisher that must not fail.
    public let upstream: Upstream
    /// A text put before the error in the message the program stops with.
    public let prefix: String
    /// The file named in that message.
    public let file: StaticString
    /// The line named in that message.
    public let line: UInt

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher that must not fail.
    ///   - prefix: A text put before the error in the message the program stops with.
    ///   - file: The file named in that message.
    ///   - line: The line named in that message.
    @inlinable
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    /// Subscribes the checking subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, publisher: self))
    }

    /// Passes everything on, and stops the program at a failure.
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Never {
      @usableFromInline let downstream: Downstream
      @usableFromInline let publisher: AssertNoFailure

      @inlinable
      init(downstream: Downstream, publisher: AssertNoFailure) {
        self.downstream = downstream
        self.publisher = publisher
      }

      @inlinable
      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

      @inlinable
      func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        switch completion {
        case .finished: downstream.receive(completion: .finished)
        case .failure(let error):
          fatalError("\(publisher.prefix)\(error)", file: publisher.file, line: publisher.line)
        }
      }

      /// `AssertNoFailure`, as Combine names the subscriber.
      @usableFromInline var description: String { "AssertNoFailure" }
    }
  }
}

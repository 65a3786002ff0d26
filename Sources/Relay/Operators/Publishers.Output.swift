extension Publisher {
  /// Publishes the first `maxLength` values, then finishes.
  ///
  /// As in Combine, it finishes (and cancels the upstream) when the value after the last one
  /// arrives, or when the upstream completes first.
  ///
  /// ```swift
  /// DispatchQueue.main.timerPublisher(every: 1).autoconnect().prefix(3).sink { print($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter maxLength: How many values to publish; it must not be negative.
  /// - Returns: A publisher of at most `maxLength` values.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    precondition(maxLength >= 0, "prefix(_:): the maximum length \(maxLength) is negative")
    return output(in: ..<maxLength)
  }

  /// Publishes the value at `index` (counting from zero), then finishes.
  ///
  /// - Parameter index: The value's position; it must not be negative.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func output(at index: Int) -> Publishers.Output<Self> {
    precondition(index >= 0, "output(at:): the index \(index) is negative")
    return output(in: index...index)
  }

  /// Publishes the values whose positions (counting from zero) are in `range`, then finishes.
  ///
  /// - Parameter range: The positions; its bounds must not be negative.
  /// - Returns: A publisher of the values in `range`.
  @inlinable
  public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self>
  where R.Bound == Int {
    Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
  }
}

extension Publishers {
  /// A publisher of the upstream's values whose positions are in a range.
  ///
  /// Demand passes to the upstream unchanged; each value before the range is dropped and asks
  /// the upstream for one more. The value after the range cancels the upstream and finishes.
  /// Its subscription is named "Output" in `print`'s log.
  public struct Output<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are taken.
    public let upstream: Upstream
    /// The positions of the values published.
    public let range: CountableRange<Int>

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are taken.
    ///   - range: The positions of the values published; its bounds must not be negative.
    @inlinable
    public init(upstream: Upstream, range: CountableRange<Int>) {
      precondition(range.lowerBound >= 0, "Publishers.Output: the range's lower bound is negative")
      precondition(range.upperBound >= 0, "Publishers.Output: the range's upper bound is negative")
      self.upstream = upstream
      self.range = range
    }

    /// Subscribes the counting subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, range: range))
    }
  }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publishers.Output {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Failure, Downstream>,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `counts` is guarded by its lock; the rest is `OperatorInner`'s.
    struct Counts {
      var untilStart: Int
      var remaining: Int
    }

    enum Decision {
      case skip, deliver, finish
    }

    let counts: Lock<Counts>

    init(downstream: Downstream, range: CountableRange<Int>) {
      counts = Lock.make(Counts(untilStart: range.lowerBound, remaining: range.count))
      super.init(downstream: downstream)
    }

    override var description: String { "Output" }

    override func forward(_ input: Output) -> Subscribers.Demand {
      let decision = counts.withLock { counts -> Decision in
        if counts.untilStart > 0 {
          counts.untilStart -= 1
          return .skip
        }
        guard counts.remaining > 0 else { return .finish }
        counts.remaining -= 1
        return .deliver
      }
      switch decision {
      case .skip: return .max(1)
      case .deliver: return downstream.receive(input)
      case .finish:
        if terminate() { downstream.receive(completion: .finished) }
        return .none
      }
    }

    override func forward(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}

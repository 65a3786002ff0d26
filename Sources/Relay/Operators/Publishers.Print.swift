extension Publisher {
  /// Logs every event that passes through, one line each, as Combine's `print` does.
  ///
  /// The lines are `receive subscription: (NAME)`, `request unlimited`, `request max: (N)`,
  /// `receive value: (VALUE)`, `request max: (N) (synchronous)` when a subscriber returns
  /// more demand from a value, `receive finished`, `receive error: (ERROR)` and
  /// `receive cancel`, each after `PREFIX: ` unless the prefix is empty.
  ///
  /// ```swift
  /// relay.print("Relay").sink { _ in }.store(in: &subscriptions)
  /// // Relay: receive subscription: (CurrentValueSubject)
  /// // Relay: request unlimited
  /// // Relay: receive value: (0)
  /// ```
  /// - Parameters:
  ///   - prefix: Written before each line.
  ///   - stream: Where to write; standard output when `nil`.
  /// - Returns: A publisher of the same values.
  @inlinable
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil)
    -> Publishers.Print<Self>
  {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publishers {
  /// A publisher that logs every event passing through it.
  ///
  /// Its subscriber receives this operator's own subscription, named `Print` as in Combine, so
  /// that every request and every `cancel()` call is logged. It logs each subscription it
  /// receives, and cancels a second one and one that arrives after its subscriber cancelled.
  /// Values and completions pass through as they come, as in Combine.
  ///
  /// Where it differs from Combine: requesting `.none` stops the program, as everywhere in
  /// Relay; and a subscription that arrives after a cancel is cancelled, where Combine's
  /// passes it on.
  public struct Print<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are logged.
    public let upstream: Upstream
    /// Written before each line.
    public let prefix: String
    @usableFromInline let stream: (any TextOutputStream)?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are logged.
    ///   - prefix: Written before each line.
    ///   - stream: Where to write; standard output when `nil`.
    @inlinable
    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    /// Subscribes the logging subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(subscriber: Inner(downstream: subscriber, prefix: prefix, stream: stream))
    }

    /// Logs and forwards; it is also the downstream's subscription, to log its requests.
    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
      CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      // `state` guards the upstream subscription and the log. The stream is user code, so it
      // is written outside the lock by one thread at a time: the first to log takes the
      // stream out of the state, writes every waiting line, and puts it back.
      @usableFromInline struct State {
        @usableFromInline var stream: (any TextOutputStream)?
        @usableFromInline var status = OperatorStatus.awaiting
        @usableFromInline var waitingLines: [String] = []
        @usableFromInline var isWriting = false

        @inlinable init(stream: (any TextOutputStream)?) { self.stream = stream }
      }

      @usableFromInline let downstream: Downstream
      @usableFromInline let prefix: String
      @usableFromInline let state: Lock<State>

      @inlinable
      init(downstream: Downstream, prefix: String, stream: (any TextOutputStream)?) {
        self.downstream = downstream
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.state = .make(State(stream: stream))
      }

      @usableFromInline
      func log(_ line: String) {
        let taken = state.withLock { state -> (lines: [String], stream: (any TextOutputStream)?)? in
          state.waitingLines.append(prefix + line)
          guard !state.isWriting else { return nil }
          state.isWriting = true
          return (state.waitingLines.take(), state.stream.take())
        }
        guard var (lines, stream) = taken else { return }
        while true {
          for line in lines {
            guard stream != nil else {
              Swift.print(line)
              continue
            }
            // Three writes, as `print(_:to:)` makes them and so as Combine's stream sees them.
            stream!.write("")
            stream!.write(line)
            stream!.write("\n")
          }
          let finished = stream
          lines = state.withLock { state in
            let more = state.waitingLines.take()
            if more.isEmpty {
              state.stream = finished
              state.isWriting = false
            }
            return more
          }
          if lines.isEmpty { return }
        }
      }

      @inlinable
      func receive(subscription: any Subscription) {
        log("receive subscription: (\(subscription))")
        guard state.withLock({ $0.status.accept(subscription) }) else {
          return subscription.cancel()
        }
        downstream.receive(subscription: self)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        log("receive value: (\(input))")
        let demand = downstream.receive(input)
        if let max = demand.max, max > 0 {
          log("request max: (\(max)) (synchronous)")
        } else if demand == .unlimited {
          log("request unlimited (synchronous)")
        }
        return demand
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: log("receive finished")
        case .failure(let error): log("receive error: (\(error))")
        }
        let ended = state.withLock { state in
          defer { if case .subscribed = state.status { state.status = .terminated } }
          return state.status
        }
        _ = ended  // released here, after the lock
        downstream.receive(completion: completion)
      }

      @inlinable
      func request(_ demand: Subscribers.Demand) {
        _checkDemand(demand)
        if let max = demand.max { log("request max: (\(max))") } else { log("request unlimited") }
        state.withLock { $0.status.subscription }?.request(demand)
      }

      @inlinable
      func cancel() {
        log("receive cancel")
        let upstream = state.withLock { state -> (any Subscription)? in
          defer { state.status = .terminated }
          return state.status.subscription
        }
        upstream?.cancel()
      }

      /// `Print`, as Combine names the subscription.
      @usableFromInline var description: String { "Print" }
    }
  }
}

/// The subscription of `prefix(while:)`, `drop(while:)` and their `try` forms: the predicate
/// runs on each value until the first that fails it, which either ends the publisher (a
/// prefix: the upstream is cancelled and `.finished` sent) or starts the values that pass (a
/// drop: those before it each ask the upstream for one more).
final class WhileInner<Input, Failure: Error, Downstream: Subscriber>: ThrowingInner<
  Input, Failure, Downstream
>, @unchecked Sendable
where Downstream.Input == Input {
  // `isRunning` is touched only by the upstream's calls, which are serial.
  private let predicate: (Input) throws(Downstream.Failure) -> Bool
  private let name: String
  /// Whether the first value that fails the predicate ends the publisher (a prefix), rather
  /// than passes (a drop).
  private let ends: Bool
  /// Whether the predicate still runs: no value has failed it yet.
  private var isRunning = true

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber.
  ///   - name: The name `print` shows.
  ///   - isPrefix: Whether the first value that fails the predicate ends the publisher (a
  ///     prefix) rather than passes, the values before it dropped (a drop).
  ///   - predicate: The predicate, which throws nothing in the plain operators.
  ///   - upstreamFailure: Turns the upstream's failure into the downstream's.
  init(
    downstream: Downstream, name: String, isPrefix: Bool,
    predicate: @escaping (Input) throws(Downstream.Failure) -> Bool,
    upstreamFailure: @escaping (Failure) -> Downstream.Failure
  ) {
    self.predicate = predicate
    self.name = name
    ends = isPrefix
    super.init(downstream: downstream, upstreamFailure: upstreamFailure)
  }

  override var description: String { name }

  override func forward(_ input: Input) -> Subscribers.Demand {
    if isRunning {
      do throws(Downstream.Failure) {
        isRunning = try predicate(input)
      } catch {
        return end(with: .failure(error))
      }
      if isRunning != ends { return ends ? end(with: .finished) : .max(1) }
    }
    return downstream.receive(input)
  }
}

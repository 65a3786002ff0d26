/// An `OperatorInner` whose operator runs a closure that may end the publisher with an error:
/// one class serves an operator and its `try` form (`prefix(while:)` and `tryPrefix(while:)`).
///
/// The downstream's failure is the upstream's, for the plain operator, whose closure throws
/// nothing, or `any Error` for the `try` form: the closure's type is
/// `throws(Downstream.Failure)`, and `upstreamFailure` turns the upstream's failure into the
/// downstream's.
class ThrowingInner<Input, Failure: Error, Downstream: Subscriber>: OperatorInner<
  Input, Failure, Downstream
>, @unchecked Sendable
{
  private let upstreamFailure: (Failure) -> Downstream.Failure

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber.
  ///   - upstreamFailure: Turns the upstream's failure into the downstream's: `{ $0 }` for both
  ///     the plain operator and its `try` form.
  init(downstream: Downstream, upstreamFailure: @escaping (Failure) -> Downstream.Failure) {
    self.upstreamFailure = upstreamFailure
    super.init(downstream: downstream)
  }

  override func forward(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(upstreamFailure(error)))
    }
  }

  /// Ends the publisher from inside a value with `completion`, cancelling the upstream, unless
  /// something ended it first; returns the demand for the upstream: none.
  final func end(with completion: Subscribers.Completion<Downstream.Failure>) -> Subscribers.Demand
  {
    if terminate() { downstream.receive(completion: completion) }
    return .none
  }
}

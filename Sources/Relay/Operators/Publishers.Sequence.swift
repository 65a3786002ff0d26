extension Sequence {
  /// A publisher of the sequence's elements, in order, then `.finished`.
  ///
  /// ```swift
  /// [1, 2, 3].publisher.sink { print($0) }.store(in: &subscriptions)   // prints 1, 2, 3
  /// ```
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}

extension Publishers {
  /// A publisher of a sequence's elements, each sent against demand, then `.finished`.
  ///
  /// Each subscriber iterates the sequence afresh. The element after the one sent is read
  /// before the next request, so `.finished` follows the last element without waiting for
  /// more demand; an empty sequence finishes at once.
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    /// The sequence's elements.
    public typealias Output = Elements.Element

    /// The elements to publish.
    public let sequence: Elements

    /// Creates the publisher.
    ///
    /// - Parameter sequence: The elements to publish.
    @inlinable
    public init(sequence: Elements) { self.sequence = sequence }

    /// Starts an iteration for the subscriber; its elements are sent as it asks for them.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var iterator = sequence.makeIterator()
      guard let first = iterator.next() else {
        subscriber.receive(subscription: EmptySubscription.shared)
        subscriber.receive(completion: .finished)
        return
      }
      subscriber.receive(
        subscription: SequenceSubscription(
          downstream: subscriber, sequence: sequence, iterator: iterator, next: first,
          completion: .finished, cancelledName: "Sequence"))
    }
  }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}
extension Publishers.Sequence: Sendable where Elements: Sendable {}

/// The subscription of a `Sequence.publisher` or a `Record`: it sends the elements of a sequence
/// against demand from whichever thread asked, one thread at a time, then a completion; its
/// name in `print`'s log is the sequence's description, and `cancelledName` once it ended.
final class SequenceSubscription<Elements: Swift.Sequence, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Elements.Element {
  // `state` is guarded by its lock. The iteration runs outside it (iterating may run user
  // code): the thread that sends takes the iterator out and puts it back when demand ends.
  private struct State {
    var downstream: Downstream?
    var sequence: Elements?
    var iterator: Elements.Iterator?
    var next: Elements.Element?
    var demand = Subscribers.Demand.none
    var isSending = false
  }

  private let state: Lock<State>
  private let completion: Subscribers.Completion<Downstream.Failure>
  private let cancelledName: String

  init(
    downstream: Downstream, sequence: Elements, iterator: Elements.Iterator,
    next: Elements.Element, completion: Subscribers.Completion<Downstream.Failure>,
    cancelledName: String
  ) {
    state = .make(
      State(downstream: downstream, sequence: sequence, iterator: iterator, next: next))
    self.completion = completion
    self.cancelledName = cancelledName
  }

  private enum Step {
    case send(Elements.Element)
    case finish
    case stop
  }

  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let start = state.withLock {
      state -> (Downstream, Elements.Iterator, Elements.Element)? in
      state.demand += demand
      guard !state.isSending, let downstream = state.downstream,
        let iterator = state.iterator.take(), let next = state.next.take()
      else { return nil }
      state.isSending = true
      state.demand -= 1
      return (downstream, iterator, next)
    }
    guard let (downstream, iteratorTaken, first) = start else { return }
    var iterator = iteratorTaken
    var element = first
    while true {
      let more = downstream.receive(element)
      let following = iterator.next()
      let step = state.withLock { state -> Step in
        state.demand += more
        guard state.downstream != nil else { return .stop }
        guard let following else {
          state.downstream = nil
          state.sequence = nil
          return .finish
        }
        guard state.demand > 0 else {
          state.iterator = iterator
          state.next = following
          state.isSending = false
          return .stop
        }
        state.demand -= 1
        return .send(following)
      }
      switch step {
      case .send(let next): element = next
      case .finish: return downstream.receive(completion: completion)
      case .stop: return
      }
    }
  }

  func cancel() {
    let released = state.withLock { state in
      (state.downstream.take(), state.sequence.take(), state.iterator.take(), state.next.take())
    }
    _ = released  // released outside the lock
  }

  /// The sequence, as Combine names the subscription; `cancelledName` once it ended.
  var description: String {
    guard let sequence = state.withLock({ $0.sequence }) else { return cancelledName }
    return String(describing: sequence)
  }
}

/// A publisher that replays recorded values and a completion to each subscriber.
///
/// ```swift
/// let script = Record<Int, Never> { recording in
///   recording.receive(1)
///   recording.receive(2)
///   recording.receive(completion: .finished)
/// }
/// script.sink { print($0) }.store(in: &subscriptions)  // prints 1, 2
/// ```
///
/// Values are sent against demand, then the completion. The subscription is named after the
/// recorded values in `print`'s log ("Cancelled Events" once cancelled), as in Combine; with no
/// value, the "Empty" subscription comes with the completion at once.
public struct Record<Output, Failure: Error>: Publisher {
  /// The values and the completion a `Record` replays.
  public struct Recording {
    /// The recorded values, in order.
    public private(set) var output: [Output]
    /// The recorded completion; `.finished` until one is recorded.
    public private(set) var completion: Subscribers.Completion<Failure>
    private var isComplete: Bool

    /// Creates an empty recording, to record into with `receive`.
    public init() {
      output = []
      completion = .finished
      isComplete = false
    }

    /// Creates a complete recording.
    ///
    /// - Parameters:
    ///   - output: The values, in order.
    ///   - completion: The completion that follows them.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      self.completion = completion
      isComplete = true
    }

    /// Records a value; the recording must not be complete.
    ///
    /// - Parameter input: The value.
    public mutating func receive(_ input: Output) {
      precondition(!isComplete, "Record: a value was recorded after the completion")
      output.append(input)
    }

    /// Records the completion; the recording must not be complete already.
    ///
    /// - Parameter completion: The completion.
    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      precondition(!isComplete, "Record: a second completion was recorded")
      self.completion = completion
      isComplete = true
    }
  }

  /// What the publisher replays.
  public let recording: Recording

  /// Creates the publisher from a closure that records into an empty recording.
  ///
  /// - Parameter record: Records values and, at most once, a completion (`.finished` if none).
  @inlinable
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Creates the publisher of a recording.
  ///
  /// - Parameter recording: What the publisher replays.
  @inlinable
  public init(recording: Recording) { self.recording = recording }

  /// Creates the publisher of values and a completion.
  ///
  /// - Parameters:
  ///   - output: The values, in order.
  ///   - completion: The completion that follows them.
  @inlinable
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    recording = Recording(output: output, completion: completion)
  }

  /// Replays the recording to the subscriber.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let output = recording.output
    var iterator = output.makeIterator()
    guard let first = iterator.next() else {
      subscriber.receive(subscription: EmptySubscription.shared)
      return subscriber.receive(completion: recording.completion)
    }
    subscriber.receive(
      subscription: SequenceSubscription(
        downstream: subscriber, sequence: output, iterator: iterator, next: first,
        completion: recording.completion, cancelledName: "Cancelled Events"))
  }
}

extension Record.Recording: Sendable where Output: Sendable, Failure: Sendable {}
extension Record: Sendable where Output: Sendable, Failure: Sendable {}

/// A publisher that provides an explicit means of connecting and canceling publication.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Connects to the publisher, allowing it to produce elements, and returns an instance with
  /// which to cancel publishing.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Automates the process of connecting or disconnecting from this connectable publisher.
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that automatically connects to an upstream connectable publisher.
  ///
  /// Stand-in behaviour: it connects when the first subscriber arrives and keeps the
  /// connection while the stand-in lives (Combine disconnects when the last one cancels).
  public final class Autoconnect<Upstream>: Publisher where Upstream: ConnectablePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public final let upstream: Upstream
    private var connection: (any Cancellable)?

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      upstream.receive(subscriber: subscriber)
      if connection == nil { connection = upstream.connect() }
    }
  }
}

/// A publisher that provides an explicit means of connecting and canceling publication
/// (type-checked only: the stand-in connects at once).
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  func connect() -> Cancellable
}

extension ConnectablePublisher {
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that automatically connects to an upstream connectable publisher.
  public class Autoconnect<Upstream>: Publisher where Upstream: ConnectablePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    final public let upstream: Upstream

    public init(upstream: Upstream) { self.upstream = upstream }

    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      upstream.receive(subscriber: subscriber)
      _ = upstream.connect()
    }
  }
}

#if canImport(Combine)
  import Relay

  // Where Combine exists, DiffValue re-exports Combine (see Exports.swift), so in DiffValue's
  // own files the names both modules declare would mean Combine's. DiffValue is built on
  // Relay: these module-level names, which shadow both and are invisible to users, keep them
  // Relay's inside DiffValue.
  // `@usableFromInline`, as DiffValue's inlinable code names them too.
  @usableFromInline typealias Publisher = Relay.Publisher
  @usableFromInline typealias Subscriber = Relay.Subscriber
  @usableFromInline typealias Subscription = Relay.Subscription
  @usableFromInline typealias Subscribers = Relay.Subscribers
  @usableFromInline typealias Publishers = Relay.Publishers
  @usableFromInline typealias AnyPublisher = Relay.AnyPublisher
  @usableFromInline typealias AnySubscriber = Relay.AnySubscriber
  @usableFromInline typealias Just = Relay.Just
  @usableFromInline typealias Empty = Relay.Empty
  @usableFromInline typealias Fail = Relay.Fail
  @usableFromInline typealias Deferred = Relay.Deferred
  @usableFromInline typealias Future = Relay.Future
  @usableFromInline typealias Scheduler = Relay.Scheduler

  // A public signature cannot name an internal type alias: the two publishers below name
  // Relay's protocols in theirs, so they carry these (public, but only reachable as
  // `DiffPublisher<State>.Subscriber`, never as a top-level name).
  extension DiffPublisher {
    /// Relay's subscriber protocol, which `receive(subscriber:)` takes (not Combine's).
    public typealias Subscriber = Relay.Subscriber
  }

  extension DiffChanges {
    /// Relay's subscriber protocol, which `receive(subscriber:)` takes (not Combine's).
    public typealias Subscriber = Relay.Subscriber
    /// Relay's subscription protocol.
    public typealias Subscription = Relay.Subscription
    /// Relay's namespace of subscriber types, with its demand and completion.
    public typealias Subscribers = Relay.Subscribers
  }
#endif

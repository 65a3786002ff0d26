/// Passes each upstream event through a step that may transform, drop or stop it: the
/// machinery of the stand-in's `map`, `filter`, `compactMap` and `removeDuplicates`.
final class StepSubscriber<Input, Downstream: Subscriber>: Subscriber, Subscription {
  typealias Failure = Downstream.Failure
  private let downstream: Downstream
  private let step: (Input) -> Downstream.Input?
  private var upstream: Subscription?

  init(_ downstream: Downstream, step: @escaping (Input) -> Downstream.Input?) {
    self.downstream = downstream
    self.step = step
  }

  func receive(subscription: Subscription) {
    upstream = subscription
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let output = step(input) else { return .max(1) }
    return downstream.receive(output)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

  func cancel() {
    let upstream = self.upstream
    self.upstream = nil
    upstream?.cancel()
  }
}

extension Publishers {
  /// A publisher that transforms all elements from the upstream publisher with a provided closure.
  public struct Map<Upstream, Output>: Publisher where Upstream: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S>(subscriber: S)
    where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
      let transform = transform
      upstream.subscribe(StepSubscriber(subscriber) { transform($0) })
    }
  }

  /// A publisher that republishes all elements that match a provided closure.
  public struct Filter<Upstream>: Publisher where Upstream: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let isIncluded: (Upstream.Output) -> Bool

    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      let isIncluded = isIncluded
      upstream.subscribe(StepSubscriber(subscriber) { isIncluded($0) ? $0 : nil })
    }
  }

  /// A publisher that republishes all non-nil results of calling a closure with each element.
  public struct CompactMap<Upstream, Output>: Publisher where Upstream: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output?

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S>(subscriber: S)
    where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
      upstream.subscribe(StepSubscriber(subscriber, step: transform))
    }
  }

  /// A publisher that publishes only elements that don't match the previous element.
  public struct RemoveDuplicates<Upstream>: Publisher where Upstream: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    public init(
      upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool
    ) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      var previous: Output?
      let predicate = predicate
      upstream.subscribe(
        StepSubscriber(subscriber) { value in
          defer { previous = value }
          if let previous, predicate(previous, value) { return nil }
          return value
        })
    }
  }

  /// A publisher that delivers elements to its downstream subscriber on a specific scheduler.
  public struct ReceiveOn<Upstream, Context>: Publisher
  where Upstream: Publisher, Context: Scheduler {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      upstream.subscribe(subscriber)
    }
  }

  /// A publisher that publishes elements only after a specified time interval elapses between
  /// events.
  public struct Debounce<Upstream, Context>: Publisher
  where Upstream: Publisher, Context: Scheduler {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let dueTime: Context.SchedulerTimeType.Stride
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      upstream.subscribe(subscriber)
    }
  }
}

extension Publisher {
  public func map<T>(_ transform: @escaping (Self.Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  public func map<T>(_ keyPath: KeyPath<Self.Output, T>) -> Publishers.MapKeyPath<Self, T> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }

  public func filter(_ isIncluded: @escaping (Self.Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  public func compactMap<T>(_ transform: @escaping (Self.Output) -> T?)
    -> Publishers.CompactMap<
      Self, T
    >
  {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  public func removeDuplicates(by predicate: @escaping (Self.Output, Self.Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  public func receive<S>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S> where S: Scheduler
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }

  public func debounce<S>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> where S: Scheduler {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}

extension Publisher where Self.Output: Equatable {
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publishers {
  /// A publisher that publishes the value of a key path.
  public struct MapKeyPath<Upstream, Output>: Publisher where Upstream: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let keyPath: KeyPath<Upstream.Output, Output>

    public func receive<S>(subscriber: S)
    where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
      let keyPath = keyPath
      upstream.subscribe(StepSubscriber(subscriber) { $0[keyPath: keyPath] })
    }
  }
}

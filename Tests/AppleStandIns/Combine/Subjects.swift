/// One subscriber of a subject: its demand, and the values a `CurrentValueSubject` keeps for it.
final class SubjectSubscription<Output, Failure: Error>: Subscription {
  private var downstream: AnySubscriber<Output, Failure>?
  private var demand = Subscribers.Demand.none
  private var pending: Output?
  private let onCancel: (SubjectSubscription) -> Void

  init(
    _ downstream: AnySubscriber<Output, Failure>, onCancel: @escaping (SubjectSubscription) -> Void
  ) {
    self.downstream = downstream
    self.onCancel = onCancel
  }

  /// Sends a value if the subscriber asked for one; a current-value subject keeps it otherwise.
  func offer(_ value: Output, keepingIfNoDemand: Bool) {
    guard let downstream else { return }
    guard demand > 0 else {
      if keepingIfNoDemand { pending = value }
      return
    }
    demand -= 1
    demand += downstream.receive(value)
  }

  func finish(_ completion: Subscribers.Completion<Failure>) {
    let downstream = self.downstream
    self.downstream = nil
    downstream?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "demand must be greater than zero")
    self.demand += demand
    if let value = pending {
      pending = nil
      offer(value, keepingIfNoDemand: true)
    }
  }

  func cancel() {
    guard downstream != nil else { return }
    downstream = nil
    onCancel(self)
  }
}

/// The subscribers of a subject, and how it ended.
final class SubjectSubscribers<Output, Failure: Error> {
  var subscriptions: [SubjectSubscription<Output, Failure>] = []
  var completion: Subscribers.Completion<Failure>?

  func attach<S: Subscriber>(_ subscriber: S, current: Output?)
  where S.Input == Output, S.Failure == Failure {
    if let completion {
      subscriber.receive(subscription: EmptySubscription())
      subscriber.receive(completion: completion)
      return
    }
    let subscription = SubjectSubscription(AnySubscriber(subscriber)) { [weak self] gone in
      self?.subscriptions.removeAll { $0 === gone }
    }
    subscriptions.append(subscription)
    if let current { subscription.offer(current, keepingIfNoDemand: true) }
    subscriber.receive(subscription: subscription)
  }

  func send(_ value: Output, keepingIfNoDemand: Bool) {
    guard completion == nil else { return }
    for subscription in subscriptions {
      subscription.offer(value, keepingIfNoDemand: keepingIfNoDemand)
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    guard self.completion == nil else { return }
    self.completion = completion
    let subscriptions = self.subscriptions
    self.subscriptions = []
    for subscription in subscriptions { subscription.finish(completion) }
  }
}

/// A subject that broadcasts elements to downstream subscribers.
final public class PassthroughSubject<Output, Failure>: Subject where Failure: Error {
  private let subscribers = SubjectSubscribers<Output, Failure>()

  public init() {}

  final public func send(subscription: Subscription) { subscription.request(.unlimited) }

  final public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    subscribers.attach(subscriber, current: nil)
  }

  final public func send(_ input: Output) { subscribers.send(input, keepingIfNoDemand: false) }

  final public func send(completion: Subscribers.Completion<Failure>) {
    subscribers.send(completion: completion)
  }
}

/// A subject that wraps a single value and publishes a new element whenever the value changes.
final public class CurrentValueSubject<Output, Failure>: Subject where Failure: Error {
  private let subscribers = SubjectSubscribers<Output, Failure>()
  private var current: Output

  final public var value: Output {
    get { current }
    set { send(newValue) }
  }

  public init(_ value: Output) { current = value }

  final public func send(subscription: Subscription) { subscription.request(.unlimited) }

  final public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    subscribers.attach(subscriber, current: current)
  }

  final public func send(_ input: Output) {
    current = input
    subscribers.send(input, keepingIfNoDemand: true)
  }

  final public func send(completion: Subscribers.Completion<Failure>) {
    subscribers.send(completion: completion)
  }
}

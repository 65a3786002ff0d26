/// The values of each upstream of a `zip` that wait for a partner, one queue per upstream.
@usableFromInline
protocol ZipSlots {
  /// The tuple of one value from each upstream.
  associatedtype Output
  /// Every queue empty.
  init()
  /// How many upstreams there are.
  static var count: Int { get }
  /// Whether upstream `index` has no value waiting.
  func isEmpty(at index: Int) -> Bool
  /// Takes the oldest value of each queue, when every queue has one.
  mutating func dequeue() -> Output?
}

/// A first-in, first-out queue for `zip`'s waiting values.
@usableFromInline
struct ZipQueue<Element> {
  @usableFromInline var elements: [Element?] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == elements.count }

  @inlinable mutating func append(_ element: Element) { elements.append(element) }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < elements.count else { return nil }
    let element = elements[head].take()
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: elements.count <= 64)
      head = 0
    }
    return element
  }
}

/// The rules of `zip`, as a value with no locks and no threads: the storage asks it what to
/// do under its lock, releases the lock, and then does it.
///
/// The downstream's requests go to every upstream; values wait in their upstream's queue
/// until each upstream has one, and the oldest of each make a tuple against demand. It
/// finishes as soon as no more tuple can be made (an upstream finished and its queue is
/// empty), cancelling the others, and fails with the first failure, cancelling every upstream.
@usableFromInline
struct ZipStateMachine<Slots: ZipSlots, Failure: Error> {
  @usableFromInline typealias Step = Outbox<Slots.Output, Failure>.Step
  @usableFromInline typealias Event = Outbox<Slots.Output, Failure>.Event

  @usableFromInline var slots = Slots()
  @usableFromInline var subscriptions: [(any Subscription)?]
  @usableFromInline var subscribed: [Bool]
  @usableFromInline var finished: [Bool]
  @usableFromInline var requested = Subscribers.Demand.none
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var outbox = Outbox<Slots.Output, Failure>()
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable
  init() {
    subscriptions = Array(repeating: nil, count: Slots.count)
    subscribed = Array(repeating: false, count: Slots.count)
    finished = Array(repeating: false, count: Slots.count)
  }

  /// What an event leads to, to do once the lock is released.
  @usableFromInline
  struct Effects {
    @usableFromInline var deliver: Event?
    @usableFromInline var requests: [(any Subscription, Subscribers.Demand)] = []
    @usableFromInline var cancel: [any Subscription] = []
    @usableFromInline var released: ([(any Subscription)?], Slots)?
    @inlinable init() {}
  }

  @inlinable
  mutating func subscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !subscribed[index], !isTerminated else { return nil }
    subscribed[index] = true
    subscriptions[index] = subscription
    return requested
  }

  /// An upstream's value, queued by `store`.
  @inlinable
  mutating func receive(at index: Int, store: (inout Slots) -> Void) -> Effects {
    var effects = Effects()
    guard !isTerminated, !finished[index] else { return effects }
    store(&slots)
    emit(into: &effects)
    return effects
  }

  /// Makes the tuples the demand allows, then finishes if no more can be made.
  @inlinable
  mutating func emit(into effects: inout Effects) {
    while demand > 0, let tuple = slots.dequeue() {
      demand -= 1
      if let now = outbox.deliverOrQueue(.value(tuple)) { effects.deliver = now }
    }
    for index in finished.indices where finished[index] && slots.isEmpty(at: index) {
      return terminate(with: .finished, into: &effects)
    }
  }

  @inlinable
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects
  ) {
    guard !isTerminated else { return }
    isTerminated = true
    if let now = outbox.deliverOrQueue(.completion(completion)) { effects.deliver = now }
    effects.cancel = subscriptions.compactMap { $0 }
    var oldSlots = Slots()
    swap(&oldSlots, &slots)
    effects.released = (subscriptions, oldSlots)
    subscriptions = Array(repeating: nil, count: Slots.count)
  }

  @inlinable
  mutating func complete(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects
  {
    var effects = Effects()
    guard !isTerminated, !finished[index] else { return effects }
    finished[index] = true
    switch completion {
    case .finished:
      // This upstream is done: it is not cancelled when the zip finishes.
      effects.released = ([subscriptions[index].take()], Slots())
      emit(into: &effects)
    case .failure:
      terminate(with: completion, into: &effects)
    }
    return effects
  }

  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> Effects {
    var effects = Effects()
    guard !isTerminated else { return effects }
    demand += more
    requested += more
    for subscription in subscriptions.compactMap({ $0 }) {
      effects.requests.append((subscription, more))
    }
    emit(into: &effects)
    return effects
  }

  @inlinable
  mutating func delivered(asking more: Subscribers.Demand) -> (step: Step, effects: Effects) {
    var effects = Effects()
    if more != .none { effects = request(more) }
    return (outbox.step(), effects)
  }

  @inlinable
  mutating func cancel() -> (
    cancel: [any Subscription], released: ([Outbox<Slots.Output, Failure>.Waiting?], Slots)
  ) {
    guard !isCancelled else { return ([], ([], Slots())) }
    isCancelled = true
    isTerminated = true
    let cancel = subscriptions.compactMap { $0 }
    subscriptions = Array(repeating: nil, count: Slots.count)
    var oldSlots = Slots()
    swap(&oldSlots, &slots)
    return (cancel, (outbox.removeAll(), oldSlots))
  }
}

/// The subscription of a `zip`: it takes the lock, asks the state machine what to do,
/// releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token.
/// `cancel()` never waits for a call in progress on another thread; once it returns, no new
/// call to the downstream starts.
@usableFromInline
final class ZipStorage<Slots: ZipSlots, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, OutboxDelivering, @unchecked Sendable
where Downstream.Input == Slots.Output {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the holder of the outbox's token.
  @usableFromInline typealias Machine = ZipStateMachine<Slots, Downstream.Failure>

  @usableFromInline let downstream: Downstream
  @usableFromInline let state = Lock<Machine>.make(Machine())

  @inlinable init(downstream: Downstream) { self.downstream = downstream }

  /// `Zip`, as Combine names it in `print`'s log.
  @usableFromInline var description: String { "Zip" }

  /// The subscriber for upstream `index`, which queues its values with `store`.
  @inlinable
  func child<Input>(at index: Int, store: @escaping (inout Slots, Input) -> Void)
    -> ZipChild<Input, Slots, Downstream>
  {
    ZipChild(storage: self, index: index, store: store)
  }

  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.subscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  @inlinable
  func receive<Input>(_ input: Input, at index: Int, store: (inout Slots, Input) -> Void) {
    perform(state.withLock { $0.receive(at: index) { store(&$0, input) } })
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int) {
    perform(state.withLock { $0.complete(at: index, with: completion) })
  }

  @inlinable
  func perform(_ effects: Machine.Effects) {
    for subscription in effects.cancel { subscription.cancel() }
    for (subscription, demand) in effects.requests { subscription.request(demand) }
    if let event = effects.deliver { deliver(event) }
  }

  /// Calls the downstream with one event, then settles what it asked for.
  @inlinable
  func deliverOne(_ event: Machine.Event) -> Machine.Step {
    var more = Subscribers.Demand.none
    switch event {
    case .value(let value): more = downstream.receive(value)
    case .completion(let completion): downstream.receive(completion: completion)
    }
    let (step, effects) = state.withLock { $0.delivered(asking: more) }
    for subscription in effects.cancel { subscription.cancel() }
    for (subscription, demand) in effects.requests { subscription.request(demand) }
    return step
  }

  @inlinable
  func drainerStarts() -> Machine.Step { state.withLock { $0.outbox.drainerStarts() } }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    perform(state.withLock { $0.request(demand) })
  }

  @inlinable
  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}

/// The subscriber a `zip` attaches to one of its upstreams.
@usableFromInline
struct ZipChild<Input, Slots: ZipSlots, Downstream: Subscriber>: Subscriber
where Downstream.Input == Slots.Output {
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let storage: ZipStorage<Slots, Downstream>
  @usableFromInline let index: Int
  @usableFromInline let store: (inout Slots, Input) -> Void

  @inlinable
  init(
    storage: ZipStorage<Slots, Downstream>, index: Int,
    store: @escaping (inout Slots, Input) -> Void
  ) {
    self.storage = storage
    self.index = index
    self.store = store
  }

  @inlinable
  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receive(input, at: index, store: store)
    return .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}

import DiffValue
import Foundation
import TestSupport

/// A subscriber of a model run: records what it receives, catches a call that overlaps another,
/// counts the calls after its `cancel()` returned, and may write from inside its calls.
public final class ModelSubscriber: Subscriber, @unchecked Sendable {
  // Every mutable field is guarded by `lock`; `inCall` too (a flag set and checked under it).
  /// Model values.
  public typealias Input = ModelValue
  /// Relays never fail.
  public typealias Failure = Never

  /// The subscriber's number in its run; its writes are the writer `1_000 + number`.
  public let number: Int
  /// What it attached through.
  public let pipeline: ModelPipeline
  /// The demand it asks for first: `nil` for unlimited.
  public let initialDemand: Int?
  /// What it returns from each call: more demand, or none.
  public let returnsDemand: Int
  /// When it subscribed: the order of its `subscribe` among the run's.
  private let lock = NSLock()
  private var subscription: (any Subscription)?
  private var log: [ModelValue] = []
  private var inCall = false
  private var overlapCount = 0
  private var completions = 0
  private var requested = 0
  private var isUnlimited: Bool
  private var receivedWhenCancelled: Int?
  private var reentrant: ModelReentrantWriter?

  /// A subscriber that asks for `initialDemand` values at first (`nil`: unlimited), returns
  /// `returnsDemand` from each call, and, when given a writer, writes from inside its calls.
  public init(
    number: Int, pipeline: ModelPipeline, initialDemand: Int?, returnsDemand: Int = 0,
    reentrant: ModelReentrantWriter?
  ) {
    self.number = number
    self.pipeline = pipeline
    self.initialDemand = initialDemand
    self.returnsDemand = returnsDemand
    self.reentrant = reentrant
    isUnlimited = initialDemand == nil
  }

  /// Receives the subscription and asks for the initial demand.
  public func receive(subscription: any Subscription) {
    lock.withLock {
      precondition(self.subscription == nil, "a second subscription")
      self.subscription = subscription
      requested = initialDemand ?? 0
    }
    // `.max(0)` is `.none`, which a subscription refuses: a subscriber starting with no
    // demand asks for nothing until a request.
    if initialDemand != 0 { subscription.request(initialDemand.map { .max($0) } ?? .unlimited) }
  }

  /// Records a value; may write from inside the call.
  public func receive(_ input: ModelValue) -> Subscribers.Demand {
    let writer = lock.withLock { () -> ModelReentrantWriter? in
      if inCall { overlapCount += 1 }
      inCall = true
      log.append(input)
      if returnsDemand > 0 { requested += returnsDemand }
      return reentrant
    }
    if input.id >= 0 { writer?.wrote(after: input) }
    lock.withLock { inCall = false }
    return returnsDemand > 0 ? .max(returnsDemand) : .none
  }

  /// Records a completion.
  public func receive(completion: Subscribers.Completion<Never>) {
    lock.withLock { completions += 1 }
  }

  /// Asks for `count` more values.
  public func request(_ count: Int) {
    guard
      let subscription = lock.withLock({ () -> (any Subscription)? in
        guard receivedWhenCancelled == nil else { return nil }
        requested += count
        return self.subscription
      })
    else { return }
    subscription.request(.max(count))
  }

  /// Cancels, and notes how many values had come when `cancel()` returned.
  public func cancel() {
    guard let subscription = lock.withLock({ subscription }) else { return }
    subscription.cancel()
    lock.withLock {
      if receivedWhenCancelled == nil { receivedWhenCancelled = log.count }
    }
  }

  /// What it received, in order.
  public var received: [ModelValue] { lock.withLock { log } }

  /// How many calls overlapped another call into this subscriber.
  public var overlaps: Int { lock.withLock { overlapCount } }

  /// How many completions it received.
  public var completionCount: Int { lock.withLock { completions } }

  /// Whether it asked for unlimited demand.
  public var asksUnlimited: Bool { lock.withLock { isUnlimited } }

  /// How many values it asked for, when its demand is limited.
  public var demandAskedFor: Int { lock.withLock { requested } }

  /// How many values it had received when its `cancel()` returned; `nil` if never cancelled.
  public var receivedAtCancel: Int? { lock.withLock { receivedWhenCancelled } }

  /// The writes it made from inside its calls.
  public var writes: [ModelRecord] { lock.withLock { reentrant?.records ?? [] } }
}

/// What a subscriber writes from inside its calls: a seeded choice of write after some of the
/// values it receives, up to a budget, recorded as the writer `1_000 + number`.
public final class ModelReentrantWriter: @unchecked Sendable {
  // Only called from inside the subscriber's calls, which never overlap (the checker reports it
  // when they do); `records` is read once the run is quiet.
  private let subject: ModelSubject
  private let ids: ModelIDs
  private let writing: ModelWritingSwitch
  private let pipeline: ModelPipeline
  private var random: SeededRandomNumberGenerator
  private var budget: Int
  /// The writes made, in order.
  public private(set) var records: [ModelRecord] = []

  /// A writer for the subscriber numbered `number`, drawing from `random`.
  public init(
    subject: ModelSubject, number: Int, pipeline: ModelPipeline, budget: Int,
    writing: ModelWritingSwitch, random: SeededRandomNumberGenerator
  ) {
    self.subject = subject
    self.pipeline = pipeline
    self.writing = writing
    ids = ModelIDs(writer: 1_000 + number)
    self.random = random
    self.budget = budget
  }

  /// Called with each value received: writes, sometimes.
  func wrote(after value: ModelValue) {
    guard budget > 0, Int.random(in: 0..<4, using: &random) == 0 else { return }
    writing.ifAllowed {
      budget -= 1
      let kinds = ModelWriteKind.allCases.filter { $0.applies(to: subject.kind) }
      let kind = kinds.randomElement(using: &random)!
      var record = kind.perform(on: subject, ids: ids)
      record.mayBeDropped = !pipeline.callsInsideTheRound
      record.pipeline = pipeline
      records.append(record)
    }
  }
}

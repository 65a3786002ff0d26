import DiffValue
import Dispatch

/// What stands between the subject and a subscriber of a model run: nothing, or an operator
/// with a published contract under concurrent subscribe, cancel and send.
public enum ModelPipeline: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Attached to the subject itself.
  case direct
  /// `map { $0 }`, a pass-through operator.
  case map
  /// `receive(on:)` a serial queue: every value, in order, on the queue.
  case receiveOn
  /// One `share()` of the run: a subscriber receives what comes after it joined.
  case share
  /// One `singleReplay()` of the run: a late subscriber first receives the latest value.
  case singleReplay
  /// `flatMap { Just($0) }`: every value, in order.
  case flatMap
  /// `map { Just($0) }.switchToLatest()`: every value, in order.
  case switchToLatest
  /// `delay(for: 1 ms)` on a serial queue: every value, in order, later.
  case delay
  /// `debounce(for: 1 ms)` on a serial queue: some values, in order, the last one among them.
  case debounce
  /// `throttle(for: 1 ms, latest: true)` on a serial queue: some values, in order, the last one
  /// among them.
  case throttle

  /// The pipeline's name in a report.
  public var description: String { rawValue }

  /// Whether a subscriber with unlimited demand receives every value from its first on (or only
  /// some of them, the last one among them).
  public var deliversEveryValue: Bool { self != .debounce && self != .throttle }

  /// Whether values reach the subscriber later, on a queue, rather than inside the round.
  public var isAsynchronous: Bool {
    switch self {
    case .receiveOn, .delay, .debounce, .throttle: true
    default: false
    }
  }

  /// Whether the subject's own rounds call the subscriber.
  ///
  /// What such a subscriber writes from inside a call is never dropped by a backlog. Behind `singleReplay()` (a relay of its own), `flatMap`
  /// and `switchToLatest` (which may deliver on a requesting thread) or a queue, a call is the
  /// operator's, and a write from it comes from outside the subject's rounds.
  public var callsInsideTheRound: Bool {
    switch self {
    case .direct, .map, .share: true
    default: false
    }
  }
}

/// The publishers a run's pipelines attach to, made once per run where they are shared.
final class ModelPipelines: @unchecked Sendable {
  // Immutable after init.
  let subject: ModelSubject
  let queue = DispatchQueue(label: "ConcurrencyModel.pipelines")
  let shared: Publishers.Share<AnyPublisher<ModelValue, Never>>
  let replayed: Publishers.SingleReplay<AnyPublisher<ModelValue, Never>>

  init(subject: ModelSubject) {
    self.subject = subject
    shared = subject.publisher.share()
    replayed = subject.publisher.singleReplay()
  }

  /// Attaches `subscriber` through `pipeline`.
  func subscribe(_ subscriber: ModelSubscriber, through pipeline: ModelPipeline) {
    switch pipeline {
    case .direct: subject.subscribe(subscriber)
    case .map: subject.publisher.map { $0 }.subscribe(subscriber)
    case .receiveOn: subject.publisher.receive(on: queue).subscribe(subscriber)
    case .share: shared.subscribe(subscriber)
    case .singleReplay: replayed.subscribe(subscriber)
    case .flatMap: subject.publisher.flatMap { Just($0) }.subscribe(subscriber)
    case .switchToLatest: subject.publisher.map { Just($0) }.switchToLatest().subscribe(subscriber)
    case .delay:
      subject.publisher.delay(for: .milliseconds(1), scheduler: queue).subscribe(subscriber)
    case .debounce:
      subject.publisher.debounce(for: .milliseconds(1), scheduler: queue).subscribe(subscriber)
    case .throttle:
      subject.publisher.throttle(for: .milliseconds(1), scheduler: queue, latest: true)
        .subscribe(subscriber)
    }
  }
}

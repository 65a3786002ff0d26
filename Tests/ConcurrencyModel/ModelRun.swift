import DiffValue
import Foundation
import TestSupport

/// One case of the model: what is tested, by how many threads, doing what.
public struct ModelCase: Sendable, CustomStringConvertible {
  /// What the threads write to.
  public var kind: ModelSubjectKind
  /// The relay's backlog policy.
  public var backlog: BacklogPolicy
  /// How many threads run operations at once.
  public var threads: Int
  /// How many operations each thread runs.
  public var operationsPerThread: Int
  /// The seed the case's scripts are drawn from.
  public var seed: UInt64
  /// What subscribers may attach through.
  public var pipelines: [ModelPipeline]

  /// The case drawn from `seed`, for `kind`.
  ///
  /// - Parameters:
  ///   - kind: What to test.
  ///   - seed: The case's seed: every choice below and every thread's script follows from it.
  ///   - maximumOperations: The most operations a thread runs.
  ///   - pipelines: What subscribers may attach through; every one by default.
  public init(
    kind: ModelSubjectKind, seed: UInt64, maximumOperations: Int = 400,
    pipelines: [ModelPipeline] = ModelPipeline.allCases
  ) {
    var random = SeededRandomNumberGenerator(seed: seed)
    self.kind = kind
    self.seed = seed
    threads = Int.random(in: 2...8, using: &random)
    operationsPerThread = Int.random(in: maximumOperations / 4...maximumOperations, using: &random)
    backlog =
      kind.isDiffProperty || Bool.random(using: &random)
      ? .unbounded : .keepingNewest(Int.random(in: 1...4, using: &random))
    // Half the cases attach directly only, so that relays are stressed on their own too.
    self.pipelines = Bool.random(using: &random) ? [.direct] : pipelines
  }

  /// The case as a failure report names it.
  public var description: String {
    "\(kind), \(threads) threads x \(operationsPerThread) operations, backlog \(backlog), "
      + "pipelines \(pipelines), seed \(seed)"
  }

  /// The script of thread `thread`.
  func script(for thread: Int) -> [ModelOperation] {
    var random = SeededRandomNumberGenerator.forCase(thread, of: seed)
    let writes = ModelWriteKind.allCases.filter { $0.applies(to: kind) }
    return (0..<operationsPerThread).map { _ in
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<55: .write(writes.randomElement(using: &random)!)
      case 55..<63:
        .subscribe(
          demand: Bool.random(using: &random) ? nil : Int.random(in: 0...6, using: &random),
          returns: Int.random(in: 0...3, using: &random) == 0 ? 1 : 0,
          reentrantBudget: Int.random(in: 0...2, using: &random) == 0 ? 6 : 0,
          pipeline: pipelines.randomElement(using: &random)!, seed: random.next())
      case 63..<70: .cancel(pick: Int.random(in: 0..<1_000, using: &random))
      case 70..<77:
        .request(
          pick: Int.random(in: 0..<1_000, using: &random),
          count: Int.random(in: 1...4, using: &random))
      case 77..<84: kind.keepsValue ? .read : .pause(0)
      case 84..<90:
        kind.isDiffProperty ? .trackedRead(part: Bool.random(using: &random)) : .pause(0)
      default: .pause(Int.random(in: 0..<30, using: &random))
      }
    }
  }
}

/// One step of a thread's script.
enum ModelOperation {
  case write(ModelWriteKind)
  case subscribe(
    demand: Int?, returns: Int, reentrantBudget: Int, pipeline: ModelPipeline, seed: UInt64)
  case cancel(pick: Int)
  case request(pick: Int, count: Int)
  case read
  /// A read under `withObservationTracking`, of the whole value or of its selected part.
  case trackedRead(part: Bool)
  /// Sleeps this many microseconds; 0 yields.
  case pause(Int)
}

/// What a case left: the logs the checker compares.
public struct ModelOutcome: Sendable {
  /// The case.
  public var modelCase: ModelCase
  /// What the subscriber attached before any write, never cancelled and asking for everything,
  /// received: the published sequence, ending with the sentinels -1, -2 and -3.
  public var witness: [ModelValue]
  /// Every other subscriber, as it ended.
  public var subscribers: [ModelSubscriberReport]
  /// Every writer's records, in each writer's order.
  public var records: [[ModelRecord]]
  /// The value read once the threads were done and no subscriber wrote any more, before the
  /// sentinels.
  public var finalValue: ModelValue?
  /// Whether the run stopped on a deadline (something never arrived): the checker fails it.
  public var timedOut: Bool
  /// Overlapping calls seen by the witness.
  public var witnessOverlaps: Int
  /// How often each tracking armed by a tracked read was told, once the sentinels were
  /// delivered; `trackingReads` has the read that armed it, at the same index.
  public var trackingTells: [Int]
  /// The tracked read that armed each tracking.
  public var trackingReads: [ModelRecord]
}

/// What one subscriber of a case received and asked for.
public struct ModelSubscriberReport: Sendable {
  /// Its number.
  public var number: Int
  /// What it attached through.
  public var pipeline: ModelPipeline
  /// What it received.
  public var received: [ModelValue]
  /// Whether it asked for unlimited demand.
  public var unlimited: Bool
  /// How many values it asked for, when limited.
  public var demand: Int
  /// How many values had come when its `cancel()` returned.
  public var receivedAtCancel: Int?
  /// Overlapping calls.
  public var overlaps: Int
  /// Completions received.
  public var completions: Int
}

/// Runs model cases.
public enum ModelRunner {
  /// Runs `modelCase` and returns its logs; `nil`'s place is taken by `timedOut` when something
  /// was never delivered.
  public static func run(_ modelCase: ModelCase) -> ModelOutcome {
    let subject = ModelSubject(modelCase.kind, backlog: modelCase.backlog)
    let pipelines = ModelPipelines(subject: subject)
    let witness = ModelSubscriber(number: 0, pipeline: .direct, initialDemand: nil, reentrant: nil)
    if !modelCase.kind.subscribesLate { subject.subscribe(witness) }
    let subscribers = Locked<[ModelSubscriber]>([])
    let records = Locked<[[ModelRecord]]>(Array(repeating: [], count: modelCase.threads))
    let writing = ModelWritingSwitch()
    let scripts = (0..<modelCase.threads).map { modelCase.script(for: $0) }
    let arrived = Locked(0)
    let late = modelCase.kind.subscribesLate
    let threads = modelCase.threads + (late ? 1 : 0)
    // With a late witness, the others subscribe only after it, so that it sees all they see.
    let witnessSubscribed = Locked(!late)
    let trackings = Locked<[(record: ModelRecord, tells: Locked<Int>)]>([])
    runConcurrently(threads: threads) { thread in
      arrived.withLock { $0 += 1 }
      while arrived.withLock({ $0 }) < threads { sched_yield() }
      if thread == modelCase.threads {
        // The witness arrives while the others write: the relay is installed under them.
        usleep(UInt32(modelCase.seed % 300))
        subject.subscribe(witness)
        witnessSubscribed.withLock { $0 = true }
        return
      }
      let ids = ModelIDs(writer: thread)
      var local: [ModelRecord] = []
      for operation in scripts[thread] {
        switch operation {
        case .write(let kind):
          local.append(kind.perform(on: subject, ids: ids))
        case .subscribe(let demand, let returns, let budget, let pipeline, let seed):
          guard witnessSubscribed.withLock({ $0 }) else { continue }
          let number = subscribers.withLock { $0.count } + 1 + thread * 10_000
          let reentrant =
            budget > 0
            ? ModelReentrantWriter(
              subject: subject, number: number, pipeline: pipeline, budget: budget,
              writing: writing,
              random: SeededRandomNumberGenerator(seed: seed))
            : nil
          let subscriber = ModelSubscriber(
            number: number, pipeline: pipeline, initialDemand: demand, returnsDemand: returns,
            reentrant: reentrant)
          subscribers.withLock { $0.append(subscriber) }
          pipelines.subscribe(subscriber, through: pipeline)
        case .cancel(let pick):
          pickSubscriber(pick, from: subscribers)?.cancel()
        case .request(let pick, let count):
          pickSubscriber(pick, from: subscribers)?.request(count)
        case .read:
          if let value = subject.read() {
            local.append(ModelRecord(kind: .read(value), writer: thread, id: ids.lastPublished))
          }
        case .trackedRead(let part):
          let tells = Locked(0)
          let value = subject.trackedRead(part: part) { tells.withLock { $0 += 1 } }
          let record = ModelRecord(
            kind: .trackedRead(value, part: part), writer: thread, id: ids.lastPublished)
          local.append(record)
          trackings.withLock { $0.append((record, tells)) }
        case .pause(let microseconds):
          if microseconds == 0 { sched_yield() } else { usleep(UInt32(microseconds)) }
        }
      }
      records.withLock { $0[thread] = local }
    }
    writing.stop()
    var timedOut = false
    // Nothing is written any more: the value now is the last one stored.
    let finalValue = subject.read()
    for sentinel in [-1, -2, -3] {
      subject.write(ModelValue(id: sentinel))
      if !eventually(within: 60, { witness.received.last?.id == sentinel }) {
        timedOut = true
        if ProcessInfo.processInfo.environment["DIFFVALUE_MODEL_HOLD_ON_STALL"] != nil {
          print(
            "stalled: \(modelCase); the witness's last value \(witness.received.last.map { "\($0)" } ?? "none"), pid \(getpid())"
          )
          while true { sleep(1_000) }
        }
        break
      }
    }
    let all = subscribers.withLock { $0 }
    let armed = trackings.withLock { $0 }
    if !timedOut {
      // A tracking is told by the write that changes the part, or by the round that delivers it.
      _ = eventually(within: 20) { armed.allSatisfy { $0.tells.withLock { $0 } > 0 } }
      // What a queue delivers later arrives after the witness received the last sentinel.
      let waiting = all.filter { $0.asksUnlimited && $0.receivedAtCancel == nil }
      let arrived = eventually(within: 20) { waiting.allSatisfy { $0.received.last?.id == -3 } }
      if !arrived, ProcessInfo.processInfo.environment["DIFFVALUE_MODEL_HOLD_ON_STALL"] != nil {
        let stuck = waiting.filter { $0.received.last?.id != -3 }
        print(
          "stalled: \(modelCase); \(stuck.count) subscribers short of the end: "
            + stuck.prefix(8).map {
              "\($0.number) (\($0.pipeline)) at \($0.received.last.map { "\($0)" } ?? "-")"
            }
            .joined(separator: ", ") + "; pid \(getpid())")
        while true { sleep(1_000) }
      }
    }
    return ModelOutcome(
      modelCase: modelCase, witness: witness.received,
      subscribers: all.map { subscriber in
        ModelSubscriberReport(
          number: subscriber.number, pipeline: subscriber.pipeline,
          received: subscriber.received,
          unlimited: subscriber.asksUnlimited, demand: subscriber.demandAskedFor,
          receivedAtCancel: subscriber.receivedAtCancel, overlaps: subscriber.overlaps,
          completions: subscriber.completionCount)
      },
      records: records.withLock { $0 } + all.map(\.writes).filter { !$0.isEmpty },
      finalValue: finalValue, timedOut: timedOut, witnessOverlaps: witness.overlaps,
      trackingTells: armed.map { $0.tells.withLock { $0 } }, trackingReads: armed.map(\.record))
  }

  private static func pickSubscriber(_ pick: Int, from subscribers: Locked<[ModelSubscriber]>)
    -> ModelSubscriber?
  {
    subscribers.withLock { $0.isEmpty ? nil : $0[pick % $0.count] }
  }
}

/// Whether subscribers may still write from inside their calls: switched off once the threads
/// are done, so that the sentinels end the run.
public final class ModelWritingSwitch: @unchecked Sendable {
  // Both fields are guarded by `lock`.
  private let lock = NSLock()
  private var isOn = true
  private var inFlight = 0

  /// A switch that is on.
  public init() {}

  /// Runs `write` unless writes are off: a write begun before `stop()` is waited for.
  public func ifAllowed(_ write: () -> Void) {
    let allowed = lock.withLock { () -> Bool in
      if isOn { inFlight += 1 }
      return isOn
    }
    guard allowed else { return }
    write()
    lock.withLock { inFlight -= 1 }
  }

  /// Switches writes off, and waits for those under way.
  public func stop() {
    lock.withLock { isOn = false }
    _ = eventually(within: 60) { lock.withLock { inFlight == 0 } }
  }
}

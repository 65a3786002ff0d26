import Testing

@testable import Relay

/// The state machine's rules, tested without threads: each call says what the storage must do.
@Suite struct RelayStateMachineTests {
  typealias Machine = RelayStateMachine<Int>
  let here = ThreadIdentity.current
  #if canImport(Glibc)
    let elsewhere = ThreadIdentity(thread: 1)
  #else
    let elsewhere = ThreadIdentity(thread: pthread_t(bitPattern: 1)!)
  #endif
  let core = RelayCore<Int>(current: 0, keepsCurrentValue: true, subscriptionName: "test")

  func entry() -> RelayEntry<Int> {
    RelayEntry(
      conduit: RelayConduit(core: core), target: RelayTarget(receive: { _ in .none }, finish: {}))
  }

  /// Ends rounds until the machine stops delivering; returns the values the rounds carried.
  func drain(_ machine: inout Machine) -> [Int?] {
    var values: [Int?] = []
    var waking: [RelayWaiter] = []
    while machine.isDelivering {
      var value: Int?
      var previous: Int?
      _ = machine.finishRound(
        returnedDemand: [], waking: &waking, value: &value, previous: &previous)
      if machine.isDelivering { values.append(value) }
    }
    return values
  }

  @Test func sendWhileDeliveringWaitsForTheRound() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    var previous: Int?
    #expect(machine.send(1, thread: here, previous: &previous) != nil)
    #expect(previous == 0)
    #expect(machine.send(2, thread: here, previous: &previous) == nil)
    #expect(machine.latestValue == 2)
    #expect(machine.current == 1)
    #expect(drain(&machine) == [2])
    #expect(machine.current == 2)
  }

  @Test func attachQueuesTheCurrentValueOnlyWithDemand() {
    var machine = Machine(current: 5, keepsCurrentValue: true, checksDuplicates: false)
    let subscriber = entry()
    var value: Int?
    #expect(machine.attach(subscriber, thread: here, value: &value) == nil)
    let round = machine.request(.max(1), for: subscriber.conduit, thread: here, value: &value)
    #expect(value == 5)
    #expect(round?.targets?.count == 1)
    #expect(subscriber.conduit.demand == .none)
  }

  @Test func exhaustedSubscriberIsOwedTheValue() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let subscriber = entry()
    subscriber.conduit.demand = .max(1)
    var value: Int?
    _ = machine.attach(subscriber, thread: here, value: &value)
    _ = drain(&machine)
    var previous: Int?
    let round = machine.send(1, thread: here, previous: &previous)
    #expect(round?.targets?.isEmpty == true)
    #expect(subscriber.conduit.owesCurrentValue)
  }

  @Test func cancelDuringAnotherThreadsRoundAsksToWait() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var previous: Int?
    _ = machine.attach(subscriber, thread: here, value: &value)
    _ = machine.send(1, thread: elsewhere, previous: &previous)
    let cancellation = machine.cancel(subscriber.conduit, thread: here)
    #expect(cancellation?.waiter != nil)
    #expect(cancellation?.removed != nil)
    #expect(machine.entries.isEmpty)
    #expect(machine.cancel(subscriber.conduit, thread: here) == nil)
  }

  @Test func cancelFromTheDeliveringThreadDoesNotWait() {
    var machine = Machine(current: 0, keepsCurrentValue: false, checksDuplicates: false)
    let subscriber = entry()
    subscriber.conduit.demand = .unlimited
    var value: Int?
    var previous: Int?
    _ = machine.attach(subscriber, thread: here, value: &value)
    _ = machine.send(1, thread: here, previous: &previous)
    #expect(machine.cancel(subscriber.conduit, thread: here)?.waiter == nil)
  }

  @Test func duplicateCheckDefersClaimingLimitedDemand() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: true)
    let subscriber = entry()
    subscriber.conduit.demand = .max(3)
    var value: Int?
    _ = machine.attach(subscriber, thread: here, value: &value)
    _ = drain(&machine)
    var previous: Int?
    let round = machine.send(1, thread: here, previous: &previous)
    #expect(previous == 0)
    #expect(round != nil && round?.targets == nil)
    #expect(subscriber.conduit.demand == .max(2))
  }

  @Test func finishDetachesEveryoneAndIgnoresLaterSends() {
    var machine = Machine(current: 0, keepsCurrentValue: true, checksDuplicates: false)
    let subscriber = entry()
    var value: Int?
    var previous: Int?
    _ = machine.attach(subscriber, thread: here, value: &value)
    let round = machine.finish(thread: here, value: &value, previous: &previous)
    #expect(round?.isFinish == true)
    #expect(round?.targets?.count == 1)
    #expect(machine.entries.isEmpty)
    _ = drain(&machine)
    #expect(machine.send(1, thread: here, previous: &previous) == nil)
  }
}

extension RelayRound: Equatable {
  public static func == (lhs: RelayRound, rhs: RelayRound) -> Bool {
    lhs.isFinish == rhs.isFinish && lhs.targets?.count == rhs.targets?.count
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

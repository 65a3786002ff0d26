import DiffValue
import Foundation
import Observation
import TestSupport
import Testing

struct Person: Equatable, Sendable {
  var name = ""
  var email = ""
  var visits = 0
}

/// A plain class: `@Diff` needs no `@Observable` to be tracked.
final class PersonModel: @unchecked Sendable {
  // `@Diff` properties are thread-safe; the class has no other state.
  @Diff(\.name) var person = Person()
  @Diff var other = Person()
}

/// An `@Observable` view model: its `@Diff` property is `@ObservationIgnored`, since the macro
/// cannot wrap a property that already has a wrapper; the property tracks itself.
@Observable final class ObservableScreen {
  @ObservationIgnored @Diff(\.name) var person = Person()
  var title = ""
}

/// Counts `onChange` calls and the threads they came on.
final class ChangeCounter: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var calls: [Thread] = []

  var count: Int { lock.withLock { calls.count } }
  var lastThread: Thread? { lock.withLock { calls.last } }

  func record() { lock.withLock { calls.append(Thread.current) } }
}

/// Reads `read` inside `withObservationTracking` and counts the changes it is told of.
func track(_ counter: ChangeCounter, _ read: () -> Void) {
  withObservationTracking {
    read()
  } onChange: {
    counter.record()
  }
}

/// `@Diff` in Swift's Observation: a tracked read is told of a published change once, before
/// the write returns, on the writing thread; a write that changes nothing selected tells
/// nobody; a part read through `$property[\.part]` is told of that part's changes alone.
@Suite struct DiffObservationTests {
  @Test func aPublishedChangeTellsATrackedReadOnce() {
    let model = PersonModel()
    let counter = ChangeCounter()
    track(counter) { _ = model.person }
    model.person.name = "Ada"
    #expect(counter.count == 1)
    model.person.name = "Grace"  // the tracking fired; nothing re-armed it
    #expect(counter.count == 1)
  }

  @Test(arguments: ["unselected", "equal", "modify", "whole equal"])
  func aWriteThatChangesNothingSelectedTellsNobody(kind: String) {
    let model = PersonModel()
    let counter = ChangeCounter()
    track(counter) { _ = model.person }
    switch kind {
    case "unselected": model.person.visits += 1
    case "equal": model.person.name = ""
    case "modify": model.$person.modify { $0.email = "a@b.c" }
    default: model.person = Person(name: "", email: "x", visits: 9)
    }
    #expect(counter.count == 0)
    model.person = Person(name: "now")
    #expect(counter.count == 1)
  }

  @Test func everyWriteFormTellsTrackedReads() {
    let model = PersonModel()
    let counter = ChangeCounter()
    track(counter) { _ = model.person }
    model.person = Person(name: "whole")
    track(counter) { _ = model.$person.value }
    model.person.name = "part"
    track(counter) { _ = model.person.name }
    model.$person.modify { $0.name = "modify" }
    #expect(counter.count == 3)
  }

  /// A read makes the observation alone; the first subscriber makes the relay, whose writes
  /// tell the observation whichever came first.
  @Test(arguments: ["read first", "subscriber first"])
  func trackedReadsAreToldOfWritesThroughTheRelay(order: String) {
    let model = PersonModel()
    let counter = ChangeCounter()
    var received: [String] = []
    var subscription: AnyCancellable?
    if order == "read first" { track(counter) { _ = model.person } }
    subscription = model.$person.sink { received.append($0.name) }
    if order == "subscriber first" { track(counter) { _ = model.person } }
    model.person.name = "in place"
    track(counter) { _ = model.person }
    model.person = Person(name: "whole")
    track(counter) { _ = model.person }
    model.$person.modify { $0.name = "modify" }
    track(counter) { _ = model.person }
    model.person.visits += 1  // unselected: tells nobody
    #expect(counter.count == 3)
    #expect(received == ["", "in place", "whole", "modify"])
    subscription?.cancel()
  }

  @Test func twoPropertiesOfOneObjectAreTrackedApart() {
    let model = PersonModel()
    let counter = ChangeCounter()
    track(counter) { _ = model.person }
    model.other = Person(name: "other")
    #expect(counter.count == 0)
    model.person.name = "person"
    #expect(counter.count == 1)
  }

  @Test func anObservableClassTracksItsDiffPropertyAndItsOwn() {
    let screen = ObservableScreen()
    let counter = ChangeCounter()
    track(counter) { _ = screen.person }
    screen.person.visits = 3  // unselected
    #expect(counter.count == 0)
    screen.person.name = "Ada"
    #expect(counter.count == 1)
    track(counter) { _ = screen.title }
    screen.title = "Profile"
    #expect(counter.count == 2)
  }

  /// `$person[\.email]` registers the part alone: its observers are told when the email
  /// changes, published or not (email is not selected), and of nothing else.
  @Test func aPartReadIsToldOfThatPartAlone() {
    let model = PersonModel()
    let counter = ChangeCounter()
    track(counter) { _ = model.$person[\.email] }
    model.person.name = "Ada"  // published, but the email is the same
    model.person.visits = 2
    model.person = Person(name: "Ada", email: "", visits: 5)
    #expect(counter.count == 0)
    model.person.email = "ada@example.com"  // unselected, not published: still told
    #expect(counter.count == 1)
    track(counter) { _ = model.$person[\.email] }
    model.person = Person(name: "Ada", email: "ada@example.org")
    #expect(counter.count == 2)
    #expect(model.$person[\.email] == "ada@example.org")
  }

  @Test func aPartAndTheWholeAreToldApart() {
    let model = PersonModel()
    let whole = ChangeCounter()
    let part = ChangeCounter()
    track(whole) { _ = model.person }
    track(part) { _ = model.$person[\.visits] }
    model.person.visits += 1
    #expect((whole.count, part.count) == (0, 1))
    model.person.name = "new"
    #expect((whole.count, part.count) == (1, 1))
  }

  /// Observation's rule: `onChange` runs on the writing thread, before the write returns.
  @Test func aWriteFromAnotherThreadTellsOnThatThreadBeforeItReturns() {
    let model = PersonModel()
    let counter = ChangeCounter()
    track(counter) { _ = model.person }
    let toldBeforeReturn = Locked<Bool?>(nil)
    let writer = Thread {
      model.person.name = "background"
      toldBeforeReturn.withLock { $0 = counter.count == 1 }
    }
    writer.start()
    #expect(eventually { toldBeforeReturn.withLock { $0 } != nil })
    #expect(toldBeforeReturn.withLock { $0 } == true)
    #expect(counter.lastThread === writer)
  }

  @Test func aReArmedTrackingIsToldOfTheNextChange() {
    let model = PersonModel()
    let counter = ChangeCounter()
    for round in 1...5 {
      track(counter) { _ = model.person }
      model.person.name = "name \(round)"
      #expect(counter.count == round)
    }
  }

  /// `Observations` (SE-0475) yields on selected changes only: no element for an unselected
  /// or equal write.
  @Test func observationsYieldOnSelectedChangesOnly() async {
    let model = PersonModel()
    let names = Observations { model.person.name }
    var iterator = names.makeAsyncIterator()
    #expect(await iterator.next() == "")
    model.person.visits = 1
    model.person.name = ""
    model.person.name = "Ada"
    #expect(await iterator.next() == "Ada")
    model.person.email = "x"
    model.person.name = "Grace"
    #expect(await iterator.next() == "Grace")
  }

  /// Threads write at once while trackings are re-armed: each tracking armed before a
  /// published change is told, at least once and at most once per write.
  ///
  /// A write queued behind another thread's delivery is told by the thread that compares it, the
  /// drainer perhaps, after the write returned. Two writes told at the same instant on two threads
  /// may both reach a tracking before Observation cancels it after its first call, as they may for
  /// an `@Observable` property written from two threads.
  @Test func concurrentWritesTellEveryArmedTrackingOnce() {
    let model = PersonModel()
    for round in 0..<200 {
      let counter = ChangeCounter()
      track(counter) { _ = model.person }
      runConcurrently(threads: 3) { thread in
        switch thread {
        case 0: model.person.name = "\(round)-a"
        case 1: model.person = Person(name: "\(round)-b", visits: round)
        default: model.$person.modify { $0.visits += 1 }
        }
      }
      #expect(eventually { counter.count > 0 }, "round \(round)")
      #expect(counter.count <= 3, "round \(round): more tells than writes")
    }
  }
}

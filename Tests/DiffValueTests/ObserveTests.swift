import DiffValue
import Foundation
import Observation
import TestSupport
import Testing

/// What an `observe { }` closure saw, run by run; touched on the main actor only.
@MainActor final class ObservedRuns {
  var names: [String] = []
  var ranOnMainQueue = true
}

/// Marks the main queue, which runs the main actor's work (on Linux, not always on the main
/// thread: `dispatchMain()` hands the queue to another thread).
let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Lets the main actor run whatever is queued for a while: a re-run that should not happen
/// would have happened by then.
@MainActor func settle() async {
  for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(1)) }
}

/// `observe { }`: runs its closure at once and again on the main actor after each change of
/// what it read, selected changes only, until its token is cancelled or released.
@Suite @MainActor struct ObserveTests {
  @Test func runsAtOnceAndAgainAfterASelectedChange() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let token = observe { runs.names.append(model.person.name) }
    #expect(runs.names == [""])
    model.person.name = "Ada"
    #expect(runs.names == [""], "the re-run waits for the main actor's next turn")
    await waitUntil { runs.names.count == 2 }
    #expect(runs.names == ["", "Ada"])
    token.cancel()
  }

  @Test func aWriteThatChangesNothingSelectedDoesNotRunIt() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let token = observe { runs.names.append(model.person.name) }
    model.person.email = "ada@example.com"  // not selected
    model.person.name = ""  // equal
    model.person = Person(name: "", email: "other", visits: 3)  // nothing selected changed
    await settle()
    #expect(runs.names == [""])
    model.person.name = "Ada"
    await waitUntil { runs.names.count == 2 }
    #expect(runs.names == ["", "Ada"])
    token.cancel()
  }

  @Test func severalChangesBeforeItsTurnRunItOnceWithTheLastValue() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let token = observe { runs.names.append(model.person.name) }
    model.person.name = "Ada"
    model.person.name = "Grace"
    model.person.name = "Barbara"
    await waitUntil { runs.names.count == 2 }
    await settle()
    #expect(runs.names == ["", "Barbara"])
    token.cancel()
  }

  @Test func aPartReadRunsItForThatPartAlone() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let token = observe { runs.names.append(model.$person[\.email]) }
    model.person.name = "Ada"  // selected, published, but not the part read
    await settle()
    #expect(runs.names == [""])
    model.person.email = "ada@example.com"  // unselected, not published, but read
    await waitUntil { runs.names.count == 2 }
    #expect(runs.names == ["", "ada@example.com"])
    token.cancel()
  }

  @Test func aWriteOnAnotherThreadRunsItOnTheMainActor() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let key = mainQueueKey
    let token = observe {
      runs.ranOnMainQueue = runs.ranOnMainQueue && DispatchQueue.getSpecific(key: key) == true
      runs.names.append(model.person.name)
    }
    await Task.detached { model.person.name = "Ada" }.value
    await waitUntil { runs.names.count == 2 }
    #expect(runs.names == ["", "Ada"])
    #expect(runs.ranOnMainQueue)
    token.cancel()
  }

  @Test func cancellingOrReleasingTheTokenStopsIt() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let cancelled = observe { runs.names.append("cancelled: \(model.person.name)") }
    var released: ObserveToken? = observe { runs.names.append("released: \(model.person.name)") }
    #expect(released?.isCancelled == false)
    cancelled.cancel()
    #expect(cancelled.isCancelled)
    released = nil
    model.person.name = "Ada"
    await settle()
    #expect(runs.names == ["cancelled: ", "released: "])
  }

  @Test func itFollowsAnObservableClassAndADiffPropertyInOneClosure() async {
    let screen = ObservableScreen()
    let runs = ObservedRuns()
    let token = observe { runs.names.append("\(screen.title)/\(screen.person.name)") }
    screen.title = "Sign up"
    await waitUntil { runs.names.count == 2 }
    screen.person.name = "Ada"
    await waitUntil { runs.names.count == 3 }
    screen.person.email = "ignored"
    await settle()
    #expect(runs.names == ["/", "Sign up/", "Sign up/Ada"])
    token.cancel()
  }

  @Test func concurrentWritersRunItUntilItShowsTheLastValue() async {
    let model = PersonModel()
    let runs = ObservedRuns()
    let token = observe { runs.names.append(model.person.name) }
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for index in 0..<200 { model.person.name = "\(writer)-\(index)" }
        }
      }
    }
    model.person.name = "last"
    await waitUntil { runs.names.last == "last" }
    #expect(runs.names.last == "last")
    token.cancel()
  }

  @Test func anObjectKeepsItsObservationUntilItIsGone() async {
    final class Screen: NSObject {
      let runs = ObservedRuns()
      @MainActor func start(_ model: PersonModel) {
        observe { [weak self] in self?.runs.names.append(model.person.name) }  // token dropped
      }
    }
    let model = PersonModel()
    var screen: Screen? = Screen()
    let runs = screen!.runs
    screen!.start(model)
    model.person.name = "Ada"
    await waitUntil { runs.names.count == 2 }
    #expect(runs.names == ["", "Ada"])
    screen = nil
    model.person.name = "Grace"
    await settle()
    #expect(runs.names == ["", "Ada"])
  }

  @Test func anObjectsTokenStillCancelsIt() async {
    let model = PersonModel()
    let screen = NSObject()
    let runs = ObservedRuns()
    let token = screen.observe { runs.names.append(model.person.name) }
    token.cancel()
    model.person.name = "Ada"
    await settle()
    #expect(runs.names == [""])
    withExtendedLifetime(screen) {}
  }

  // MARK: What an observation holds

  /// Something an observation's closure captures, to see when it is let go.
  final class Captured: Sendable {}

  @Test func releasingOrCancellingTheTokenLetsGoOfTheClosureAtOnce() async {
    let model = PersonModel()
    var captured: Captured? = Captured()
    weak let released = captured
    var token: ObserveToken? = observe { [captured] in _ = (captured, model.person.name) }
    captured = nil
    #expect(released != nil)
    token = nil  // no change comes: Observation still holds its onChange closure, not this one
    #expect(released == nil)
    var kept: Captured? = Captured()
    weak let cancelled = kept
    let other = observe { [kept] in _ = (kept, model.person.name) }
    kept = nil
    other.cancel()
    #expect(cancelled == nil)
    _ = token
  }

  /// Issue 35: the objects' registry dropped an ended observation only when another
  /// `observe(_:)` was added anywhere, so what the closure captured outlived its object.
  @Test func anObjectsObservationLetsGoOfWhatItCapturedOnceTheObjectIsGone() async {
    final class Screen: NSObject {
      @MainActor func start(_ model: PersonModel, showing captured: Captured) {
        observe { [captured] in _ = (captured, model.person.name) }
      }
    }
    let model = PersonModel()
    var captured: Captured? = Captured()
    weak let released = captured
    var screen: Screen? = Screen()
    screen!.start(model, showing: captured!)
    captured = nil
    screen = nil
    model.person.name = "Ada"  // the observation is told, finds its object gone, and ends
    await waitUntil { released == nil }
    #expect(released == nil)
    _ = screen
  }
}

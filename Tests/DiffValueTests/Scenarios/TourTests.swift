import DiffValue
import Dispatch
import Testing
import TourScenarios

@Suite struct TourTests {
  /// The seed README's "Print Output", line for line.
  static let seedTranscript = """
    DiffStateReplay1: receive subscription: (CurrentValueSubject)
    DiffStateReplay1: request unlimited
    DiffStateReplay1: receive value: (State(stringProperty: "", intProperty: 0))
    DiffStateReplay2: receive subscription: (CurrentValueSubject)
    DiffStateReplay2: request unlimited
    DiffStateReplay2: receive value: (State(stringProperty: "", intProperty: 0))
    DiffStateReplay3: receive subscription: (CurrentValueSubject)
    DiffStateReplay3: request unlimited
    DiffStateReplay3: receive value: (State(stringProperty: "", intProperty: 0))
    -------------------------------------------------
    All Initial Sink Values should be established ✅
    -------------------------------------------------
    -------------------------------------------------
    Beginning State 1 Modifications
    -------------------------------------------------
    Nothing should have printed 👀
    DiffStateReplay1: receive value: (State(stringProperty: "Hello world", intProperty: 0))
    DiffStateReplay1: receive value: (State(stringProperty: "Hello world", intProperty: 10))
    -------------------------------------------------
    Beginning State 2 Modifications
    -------------------------------------------------
    Nothing should have printed 👀
    DiffStateReplay2: receive value: (State(stringProperty: "Hello world", intProperty: 10))
    -------------------------------------------------
    Beginning State 3 Modifications
    -------------------------------------------------
    Nothing should have printed 👀
    DiffStateReplay3: receive value: (State(stringProperty: "Hello world", intProperty: 10))
    """.split(separator: "\n").map(String.init)

  static let examples = """

    UserState: only userName and email are observed; a new password is stored quietly
    Listening to state changes: UserState(userName: "", email: "", password: "")
    Listening to state changes: UserState(userName: "zain", email: "", password: "")
    Listening to state changes: UserState(userName: "zain", email: "zain@example.com", password: "")
    Password stored without publishing: hunter2

    Property hook: TestClass.observeString runs for stringProperty changes only
    📝 Property Changed: 
    📝 Property Changed: Hello hooks
    📝 Property Changed: Goodbye hooks

    Sign-up form: submit follows the email once typing pauses, and the password
    Settled email "", password of 0 characters
    Submit enabled: false
    Typing the email: z, zain, zain@, zain@example.com
    Settled email "zain@example.com", password of 0 characters
    Submit enabled: false
    Typing the password: hunter22
    Settled email "zain@example.com", password of 8 characters
    Submit enabled: true

    Observation: each view is told of the changes it shows, and of no other
    model.user.lastSeen = 1: nobody told
    model.user.name = "Ada": told the body reading model.user
    model.user.name = "Ada" again: nobody told
    model.user.email = "ada@example.com": told the body reading model.user, the Text reading model.$user[\\.email]

    Observation by identity: the list is told of order, each row of its own to-do
    model.$items.update(id: 2) { $0.done = true }: told row 2
    model.items[0].title = "Write more": told row 1
    model.items.insert(Todo(id: 4, title: "Rest"), at: 0): told the list
    model.items.swapAt(1, 3): told the list
    model.items.sort { $0.id < $1.id }: told the list
    model.items = model.items (the same to-dos): nobody told
    """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

  @Test func tourPrintsTheSeedTranscriptThenTheExamples() {
    let output = TourOutput.recorder()
    let kept = runTour(output: output)
    let lines = output.lines
    #expect(Array(lines.prefix(Self.seedTranscript.count)) == Self.seedTranscript)
    #expect(Array(lines.dropFirst(Self.seedTranscript.count)) == Self.examples)
    withExtendedLifetime(kept) {}
  }

  final class SubmitButton: @unchecked Sendable {
    // `isEnabled` is written by the pipeline, whose calls never overlap, and read after
    // `changed` is signalled.
    let changed = DispatchSemaphore(value: 0)
    var isEnabled = false { didSet { changed.signal() } }
  }

  final class SignUpController {
    @Diff(\.email, \.password) var form: SignUpForm
    var subscriptions = Set<AnyCancellable>()

    /// The README's operator example, with `queue` standing in for `DispatchQueue.main`.
    func bind(_ submitButton: SubmitButton, on queue: DispatchQueue) {
      let email = $form.map(\.email).removeDuplicates()
        .debounce(for: .milliseconds(300), scheduler: queue)
      email.combineLatest($form.map(\.password)) { $0.contains("@") && $1.count >= 8 }
        .assign(to: \.isEnabled, onWeak: submitButton)
        .store(in: &subscriptions)
    }
  }

  @Test func readmeOperatorExample() {
    let queue = DispatchQueue(label: "readme")
    let button = SubmitButton()
    let controller = SignUpController()
    controller.bind(button, on: queue)
    #expect(button.changed.wait(timeout: .now() + 10) == .success)
    #expect(!button.isEnabled)
    queue.sync { controller.form = SignUpForm(email: "zain@example.com", password: "hunter22") }
    // The password arrives at once, with the old email; the email once typing paused.
    #expect(button.changed.wait(timeout: .now() + 10) == .success)
    #expect(button.changed.wait(timeout: .now() + 10) == .success)
    #expect(button.isEnabled)
  }
}

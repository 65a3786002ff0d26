import DiffValue
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
    """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

  @Test func tourPrintsTheSeedTranscriptThenTheExamples() {
    let output = TourOutput.recorder()
    let kept = runTour(output: output)
    let lines = output.lines
    #expect(Array(lines.prefix(Self.seedTranscript.count)) == Self.seedTranscript)
    #expect(Array(lines.dropFirst(Self.seedTranscript.count)) == Self.examples)
    withExtendedLifetime(kept) {}
  }
}

// snippet.hide
// DiffValue's article "Living beside Combine" shows this file. It is Combine code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in Combine.
#if canImport(Combine)
  import Combine
  import DiffValue
  // snippet.show
  import Relay

  struct Draft: Equatable {
    var title = ""
    var body = ""
  }

  final class Editor {
    @Diff(\.title) var draft = Draft()
    var subscriptions = Set<AnyCancellable>()

    // With Relay and Combine both imported, a name both declare is spelled with its module.
    var titles: Relay.AnyPublisher<String, Never> {
      $draft.map(\.title).eraseToAnyPublisher()
    }

    var savedTitles: Combine.AnyPublisher<String, Never> {
      Combine.Just("Untitled").eraseToAnyPublisher()
    }

    func bind() {
      titles.singleReplay()
        .sink { print("Title:", $0) }
        .store(in: &subscriptions)
    }
  }
  // snippet.hide

  Editor().bind()
#endif

// snippet.hide
// README.md, "Beside Combine and SwiftUI", and DiffValue's article "Living beside Combine" show
// this file. It is Combine code: Tests/AppleStandIns/typecheck.sh type-checks it against the
// stand-in Combine.
#if canImport(Combine)
  import Combine
  import DiffValue
  import Foundation

  struct Settings: Equatable {
    var theme = "light"
    var fontSize = 14
  }

  final class SettingsModel {
    @Diff(\.theme) var settings = Settings()
    let reload = PassthroughSubject<Void, Never>()
    var subscriptions = Set<AnyCancellable>()

    func bind() {
      // snippet.show
      // Relay to Combine: where Combine's AnyPublisher is expected, or for Combine's operators.
      let themes: AnyPublisher<String, Never> = $settings.map(\.theme).eraseToAnyPublisher()
      themes.receive(on: RunLoop.main)
        .sink { print("Theme:", $0) }
        .store(in: &subscriptions)

      // Combine to Relay: a Combine publisher beside a @Diff one, with Relay's operators.
      reload.asRelayPublisher().combineLatest($settings)
        .sink { _, settings in print("Reload with", settings.theme) }
        .store(in: &subscriptions)
      // snippet.hide
    }
  }

  SettingsModel().bind()
#endif

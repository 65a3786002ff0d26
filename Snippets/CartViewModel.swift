// snippet.hide
// DiffValue's article "Living beside Combine" shows this file. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit and Combine.
#if canImport(UIKit)
  import Combine
  import DiffValue
  import UIKit

  struct Cart: Equatable {
    var items: [String]
    var total: Double
    var lastSynced: Double
  }

  extension Notification.Name {
    static let currencyChanged = Notification.Name("CurrencyChanged")
  }

  // snippet.show
  @MainActor final class CartViewModel {
    @Diff(\.items, \.total) var cart = Cart(items: [], total: 0, lastSynced: 0)
    @Published var promoCode = ""
    let totalLabel = UILabel()
    // One set for both kinds of pipeline: Relay's AnyCancellable is Combine's.
    var subscriptions = Set<AnyCancellable>()

    func bind() {
      // Combine pipelines, with Combine's operators.
      NotificationCenter.default.publisher(for: .currencyChanged)
        .receive(on: RunLoop.main)
        .sink { [weak self] _ in self?.showTotal() }
        .store(in: &subscriptions)
      $promoCode.removeDuplicates()
        .sink { print("Promo code:", $0) }
        .store(in: &subscriptions)

      // @Diff pipelines, with Relay's operators.
      $cart.map(\.total).removeDuplicates()
        .sink { [weak self] _ in self?.showTotal() }
        .store(in: &subscriptions)

      // Across the two: Relay's combineLatest takes the Combine publisher, bridged.
      $cart.map(\.items.count).combineLatest($promoCode)
        .sink { count, code in print("\(count) items, code \(code)") }
        .store(in: &subscriptions)
    }

    // Where an API wants Combine's AnyPublisher, a @Diff publisher erases to one.
    var totals: AnyPublisher<Double, Never> {
      $cart.map(\.total).eraseToAnyPublisher()
    }

    func showTotal() {
      totalLabel.text = "\(cart.total)"
    }
  }
// snippet.hide
#endif

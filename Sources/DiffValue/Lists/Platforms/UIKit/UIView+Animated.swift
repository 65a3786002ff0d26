#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UIView {
    /// Runs `body` with UIKit's animations, or with none.
    static func run(animated: Bool, _ body: () -> Void) {
      if animated { body() } else { performWithoutAnimation(body) }
    }
  }
#endif

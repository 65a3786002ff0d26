// SwiftUI's hosting of a view in UIKit or AppKit, each where its framework is: typecheck.sh
// compiles the SwiftUI stand-in beside the UIKit stand-in, then beside the AppKit one, as it
// is on iOS and on macOS. As Apple documents them: `@MainActor @preconcurrency` classes, their
// initializers taking the root view.
#if canImport(UIKit)
  import UIKit

  /// A UIKit view controller that manages a SwiftUI view hierarchy.
  @MainActor @preconcurrency
  open class UIHostingController<Content>: UIViewController where Content: View {
    public var rootView: Content
    public init(rootView: Content) {
      self.rootView = rootView
      super.init(nibName: nil, bundle: nil)
    }
    public required init?(coder aDecoder: NSCoder) { fatalError("a stand-in: never runs") }
  }

  /// A content configuration suitable for hosting a hierarchy of SwiftUI views in a table or
  /// collection view cell.
  @available(iOS 16.0, tvOS 16.0, *)
  public struct UIHostingConfiguration<Content, Background>: UIContentConfiguration
  where Content: View, Background: View {
    @MainActor public func makeContentView() -> any UIView & UIContentView {
      fatalError("a stand-in: never runs")
    }
    public func updated(for state: any UIConfigurationState) -> Self { self }
  }

  @available(iOS 16.0, tvOS 16.0, *)
  extension UIHostingConfiguration where Background == EmptyView {
    /// Creates a hosting configuration with the given contents (main-actor isolated here:
    /// stricter than, or as strict as, the SDK).
    @MainActor public init(@ViewBuilder content: () -> Content) {
      fatalError("a stand-in: never runs")
    }
  }
#elseif canImport(AppKit)
  import AppKit

  /// An AppKit view that hosts a SwiftUI view hierarchy.
  @MainActor @preconcurrency
  open class NSHostingView<Content>: NSView where Content: View {
    public var rootView: Content
    public required init(rootView: Content) { self.rootView = rootView }
  }
#endif

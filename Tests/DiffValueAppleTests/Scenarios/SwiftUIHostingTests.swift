#if canImport(SwiftUI) && (canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst))
  import DiffValue
  import SwiftUI
  import Testing
  #if canImport(UIKit)
    import UIKit
  #else
    import AppKit
  #endif

  /// SwiftUI views reading `@Diff` properties, hosted in a window (`UIHostingController`,
  /// `NSHostingView`): a body runs again for a change of what it reads that its selection
  /// publishes, and for nothing else.
  @MainActor
  @Suite(.serialized) struct SwiftUIHostingTests {
    struct Article: Equatable {
      var title = "Draft"
      var subtitle = ""
      var readCount = 0
    }

    final class ArticleModel {
      @Diff(\.title, \.subtitle) var article = Article()
    }

    /// Counts the times SwiftUI runs a body.
    final class BodyCount {
      var value = 0
    }

    /// Reads the whole article: refreshed when a selected part changes.
    struct ArticleView: View {
      let model: ArticleModel
      let bodies: BodyCount

      var body: some View {
        bodies.value += 1
        return Text(model.article.title)
      }
    }

    /// Reads the subtitle alone (`$article[\.subtitle]`): refreshed when it changes.
    struct SubtitleView: View {
      let model: ArticleModel
      let bodies: BodyCount

      var body: some View {
        bodies.value += 1
        return Text(model.$article[\.subtitle])
      }
    }

    /// A change the selection ignores refreshes nothing; a selected one runs the body again.
    @Test func aChangeTheSelectionIgnoresRefreshesNothing() async throws {
      let model = ArticleModel()
      let bodies = BodyCount()
      try await expectRefreshes(
        of: ArticleView(model: model, bodies: bodies), counted: bodies,
        notFor: { model.article.readCount += 1 }, butFor: { model.article.title = "Final" })
    }

    /// A part read alone (`$article[\.subtitle]`) refreshes for that part, not for another
    /// selected one.
    @Test func aPartReadAloneRefreshesForThatPartOnly() async throws {
      let model = ArticleModel()
      let bodies = BodyCount()
      try await expectRefreshes(
        of: SubtitleView(model: model, bodies: bodies), counted: bodies,
        notFor: { model.article.title = "Final" }, butFor: { model.article.subtitle = "Sub" })
    }

    /// Hosts a view in a window, waits for its first body and lets SwiftUI settle; then expects
    /// one write to leave the body count as it was, and another to run the body again.
    func expectRefreshes(
      of content: some View, counted bodies: BodyCount, notFor ignored: () -> Void,
      butFor refreshing: () -> Void
    ) async throws {
      let hosted = HostedView(content)
      try await waitUntil("the first body") {
        hosted.layout()
        return bodies.value > 0
      }
      try await letTheRunLoopTurn { hosted.layout() }
      let shown = bodies.value
      ignored()
      try await letTheRunLoopTurn { hosted.layout() }
      #expect(bodies.value == shown, "a write the view does not depend on ran its body")
      refreshing()
      try await waitUntil("the body to run again") {
        hosted.layout()
        return bodies.value > shown
      }
    }
  }

  /// A SwiftUI view hosted in a window, as an app shows it.
  @MainActor
  final class HostedView<Content: View> {
    #if canImport(UIKit)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      let host: UIHostingController<Content>

      init(_ content: Content) {
        host = UIHostingController(rootView: content)
        window.rootViewController = host
        window.isHidden = false
      }

      /// Lays the hosted view out, where SwiftUI runs the bodies it must.
      func layout() { host.view.layoutIfNeeded() }
    #else
      let window: NSWindow
      let host: NSHostingView<Content>

      init(_ content: Content) {
        host = NSHostingView(rootView: content)
        window = NSWindow(
          contentRect: CGRect(x: 0, y: 0, width: 320, height: 480), styleMask: [.titled],
          backing: .buffered, defer: false)
        window.contentView = host
      }

      /// Lays the hosted view out, where SwiftUI runs the bodies it must.
      func layout() { host.layoutSubtreeIfNeeded() }
    #endif
  }
#endif

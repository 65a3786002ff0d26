#if canImport(SwiftUI)
  import Relay
  import SwiftUI

  extension View {
    /// Performs an action whenever a DiffValue publisher, such as a `@Diff` property's
    /// `$state`, publishes a value.
    ///
    /// SwiftUI's own `onReceive` takes a Combine publisher; this one takes Relay's, so
    /// `.onReceive(model.$profile) { ... }` reads as it does for a `@Published` property.
    ///
    /// ```swift
    /// Text(model.profile.name)
    ///   .onReceive(model.$profile) { profile in lastSeen = profile.name }
    /// ```
    ///
    /// - Parameters:
    ///   - publisher: The publisher; SwiftUI subscribes to it, through
    ///     `RelayToCombinePublisher`, for as long as the view is shown.
    ///   - action: Called with each value, on the thread that published it, as SwiftUI's
    ///     `onReceive` calls it for a Combine publisher: write the property on the main actor
    ///     (a `@MainActor` model does) so that the action runs there.
    /// - Returns: The view, with the action attached.
    public func onReceive<P: Relay.Publisher>(
      _ publisher: P, perform action: @escaping (P.Output) -> Void
    ) -> some View where P.Failure == Never {
      onReceive(publisher.asCombinePublisher(), perform: action)
    }
  }
#endif

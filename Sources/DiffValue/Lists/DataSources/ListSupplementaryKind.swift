#if canImport(UIKit) && !os(watchOS)
  import UIKit
#elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#endif

/// The kinds of supplementary views a supplementary-view provider is asked for.
///
/// Each is the framework's own constant where there is one: UIKit's
/// `UICollectionView.elementKindSectionHeader` and `.elementKindSectionFooter`, AppKit's
/// `NSCollectionView` ones (Apple documents neither value); elsewhere UIKit's value. They are
/// main-actor isolated, as the frameworks' constants may be (they are members of main-actor
/// classes), and as the providers that compare with them are.
public enum ListSupplementaryKind {
  /// A section header: `UICollectionView.elementKindSectionHeader` on UIKit,
  /// `NSCollectionView.elementKindSectionHeader` on AppKit.
  @MainActor public static var header: String {
    #if canImport(UIKit) && !os(watchOS)
      UICollectionView.elementKindSectionHeader
    #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
      NSCollectionView.elementKindSectionHeader
    #else
      "UICollectionElementKindSectionHeader"
    #endif
  }

  /// A section footer: `UICollectionView.elementKindSectionFooter` on UIKit,
  /// `NSCollectionView.elementKindSectionFooter` on AppKit.
  @MainActor public static var footer: String {
    #if canImport(UIKit) && !os(watchOS)
      UICollectionView.elementKindSectionFooter
    #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
      NSCollectionView.elementKindSectionFooter
    #else
      "UICollectionElementKindSectionFooter"
    #endif
  }
}

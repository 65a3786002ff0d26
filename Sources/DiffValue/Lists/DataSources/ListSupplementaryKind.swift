/// The kinds of supplementary views a supplementary-view provider is asked for.
public enum ListSupplementaryKind {
  /// A section header: UIKit's `UICollectionView.elementKindSectionHeader`.
  public static let header = "UICollectionElementKindSectionHeader"
  /// A section footer: UIKit's `UICollectionView.elementKindSectionFooter`.
  public static let footer = "UICollectionElementKindSectionFooter"
}

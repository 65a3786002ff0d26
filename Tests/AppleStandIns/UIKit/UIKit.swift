// A stand-in for UIKit, for type-checking DiffValue's `#if canImport(UIKit)` code on Linux.
//
// It declares only what the adapter and the documentation's UIKit examples (Snippets/) use,
// as the iOS 18 SDK declares it in Swift (Apple's documentation: the classes are `@MainActor`,
// so are their members, but not the types nested in them, such as the cell and supplementary
// registrations; optional closure parameters are escaping; a method with a completion handler
// is also imported as `async`; collection index paths are Foundation's `IndexPath`). The
// bodies never run. A build against the real SDK on an Apple platform is still the final word.
// check-standin-facts.py checks the facts the package relies on against standin-facts.tsv,
// each with the Apple documentation page it comes from.

// Like the real frameworks, it re-exports Foundation: `import UIKit` brings IndexPath and IndexSet.
@_exported import Foundation

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIView: UIResponder {
  // The designated initializer. `UIView()` stays, as Objective-C's inherited `init`, which
  // Swift imports as a convenience initializer of the class.
  public init(frame: CGRect) { super.init() }
  public override convenience init() { self.init(frame: .zero) }
  open var window: UIWindow? { nil }
  open var isHidden = false
  open var bounds: CGRect = .zero
  open func addSubview(_ view: UIView) {}
  open func removeFromSuperview() {}
  open func layoutIfNeeded() {}
  /// Newer than the package's floor (iOS 26): declared so that the type check shows a use of
  /// it failing (typecheck.sh), as every declaration newer than the floor must.
  @available(iOS 26.0, tvOS 26.0, *)
  @available(*, unavailable, message: "newer than the OS floor")
  open func updateProperties() {}
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    actionsWithoutAnimation()
  }
  /// Options for animating views using block objects (not `@MainActor`: a nested type).
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let curveEaseInOut = AnimationOptions([])
  }
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) { animations() }
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) { animations() }
}

@MainActor
open class UIWindow: UIView {
  open var rootViewController: UIViewController?
}

@MainActor
open class UIScrollView: UIView {
  open var contentOffset: CGPoint = .zero
  open var contentSize: CGSize = .zero
  open var adjustedContentInset: UIEdgeInsets { UIEdgeInsets() }
}

// A C struct in the SDK: Sendable, with a zero-filled `init()` and the memberwise one.
public struct UIEdgeInsets: Equatable, Sendable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat
  public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

@MainActor
open class UILabel: UIView {
  open var text: String?
}

@MainActor
open class UITableViewCell: UIView {
  open var textLabel: UILabel? { nil }
  open var detailTextLabel: UILabel? { nil }

  public enum EditingStyle: Int, Sendable {
    case none = 0
    case delete = 1
    case insert = 2
  }
}

@MainActor
open class UITableViewHeaderFooterView: UIView {}

// An Objective-C protocol in the SDK, whose optional methods are marked `optional` below: here
// they are requirements with defaults, so that a conformance that leaves them out compiles, as
// it does against the SDK.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  // Optional in Objective-C.
  func numberOfSections(in tableView: UITableView) -> Int
  // Optional in Objective-C.
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  // Optional in Objective-C.
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
    -> String?
  // Optional in Objective-C.
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath)
    -> Bool
  // Optional in Objective-C.
  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
  // Optional in Objective-C.
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  // Optional in Objective-C.
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  // Optional in Objective-C; unavailable on tvOS.
  @available(tvOS, unavailable)
  func sectionIndexTitles(for tableView: UITableView) -> [String]?
  // Optional in Objective-C; unavailable on tvOS.
  @available(tvOS, unavailable)
  func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int
}

extension UITableViewDataSource {
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
    -> String?
  { nil }
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }
  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  @available(tvOS, unavailable)
  public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  @available(tvOS, unavailable)
  public func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { 0 }
}

// An Objective-C protocol in the SDK; none of its optional methods is used here.
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {}

// An Objective-C protocol in the SDK: only a method a table view controller's subclass
// commonly overrides, optional, with a default here.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
  // Optional in Objective-C.
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

// An Objective-C protocol in the SDK, `@MainActor` as a whole; its optional method is a
// requirement with a default here.
@MainActor
public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
  // Optional in Objective-C.
  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
  public func tableView(
    _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
  ) {}
}

@MainActor
open class UITableView: UIScrollView {
  open weak var dataSource: (any UITableViewDataSource)?
  open weak var delegate: (any UITableViewDelegate)?
  open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
  open var isEditing: Bool = false
  public enum Style: Int, Sendable {
    case plain = 0
    case grouped = 1
    case insetGrouped = 2
  }

  public enum RowAnimation: Int, Sendable {
    case fade = 0
    case right = 1
    case left = 2
    case top = 3
    case bottom = 4
    case none = 5
    case middle = 6
    case automatic = 100
  }

  // The designated initializer; `init(frame:)` (a plain table) and `init()` stay, as Swift
  // imports the Objective-C initializers UITableView inherits: convenience ones.
  public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
  public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

  open var numberOfSections: Int { 0 }
  open func numberOfRows(inSection section: Int) -> Int { 0 }
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  // The form Swift imports from the completion handler (Apple documents both on one page).
  @available(iOS 13.0, tvOS 13.0, *)
  open func performBatchUpdates(_ updates: (() -> Void)?) async -> Bool { true }
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureRows(at indexPaths: [IndexPath]) {}
  open func reloadData() {}
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  { UITableViewCell() }
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { nil }
  open var indexPathsForVisibleRows: [IndexPath]? { nil }
  open func rectForRow(at indexPath: IndexPath) -> CGRect { .zero }
  open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
  open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
}

@MainActor
open class UICollectionReusableView: UIView {}

@MainActor
open class UICollectionViewCell: UICollectionReusableView {}

@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
  open var accessories: [UICellAccessory] = []
  open var indentationLevel = 0
}

// A plain struct in the SDK, not isolated; its action handler a plain closure (neither
// `@MainActor` nor `@Sendable`). Only the outline disclosure (iOS 14, not tvOS) is declared.
public struct UICellAccessory {
  public typealias ActionHandler = () -> Void

  public enum DisplayedState: Sendable {
    case whenEditing
    case whenNotEditing
    case always
  }

  // `init(style:isHidden:reservedLayoutWidth:tintColor:)` in the SDK, every parameter
  // defaulted; only `isHidden` here.
  public struct OutlineDisclosureOptions {
    public init(isHidden: Bool? = nil) {}
  }

  public static func outlineDisclosure(
    displayed: UICellAccessory.DisplayedState = .always,
    options: UICellAccessory.OutlineDisclosureOptions = OutlineDisclosureOptions(),
    actionHandler: UICellAccessory.ActionHandler? = nil
  ) -> UICellAccessory { UICellAccessory() }
}

/// The state of a view that a configuration is updated for (its traits and custom states, left
/// out here: nothing in the package conforms to it).
public protocol UIConfigurationState {}

/// A view that a content configuration makes, and applies later configurations to.
@MainActor
public protocol UIContentView: NSObjectProtocol {
  var configuration: any UIContentConfiguration { get set }
}

/// The requirements for an object that provides the configuration for a content view.
public protocol UIContentConfiguration {
  @MainActor func makeContentView() -> any UIView & UIContentView
  func updated(for state: any UIConfigurationState) -> Self
}

// Declared in the SDK's Swift overlay, in extensions: main-actor isolated, as their classes are.
extension UICollectionViewCell {
  /// The current content configuration of the cell.
  @preconcurrency public var contentConfiguration: (any UIContentConfiguration)? {
    get { nil }
    set {}
  }
}

extension UITableViewCell {
  /// The current content configuration of the cell.
  @preconcurrency public var contentConfiguration: (any UIContentConfiguration)? {
    get { nil }
    set {}
  }
}

// An Objective-C protocol in the SDK; its optional methods are requirements with defaults here.
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  // Optional in Objective-C.
  func numberOfSections(in collectionView: UICollectionView) -> Int
  // Optional in Objective-C.
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView
  // Optional in Objective-C.
  func collectionView(
    _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool
  // Optional in Objective-C.
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView { UICollectionReusableView() }
  public func collectionView(
    _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool { false }
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

// An Objective-C protocol in the SDK, `@MainActor` as a whole; its optional method is a
// requirement with a default here.
@MainActor
public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
  // Optional in Objective-C.
  func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
  public func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}

@MainActor
open class UICollectionViewLayout: NSObject {}

@MainActor
open class UICollectionViewLayoutAttributes: NSObject {
  open var frame: CGRect = .zero
}

@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {}

@MainActor
open class UICollectionView: UIScrollView {
  // The designated initializer, as in the SDK (so a subclass's designated initializer can call
  // it). Declaring it means this class no longer inherits NSObject's init(): nothing here uses
  // `UICollectionView()`, which the SDK allows (and which fails at run time without a layout).
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    super.init(frame: frame)
  }

  open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?

  // Plain structs, not isolated: a type nested in a `@MainActor` class does not inherit its
  // isolation, and Apple declares these without `@MainActor`, their handlers plain closures
  // (neither `@MainActor` nor `@Sendable`), so a registration can be made anywhere.
  public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
    public typealias Handler = (Cell, IndexPath, Item) -> Void
    public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {}
  }

  public struct SupplementaryRegistration<Supplementary>
  where Supplementary: UICollectionReusableView {
    public typealias Handler = (Supplementary, String, IndexPath) -> Void
    public init(
      elementKind: String,
      handler: @escaping UICollectionView.SupplementaryRegistration<Supplementary>.Handler
    ) {}
  }

  open weak var dataSource: (any UICollectionViewDataSource)?
  open var numberOfSections: Int { 0 }
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  { UICollectionViewCell() }
  public func dequeueConfiguredReusableSupplementary<Supplementary>(
    using registration: UICollectionView.SupplementaryRegistration<Supplementary>,
    for indexPath: IndexPath
  ) -> Supplementary where Supplementary: UICollectionReusableView {
    fatalError("a stand-in: never runs")
  }
  public func dequeueConfiguredReusableCell<Cell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath,
    item: Item?
  ) -> Cell where Cell: UICollectionViewCell { fatalError("a stand-in: never runs") }
  // `class let elementKindSectionHeader: String` in the SDK (a constant from Objective-C).
  public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
  public static let elementKindSectionFooter: String = "UICollectionElementKindSectionFooter"

  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  // The form Swift imports from the completion handler (Apple documents both on one page).
  @available(iOS 13.0, tvOS 13.0, *)
  open func performBatchUpdates(_ updates: (() -> Void)?) async -> Bool { true }
  open func insertSections(_ sections: IndexSet) {}
  open func deleteSections(_ sections: IndexSet) {}
  open func reloadSections(_ sections: IndexSet) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertItems(at indexPaths: [IndexPath]) {}
  open func deleteItems(at indexPaths: [IndexPath]) {}
  open func reloadItems(at indexPaths: [IndexPath]) {}
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureItems(at indexPaths: [IndexPath]) {}
  open func reloadData() {}
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { nil }
  open var indexPathsForVisibleItems: [IndexPath] { [] }
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }
  open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionReusableView?
  { nil }
}

@MainActor
open class UIViewController: UIResponder {
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public required init?(coder: NSCoder) {}
  open var view: UIView!
  open func viewDidLoad() {}
}

// It adopts UITableViewDataSource and UITableViewDelegate, as in the SDK. Swift imports the
// methods of an Objective-C protocol a class adopts as members of the class, so a subclass
// that implements one overrides it (`override func numberOfSections(in:)`): each method of the
// two stand-in protocols is declared here, `open`.
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  open var tableView: UITableView! = UITableView()
  public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  // UITableViewDataSource.
  open func numberOfSections(in tableView: UITableView) -> Int { 1 }
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  { UITableViewCell() }
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
    -> String?
  { nil }
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }
  open func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}

  // UITableViewDelegate.
  open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

// The diffable data source, for the "before" code of the article "Migrating from the diffable
// data source" (Snippets/MigratingFromDiffableDataSourceBefore.swift): only what it uses, as the
// SDK declares it (the identifiers Hashable and Sendable; the cell provider a plain closure type;
// `apply`'s completion, which the example does not pass, left out, so nothing is accepted here
// that the SDK's Sendable-checked completion would reject).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
where
  SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  public init() {}
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {}
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {}
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {}
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {}
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { nil }
}

@MainActor @preconcurrency
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject,
  UITableViewDataSource
where
  SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  public typealias CellProvider = (
    _ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
  ) -> UITableViewCell?

  public init(tableView: UITableView, cellProvider: @escaping CellProvider) {}
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) {}
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    NSDiffableDataSourceSnapshot()
  }

  // UITableViewDataSource.
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  { UITableViewCell() }
}

// UIKit's additions to IndexPath, for table and collection views: settable, as in the SDK.
extension IndexPath {
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}

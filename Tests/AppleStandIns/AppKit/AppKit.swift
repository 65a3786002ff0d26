// A stand-in for AppKit, for type-checking DiffValue's `#if canImport(AppKit)` code on Linux.
//
// It declares only what the adapter uses, as the macOS 15 SDK declares it in Swift (Apple's
// documentation: the classes are `@MainActor`, so are their members; the data-source, delegate
// and dragging protocols are not isolated as a whole, each of their methods is `@MainActor`;
// optional closure parameters are escaping; a method with a completion handler is also
// imported as `async`; index paths and index sets are Foundation's). The bodies never run. A
// build against the real SDK on an Apple platform is still the final word.
// check-standin-facts.py checks the facts the package relies on against standin-facts.tsv,
// each with the Apple documentation page it comes from.

// Like the real framework, it re-exports Foundation: `import AppKit` brings IndexPath and IndexSet.
@_exported import Foundation

@MainActor
open class NSResponder: NSObject {}

@MainActor
public protocol NSAnimatablePropertyContainer {
  func animator() -> Self
}

@MainActor
open class NSView: NSResponder, NSAnimatablePropertyContainer, NSUserInterfaceItemIdentification {
  open var identifier: NSUserInterfaceItemIdentifier?
  open var window: NSWindow? { nil }
  open func addSubview(_ view: NSView) {}
  open func removeFromSuperview() {}
  open func layoutSubtreeIfNeeded() {}
  open func animator() -> Self { self }
  open func registerForDraggedTypes(_ newTypes: [NSPasteboard.PasteboardType]) {}
  open var bounds = NSRect.zero
  open var visibleRect: NSRect { .zero }
  open var enclosingScrollView: NSScrollView? { nil }
  open func convert(_ point: NSPoint, from view: NSView?) -> NSPoint { point }
  open func scroll(_ point: NSPoint) {}
  // NSClipView's superview methods, a category on NSView; NSScrollView overrides this one.
  open func reflectScrolledClipView(_ clipView: NSClipView) {}
}

@MainActor
open class NSClipView: NSView {
  open func scroll(to newOrigin: NSPoint) {}
  open func constrainBoundsRect(_ proposedBounds: NSRect) -> NSRect { proposedBounds }
}

@MainActor
open class NSScrollView: NSView {
  open var contentView = NSClipView()
  open var documentView: NSView?
}

public typealias NSPoint = CGPoint
public typealias NSRect = CGRect

public struct NSUserInterfaceItemIdentifier: Hashable, RawRepresentable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

@MainActor
public protocol NSUserInterfaceItemIdentification: NSObjectProtocol {
  var identifier: NSUserInterfaceItemIdentifier? { get set }
}

@MainActor
open class NSEvent: NSObject {}

// Drag and drop, as far as a collection view's reordering uses it.
open class NSPasteboard: NSObject {
  public struct PasteboardType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }
}

public protocol NSPasteboardWriting: NSObjectProtocol {}

open class NSPasteboardItem: NSObject, NSPasteboardWriting {
  open func setString(_ string: String, forType type: NSPasteboard.PasteboardType) -> Bool {
    true
  }
}

public struct NSDragOperation: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let move = NSDragOperation(rawValue: 16)
}

@MainActor
open class NSDraggingSession: NSObject {}

// Not isolated as a whole in the SDK; its members are `@MainActor`.
public protocol NSDraggingInfo: NSObjectProtocol {
  @MainActor var draggingSource: Any? { get }
}

// The standard library's on Apple platforms (for Objective-C's out-parameters); Linux lacks it.
@frozen
public struct AutoreleasingUnsafeMutablePointer<Pointee> {
  public var pointee: Pointee {
    get { fatalError("a stand-in: never runs") }
    nonmutating set {}
  }
}

@MainActor
open class NSWindow: NSResponder {
  public struct StyleMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let borderless = StyleMask([])
    public static let titled = StyleMask(rawValue: 1 << 0)
  }

  public enum BackingStoreType: UInt, Sendable {
    case retained = 0
    case nonretained = 1
    case buffered = 2
  }

  public init(
    contentRect: NSRect, styleMask style: NSWindow.StyleMask,
    backing backingStoreType: NSWindow.BackingStoreType, defer flag: Bool
  ) {}
  open var contentView: NSView?
}

@MainActor
open class NSControl: NSView {}

@MainActor
open class NSViewController: NSResponder {
  open var view = NSView()
  open func loadView() {}
}

// An Objective-C protocol in the SDK: NSControl's text-editing delegate, which
// NSTableViewDelegate refines; none of its optional methods is used here. Not isolated as a
// whole; its methods are `@MainActor`.
public protocol NSControlTextEditingDelegate: NSObjectProtocol {}

@MainActor
open class NSTableColumn: NSObject {
  public init(identifier: NSUserInterfaceItemIdentifier) { self.identifier = identifier }
  open var identifier: NSUserInterfaceItemIdentifier
}

@MainActor
open class NSTableRowView: NSView {}

// An Objective-C protocol in the SDK: only the methods an updater answers, each optional, with
// a default here. Not isolated as a whole: each method is `@MainActor`, as Apple declares it.
public protocol NSTableViewDataSource: NSObjectProtocol {
  // optional
  @MainActor func numberOfRows(in tableView: NSTableView) -> Int
  // optional
  @MainActor func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
    -> (any NSPasteboardWriting)?
  // optional
  @MainActor func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet)
  // optional
  @MainActor func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, operation: NSDragOperation)
  // optional
  @MainActor func tableView(
    _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
    proposedDropOperation dropOperation: NSTableView.DropOperation
  ) -> NSDragOperation
  // optional
  @MainActor func tableView(
    _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
    dropOperation: NSTableView.DropOperation
  ) -> Bool
}

extension NSTableViewDataSource {
  @MainActor public func numberOfRows(in tableView: NSTableView) -> Int { 0 }
  @MainActor public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
    -> (any NSPasteboardWriting)?
  { nil }
  @MainActor public func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet
  ) {}
  @MainActor public func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, operation: NSDragOperation
  ) {}
  @MainActor public func tableView(
    _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
    proposedDropOperation dropOperation: NSTableView.DropOperation
  ) -> NSDragOperation { [] }
  @MainActor public func tableView(
    _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
    dropOperation: NSTableView.DropOperation
  ) -> Bool { false }
}

// An Objective-C protocol in the SDK: only the view-based table's view and group-row methods,
// each optional, with a default here. Not isolated as a whole: each method is `@MainActor`.
public protocol NSTableViewDelegate: NSControlTextEditingDelegate {
  // optional
  @MainActor func tableView(
    _ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int
  ) -> NSView?
  // optional
  @MainActor func tableView(_ tableView: NSTableView, rowViewForRow row: Int)
    -> NSTableRowView?
  // optional
  @MainActor func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
  // optional
  @MainActor func tableViewSelectionDidChange(_ notification: Notification)
}

extension NSTableViewDelegate {
  @MainActor public func tableView(
    _ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int
  ) -> NSView? { nil }
  @MainActor public func tableView(_ tableView: NSTableView, rowViewForRow row: Int)
    -> NSTableRowView?
  { nil }
  @MainActor public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
    false
  }
  @MainActor public func tableViewSelectionDidChange(_ notification: Notification) {}
}

@MainActor
open class NSTableView: NSControl {
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    public static let effectGap = AnimationOptions(rawValue: 0x2)
    public static let slideUp = AnimationOptions(rawValue: 0x10)
    public static let slideDown = AnimationOptions(rawValue: 0x20)
    public static let slideLeft = AnimationOptions(rawValue: 0x30)
    public static let slideRight = AnimationOptions(rawValue: 0x40)
  }

  public enum DropOperation: UInt, Sendable {
    case on = 0
    case above = 1
  }

  open var selectedRow: Int { -1 }
  open var numberOfRows: Int { 0 }
  open var numberOfColumns: Int { 0 }
  open func beginUpdates() {}
  open func endUpdates() {}
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions = [])
  {}
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions = [])
  {}
  open func moveRow(at oldIndex: Int, to newIndex: Int) {}
  open func rows(in rect: NSRect) -> NSRange { NSRange(location: 0, length: 0) }
  open func rect(ofRow row: Int) -> NSRect { .zero }
  open func reloadData() {}
  open func addTableColumn(_ tableColumn: NSTableColumn) {}
  open func view(atColumn column: Int, row: Int, makeIfNecessary: Bool) -> NSView? { nil }
  open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?)
    -> NSView?
  { nil }
  open func setDropRow(_ row: Int, dropOperation: NSTableView.DropOperation) {}
  open func setDraggingSourceOperationMask(_ mask: NSDragOperation, forLocal isLocal: Bool) {}
}

// `weak var dataSource: (any NSTableViewDataSource)?` and `weak var delegate: (any
// NSTableViewDelegate)?` in the SDK. NSOutlineView declares both again with its own protocols,
// which the SDK's Swift interface imports as its own properties; a Swift class cannot declare a
// property again with another type, so here NSTableView's come from this protocol's extension,
// and NSOutlineView's own are found first on an outline view. (One thing this lets through:
// setting an outline view's `dataSource` to an object that is only an NSTableViewDataSource,
// which takes the extension's here; nothing in the package does it.)
@MainActor
public protocol _NSTableViewDataSourceAndDelegate: AnyObject {}

extension _NSTableViewDataSourceAndDelegate {
  public var dataSource: (any NSTableViewDataSource)? {
    get { nil }
    set {}
  }
  public var delegate: (any NSTableViewDelegate)? {
    get { nil }
    set {}
  }
}

extension NSTableView: _NSTableViewDataSourceAndDelegate {}

// An Objective-C protocol in the SDK: only the methods an outline's updater answers, each
// optional, with a default here. Not isolated as a whole: each method is `@MainActor`.
public protocol NSOutlineViewDataSource: NSObjectProtocol {
  // optional
  @MainActor func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?)
    -> Int
  // optional
  @MainActor func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?)
    -> Any
  // optional
  @MainActor func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool
}

extension NSOutlineViewDataSource {
  @MainActor public func outlineView(
    _ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?
  ) -> Int { 0 }
  @MainActor public func outlineView(
    _ outlineView: NSOutlineView, child index: Int, ofItem item: Any?
  ) -> Any { 0 }
  @MainActor public func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any)
    -> Bool
  { false }
}

// An Objective-C protocol in the SDK: only the view and expansion methods, each optional, with
// a default here. Not isolated as a whole: each method is `@MainActor`.
public protocol NSOutlineViewDelegate: NSControlTextEditingDelegate {
  // optional
  @MainActor func outlineView(
    _ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any
  ) -> NSView?
  // optional
  @MainActor func outlineView(_ outlineView: NSOutlineView, rowViewForItem item: Any)
    -> NSTableRowView?
  // optional
  @MainActor func outlineView(_ outlineView: NSOutlineView, shouldExpandItem item: Any) -> Bool
  // optional
  @MainActor func outlineView(_ outlineView: NSOutlineView, shouldCollapseItem item: Any) -> Bool
}

extension NSOutlineViewDelegate {
  @MainActor public func outlineView(
    _ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any
  ) -> NSView? { nil }
  @MainActor public func outlineView(_ outlineView: NSOutlineView, rowViewForItem item: Any)
    -> NSTableRowView?
  { nil }
  @MainActor public func outlineView(_ outlineView: NSOutlineView, shouldExpandItem item: Any)
    -> Bool
  { true }
  @MainActor public func outlineView(_ outlineView: NSOutlineView, shouldCollapseItem item: Any)
    -> Bool
  { true }
}

@MainActor
open class NSOutlineView: NSTableView {
  open weak var dataSource: (any NSOutlineViewDataSource)?
  open weak var delegate: (any NSOutlineViewDelegate)?
  open func insertItems(
    at indexes: IndexSet, inParent parent: Any?,
    withAnimation animationOptions: NSTableView.AnimationOptions = []
  ) {}
  open func removeItems(
    at indexes: IndexSet, inParent parent: Any?,
    withAnimation animationOptions: NSTableView.AnimationOptions = []
  ) {}
  open func moveItem(
    at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?
  ) {}
  open func expandItem(_ item: Any?) {}
  open func expandItem(_ item: Any?, expandChildren: Bool) {}
  open func collapseItem(_ item: Any?) {}
  open func collapseItem(_ item: Any?, collapseChildren: Bool) {}
  open func reloadItem(_ item: Any?) {}
  open func reloadItem(_ item: Any?, reloadChildren: Bool) {}
  open func isItemExpanded(_ item: Any?) -> Bool { false }
  open func item(atRow row: Int) -> Any? { nil }
}

@MainActor
public protocol NSCollectionViewElement: AnyObject {}

@MainActor
open class NSCollectionViewLayout: NSObject {}

@MainActor
open class NSCollectionViewFlowLayout: NSCollectionViewLayout {}

@MainActor
open class NSCollectionViewItem: NSViewController {}

// An Objective-C protocol in the SDK; its optional methods are requirements with defaults here.
// Not isolated as a whole: each method is `@MainActor`.
public protocol NSCollectionViewDataSource: NSObjectProtocol {
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, numberOfItemsInSection section: Int
  ) -> Int
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
  ) -> NSCollectionViewItem
  // optional
  @MainActor func numberOfSections(in collectionView: NSCollectionView) -> Int
  // optional
  @MainActor func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView
}

extension NSCollectionViewDataSource {
  @MainActor public func numberOfSections(in collectionView: NSCollectionView) -> Int { 1 }
  @MainActor public func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView { NSView() }
}

// An Objective-C protocol in the SDK: only the drag-and-drop methods that reordering uses,
// each optional, with a default here. Not isolated as a whole: each method is `@MainActor`.
public protocol NSCollectionViewDelegate: NSObjectProtocol {
  // optional
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
  ) -> (any NSPasteboardWriting)?
  // optional
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forItemsAt indexPaths: Set<IndexPath>)
  // optional
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
    proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
    dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
  ) -> NSDragOperation
  // optional
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
    indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
  ) -> Bool
  // optional
  @MainActor func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, dragOperation operation: NSDragOperation)
}

extension NSCollectionViewDelegate {
  @MainActor public func collectionView(
    _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
  ) -> (any NSPasteboardWriting)? { nil }
  @MainActor public func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forItemsAt indexPaths: Set<IndexPath>
  ) {}
  @MainActor public func collectionView(
    _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
    proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
    dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
  ) -> NSDragOperation { [] }
  @MainActor public func collectionView(
    _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
    indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
  ) -> Bool { false }
  @MainActor public func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, dragOperation operation: NSDragOperation
  ) {}
}

@MainActor
open class NSCollectionView: NSView {
  public enum DropOperation: Int, Sendable {
    case on = 0
    case before = 1
  }

  open weak var dataSource: (any NSCollectionViewDataSource)?
  open weak var delegate: (any NSCollectionViewDelegate)?
  open var collectionViewLayout: NSCollectionViewLayout?
  open var numberOfSections: Int { 0 }
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  open func register(
    _ itemClass: AnyClass?, forItemWithIdentifier identifier: NSUserInterfaceItemIdentifier
  ) {}
  open func makeItem(
    withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath
  ) -> NSCollectionViewItem { NSCollectionViewItem() }
  open func setDraggingSourceOperationMask(
    _ dragOperationMask: NSDragOperation, forLocal localDestination: Bool
  ) {}
  public typealias SupplementaryElementKind = String
  // `class let elementKindSectionHeader: String` in the SDK, AppKit's constants
  // NSCollectionElementKindSectionHeader and NSCollectionElementKindSectionFooter (Apple does
  // not document their values; nothing here depends on them).
  public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
  public static let elementKindSectionFooter: String = "UICollectionElementKindSectionFooter"

  open func performBatchUpdates(
    _ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil
  ) {}
  // The form Swift imports from the completion handler (Apple documents both on one page).
  @available(macOS 10.15, *)
  open func performBatchUpdates(_ updates: (() -> Void)?) async -> Bool { true }
  open func insertSections(_ sections: IndexSet) {}
  open func deleteSections(_ sections: IndexSet) {}
  open func reloadSections(_ sections: IndexSet) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertItems(at indexPaths: Set<IndexPath>) {}
  open func deleteItems(at indexPaths: Set<IndexPath>) {}
  open func reloadItems(at indexPaths: Set<IndexPath>) {}
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  open func reloadData() {}
  open func item(at indexPath: IndexPath) -> NSCollectionViewItem? { nil }
  open func supplementaryView(
    forElementKind elementKind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath
  ) -> (any NSView & NSCollectionViewElement)? { nil }
}

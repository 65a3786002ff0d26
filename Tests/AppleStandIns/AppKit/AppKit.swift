// A stand-in for AppKit, for type-checking DiffValue's `#if canImport(AppKit)` code on Linux.
//
// It declares only what the adapter uses, as the macOS 15 SDK declares it in Swift (Apple's
// documentation: the classes are `@MainActor`, so are their members; optional closure
// parameters are escaping; index paths and index sets are Foundation's). The bodies never
// run. A build against the real SDK on an Apple platform is still the final word.

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
  open func animator() -> Self { self }
  open func registerForDraggedTypes(_ newTypes: [NSPasteboard.PasteboardType]) {}
}

public typealias NSPoint = CGPoint

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

@MainActor
public protocol NSDraggingInfo: NSObjectProtocol {
  var draggingSource: Any? { get }
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
open class NSWindow: NSResponder {}

@MainActor
open class NSControl: NSView {}

@MainActor
open class NSViewController: NSResponder {
  open var view = NSView()
}

// An Objective-C protocol in the SDK: NSControl's text-editing delegate, which
// NSTableViewDelegate refines; none of its optional methods is used here.
@MainActor
public protocol NSControlTextEditingDelegate: NSObjectProtocol {}

@MainActor
open class NSTableColumn: NSObject {
  public init(identifier: NSUserInterfaceItemIdentifier) { self.identifier = identifier }
  open var identifier: NSUserInterfaceItemIdentifier
}

@MainActor
open class NSTableRowView: NSView {}

// An Objective-C protocol in the SDK: only the methods an updater answers, each optional, with
// a default here.
@MainActor
public protocol NSTableViewDataSource: NSObjectProtocol {
  // optional
  func numberOfRows(in tableView: NSTableView) -> Int
  // optional
  func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
    -> (any NSPasteboardWriting)?
  // optional
  func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet)
  // optional
  func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, operation: NSDragOperation)
  // optional
  func tableView(
    _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
    proposedDropOperation dropOperation: NSTableView.DropOperation
  ) -> NSDragOperation
  // optional
  func tableView(
    _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
    dropOperation: NSTableView.DropOperation
  ) -> Bool
}

extension NSTableViewDataSource {
  public func numberOfRows(in tableView: NSTableView) -> Int { 0 }
  public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
    -> (any NSPasteboardWriting)?
  { nil }
  public func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet
  ) {}
  public func tableView(
    _ tableView: NSTableView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, operation: NSDragOperation
  ) {}
  public func tableView(
    _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
    proposedDropOperation dropOperation: NSTableView.DropOperation
  ) -> NSDragOperation { [] }
  public func tableView(
    _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
    dropOperation: NSTableView.DropOperation
  ) -> Bool { false }
}

// An Objective-C protocol in the SDK: only the view-based table's view methods, each optional,
// with a default here.
@MainActor
public protocol NSTableViewDelegate: NSControlTextEditingDelegate {
  // optional
  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
    -> NSView?
  // optional
  func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView?
}

extension NSTableViewDelegate {
  public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
    -> NSView?
  { nil }
  public func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
    nil
  }
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

  open weak var dataSource: (any NSTableViewDataSource)?
  open weak var delegate: (any NSTableViewDelegate)?
  open var numberOfRows: Int { 0 }
  open var numberOfColumns: Int { 0 }
  open func beginUpdates() {}
  open func endUpdates() {}
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions = [])
  {}
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions = [])
  {}
  open func moveRow(at oldIndex: Int, to newIndex: Int) {}
  open func reloadData() {}
  open func view(atColumn column: Int, row: Int, makeIfNecessary: Bool) -> NSView? { nil }
  open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?)
    -> NSView?
  { nil }
  open func setDropRow(_ row: Int, dropOperation: NSTableView.DropOperation) {}
  open func setDraggingSourceOperationMask(_ mask: NSDragOperation, forLocal isLocal: Bool) {}
}

@MainActor
public protocol NSCollectionViewElement: AnyObject {}

@MainActor
open class NSCollectionViewItem: NSViewController {}

// An Objective-C protocol in the SDK; its optional methods are requirements with defaults here.
@MainActor
public protocol NSCollectionViewDataSource: NSObjectProtocol {
  func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int)
    -> Int
  func collectionView(
    _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
  ) -> NSCollectionViewItem
  // optional
  func numberOfSections(in collectionView: NSCollectionView) -> Int
  // optional
  func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView
}

extension NSCollectionViewDataSource {
  public func numberOfSections(in collectionView: NSCollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView { NSView() }
}

// An Objective-C protocol in the SDK: only the drag-and-drop methods that reordering uses,
// each optional, with a default here.
@MainActor
public protocol NSCollectionViewDelegate: NSObjectProtocol {
  // optional
  func collectionView(
    _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
  ) -> (any NSPasteboardWriting)?
  // optional
  func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forItemsAt indexPaths: Set<IndexPath>)
  // optional
  func collectionView(
    _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
    proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
    dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
  ) -> NSDragOperation
  // optional
  func collectionView(
    _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
    indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
  ) -> Bool
  // optional
  func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    endedAt screenPoint: NSPoint, dragOperation operation: NSDragOperation)
}

extension NSCollectionViewDelegate {
  public func collectionView(
    _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
  ) -> (any NSPasteboardWriting)? { nil }
  public func collectionView(
    _ collectionView: NSCollectionView, draggingSession session: NSDraggingSession,
    willBeginAt screenPoint: NSPoint, forItemsAt indexPaths: Set<IndexPath>
  ) {}
  public func collectionView(
    _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
    proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
    dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
  ) -> NSDragOperation { [] }
  public func collectionView(
    _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
    indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
  ) -> Bool { false }
  public func collectionView(
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
  open func setDraggingSourceOperationMask(
    _ dragOperationMask: NSDragOperation, forLocal localDestination: Bool
  ) {}
  public typealias SupplementaryElementKind = String
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  open func performBatchUpdates(
    _ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil
  ) {}
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

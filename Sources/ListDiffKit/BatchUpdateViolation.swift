#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A broken batch-update rule: why UIKit would raise `NSInternalInconsistencyException`, or
/// why the view would end up showing something other than the new data.
///
/// ``BatchUpdateChecker`` reports the first violation it finds. The description reads like
/// UIKit's own exception message where there is one.
///
///     if let violation = BatchUpdateChecker.check(update, old: old, new: new) {
///       print(violation)  // "attempt to delete and reload the same index path [0, 3]"
///     }
public enum BatchUpdateViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// A batch-update operation.
  public enum Operation: String, Hashable, Sendable {
    /// `deleteSections` / `deleteItems`.
    case delete
    /// `insertSections` / `insertItems`.
    case insert
    /// `moveSection` / `moveItem`.
    case move
    /// `reloadSections` / `reloadItems`.
    case reload
  }

  /// An index path that does not hold exactly two indices, a section and an item.
  case malformedIndexPath(Operation, IndexPath)

  /// A section index outside the sections before the update (deletes, reloads, move sources)
  /// or after it (inserts, move destinations); also for the section of an item operation.
  case sectionOutOfRange(Operation, section: Int, sectionCount: Int, beforeUpdate: Bool)

  /// An item index outside its section before the update (deletes, reloads, move sources) or
  /// after it (inserts, move destinations).
  case itemOutOfRange(Operation, IndexPath, itemCount: Int, beforeUpdate: Bool)

  /// One section named by two operations on the same side of the update (for example deleted
  /// and reloaded, deleted and moved, moved twice, or inserted and moved to).
  case sectionConflict(Operation, Operation, section: Int, beforeUpdate: Bool)

  /// One index path named by two operations on the same side of the update (for example
  /// deleted and reloaded, deleted and moved from, moved from twice, inserted and moved to).
  case itemConflict(Operation, Operation, IndexPath, beforeUpdate: Bool)

  /// An item operation on the old side in a section that is deleted or reloaded.
  case itemInDeletedSection(Operation, IndexPath)

  /// An item operation on the new side in a section that is inserted or reloaded.
  case itemInInsertedSection(Operation, IndexPath)

  /// An item operation in a section that is moved in the same batch update.
  case itemInMovedSection(Operation, IndexPath, beforeUpdate: Bool)

  /// The number of sections after the update is not the number before it, plus the inserted
  /// and minus the deleted sections.
  case sectionCountMismatch(before: Int, after: Int, inserted: Int, deleted: Int)

  /// The number of items in a section after the update is not the number before it, plus or
  /// minus the items inserted, deleted, moved in and moved out.
  case itemCountMismatch(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int,
    movedOut: Int)

  /// After the update, a section that was neither inserted nor reloaded still shows its old
  /// model, which differs from the new one.
  case staleSection(section: Int)

  /// After the update, the item shown at this new index path differs from the new data: a
  /// cell that was kept or moved was not reloaded, or the wrong item landed there.
  case wrongItem(IndexPath)

  /// A message in the words of UIKit's exception where there is one.
  public var description: String {
    func side(_ beforeUpdate: Bool) -> String { beforeUpdate ? "before" : "after" }
    func withArticle(_ operation: Operation) -> String {
      operation == .insert ? "an insert" : "a \(operation.rawValue)"
    }
    switch self {
    case .malformedIndexPath(let operation, let path):
      return "attempt to \(operation.rawValue) index path \(path), which is not [section, item]"
    case .sectionOutOfRange(let operation, let section, let count, let beforeUpdate):
      return "attempt to \(operation.rawValue) section \(section), but there are only \(count)"
        + " sections \(side(beforeUpdate)) the update"
    case .itemOutOfRange(let operation, let path, let count, let beforeUpdate):
      return "attempt to \(operation.rawValue) item \(path[1]) \(beforeUpdate ? "from" : "into")"
        + " section \(path[0]) which only contains \(count) items \(side(beforeUpdate)) the update"
    case .sectionConflict(let first, let second, let section, let beforeUpdate):
      return first == second
        ? "attempt to \(first.rawValue) section \(section) twice (\(side(beforeUpdate)) the update)"
        : "attempt to perform \(withArticle(first)) and \(withArticle(second))"
          + " \(beforeUpdate ? "from" : "to") the same section \(section)"
    case .itemConflict(let first, let second, let path, let beforeUpdate):
      if first == second {
        return "attempt to \(first.rawValue) index path \(path) twice"
          + " (\(side(beforeUpdate)) the update)"
      }
      if first == .delete && second == .reload {
        return "attempt to delete and reload the same index path \(path)"
      }
      return "attempt to perform \(withArticle(first)) and \(withArticle(second))"
        + " \(beforeUpdate ? "from" : "to") the same index path \(path)"
    case .itemInDeletedSection(let operation, let path):
      return "attempt to \(operation.rawValue) item \(path[1]) from section \(path[0]),"
        + " which is being deleted or reloaded"
    case .itemInInsertedSection(let operation, let path):
      return "attempt to \(operation.rawValue) item \(path[1]) into section \(path[0]),"
        + " which is being inserted or reloaded"
    case .itemInMovedSection(let operation, let path, let beforeUpdate):
      return "attempt to \(operation.rawValue) item \(path[1]) \(beforeUpdate ? "from" : "into")"
        + " section \(path[0]), which is being moved; move the section in a batch of its own"
    case .sectionCountMismatch(let before, let after, let inserted, let deleted):
      return "invalid number of sections. The number of sections after the update (\(after))"
        + " must be equal to the number of sections before the update (\(before)), plus or"
        + " minus the number of sections inserted or deleted (\(inserted) inserted,"
        + " \(deleted) deleted)"
    case .itemCountMismatch(
      let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
      return "invalid number of items in section \(section). The number of items in an"
        + " existing section after the update (\(after)) must be equal to the number of items"
        + " in that section before the update (\(before)), plus or minus the number of items"
        + " inserted or deleted (\(inserted) inserted, \(deleted) deleted) and plus or minus"
        + " the number of items moved into or out of that section (\(movedIn) moved in,"
        + " \(movedOut) moved out)"
    case .staleSection(let section):
      return "section \(section) still shows its old model after the update; it needed a"
        + " reload"
    case .wrongItem(let path):
      return "the item shown at \(path) after the update differs from the new data (a kept or"
        + " moved item was not reloaded, or the wrong item landed there)"
    }
  }
}

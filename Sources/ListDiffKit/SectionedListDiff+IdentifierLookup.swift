#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SectionedListDiff {
  /// Where each section and each item of a sectioned diff's two lists is, by identifier:
  /// IGListKit's `oldIndexPath(forIdentifier:)` and `newIndexPath(forIdentifier:)`, and the
  /// same for sections.
  ///
  /// Built from the two lists by ``SectionedListDiff/identifierLookup(old:new:)``, so a diff
  /// nobody looks up in costs nothing more:
  ///
  ///     let lookup = diff.identifierLookup(old: oldSections, new: newSections)
  ///     lookup.newIndexPath(forItemIdentifier: contact.id)  // [1, 4]: section 1, item 4
  ///     lookup.oldIndex(forSectionIdentifier: "Archived")   // nil: a new section
  ///
  /// Every section and item of each list is found, matched by the diff or not. An identifier
  /// that occurs more than once in a list (an item in two sections, say) gives its *last*
  /// occurrence, in section order then item order, as ``ListDiff/IdentifierLookup`` does.
  public struct IdentifierLookup {
    /// The sections' offsets.
    @usableFromInline
    internal let _sections: ListDiff.IdentifierLookup<Section.DiffIdentifier>

    /// The last index path of each item identifier of the old sections.
    @usableFromInline
    internal let _oldItems: [Section.Item.DiffIdentifier: IndexPath]

    /// The last index path of each item identifier of the new sections.
    @usableFromInline
    internal let _newItems: [Section.Item.DiffIdentifier: IndexPath]

    @inlinable
    internal init(
      sections: ListDiff.IdentifierLookup<Section.DiffIdentifier>,
      oldItems: [Section.Item.DiffIdentifier: IndexPath],
      newItems: [Section.Item.DiffIdentifier: IndexPath]
    ) {
      _sections = sections
      _oldItems = oldItems
      _newItems = newItems
    }

    /// Returns the index a section had among the old sections, or `nil` if it was not there.
    ///
    /// - Parameter identifier: A section's `diffIdentifier`.
    /// - Returns: The section's old index, deleted or not.
    /// - Complexity: Expected O(1).
    @inlinable
    public func oldIndex(forSectionIdentifier identifier: Section.DiffIdentifier) -> Int? {
      _sections.oldIndex(forIdentifier: identifier)
    }

    /// Returns the index a section has among the new sections, or `nil` if it is not there.
    ///
    /// - Parameter identifier: A section's `diffIdentifier`.
    /// - Returns: The section's new index, inserted or not.
    /// - Complexity: Expected O(1).
    @inlinable
    public func newIndex(forSectionIdentifier identifier: Section.DiffIdentifier) -> Int? {
      _sections.newIndex(forIdentifier: identifier)
    }

    /// Returns the index path an item had in the old sections, or `nil` if it was not there.
    ///
    /// - Parameter identifier: An item's `diffIdentifier`.
    /// - Returns: The item's old index path (section, item), deleted or not.
    /// - Complexity: Expected O(1).
    @inlinable
    public func oldIndexPath(forItemIdentifier identifier: Section.Item.DiffIdentifier)
      -> IndexPath?
    {
      _oldItems[identifier]
    }

    /// Returns the index path an item has in the new sections, or `nil` if it is not there.
    ///
    /// - Parameter identifier: An item's `diffIdentifier`.
    /// - Returns: The item's new index path (section, item), inserted or not.
    /// - Complexity: Expected O(1).
    @inlinable
    public func newIndexPath(forItemIdentifier identifier: Section.Item.DiffIdentifier)
      -> IndexPath?
    {
      _newItems[identifier]
    }
  }

  /// Returns a lookup of the diff's two lists of sections by section and item identifier.
  ///
  /// - Parameters:
  ///   - old: The old sections this diff was computed from.
  ///   - new: The new sections this diff was computed from.
  /// - Returns: A lookup whose answers are indices of `old` and `new`.
  /// - Precondition: `old` and `new` hold as many sections as the diff was computed from
  ///   (``sectionDiff``'s `oldCount` and `newCount`).
  /// - Complexity: O(*N* + *M*) expected time and memory for the *N* and *M* sections and
  ///   items on each side, once; each lookup is then expected O(1).
  @inlinable
  public func identifierLookup(old: [Section], new: [Section]) -> IdentifierLookup {
    IdentifierLookup(
      sections: sectionDiff.identifierLookup(old: old, new: new),
      oldItems: Self._lastIndexPaths(of: old), newItems: Self._lastIndexPaths(of: new))
  }

  /// Each item identifier's last index path in `sections`.
  @inlinable
  internal static func _lastIndexPaths(of sections: [Section])
    -> [Section.Item.DiffIdentifier: IndexPath]
  {
    var indexPaths: [Section.Item.DiffIdentifier: IndexPath] = [:]
    for (sectionIndex, section) in sections.enumerated() {
      for (itemIndex, item) in section.items.enumerated() {
        indexPaths[item.diffIdentifier] = IndexPath(indexes: [sectionIndex, itemIndex])
      }
    }
    return indexPaths
  }
}

extension SectionedListDiff.IdentifierLookup: Sendable
where Section.DiffIdentifier: Sendable, Section.Item.DiffIdentifier: Sendable {}

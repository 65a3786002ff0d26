extension ListSnapshot {
  /// Adds empty sections at the end.
  ///
  /// A section whose identifier the snapshot already holds is added all the same: the list
  /// shows it twice (the diffable data source traps), and edits that name it act on the first.
  ///
  /// - Parameter sections: The sections to add, in order.
  /// - Complexity: O(*k*) for *k* sections added.
  public mutating func appendSections(_ sections: [Section]) {
    self.sections.append(contentsOf: sections.map { ListSection($0, items: []) })
  }

  /// Inserts empty sections before a section.
  ///
  /// - Parameters:
  ///   - sections: The sections to insert, in order.
  ///   - anchor: The section to insert them before (the first one with its identifier). A
  ///     section the snapshot lacks stops the program with a message.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* inserted.
  public mutating func insertSections(_ sections: [Section], beforeSection anchor: Section) {
    let index = existingIndex(of: anchor, in: "insertSections(_:beforeSection:)")
    self.sections.insert(contentsOf: sections.map { ListSection($0, items: []) }, at: index)
  }

  /// Inserts empty sections after a section.
  ///
  /// - Parameters:
  ///   - sections: The sections to insert, in order.
  ///   - anchor: The section to insert them after (the first one with its identifier). A
  ///     section the snapshot lacks stops the program with a message.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* inserted.
  public mutating func insertSections(_ sections: [Section], afterSection anchor: Section) {
    let index = existingIndex(of: anchor, in: "insertSections(_:afterSection:)")
    self.sections.insert(contentsOf: sections.map { ListSection($0, items: []) }, at: index + 1)
  }

  /// Deletes sections with their items: every section with each identifier.
  ///
  /// A section the snapshot lacks is passed over.
  ///
  /// - Parameter sections: The sections to delete; their identifiers are looked up.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* deleted, and O(*n*) for *n* items when
  ///   items are marked for a reload or a reconfigure.
  public mutating func deleteSections(_ sections: [Section]) {
    guard !sections.isEmpty else { return }
    let deleted = Set(sections.lazy.map(\.diffIdentifier))
    self.sections.removeAll { deleted.contains($0.model.diffIdentifier) }
    reloadedSections.subtract(deleted)
    if !reloadedItems.isEmpty || !reconfiguredItems.isEmpty {
      // Marks of items no longer in the snapshot would apply to them if they came back.
      let remaining = Set(itemIdentifiers.lazy.map(\.diffIdentifier))
      reloadedItems.formIntersection(remaining)
      reconfiguredItems.formIntersection(remaining)
    }
  }

  /// Moves a section, with its items, before another one.
  ///
  /// Moving a section before itself does nothing.
  ///
  /// - Parameters:
  ///   - section: The section to move (the first one with its identifier).
  ///   - anchor: The section to move it before (the first one with its identifier once
  ///     `section` is taken out). Either one missing from the snapshot stops the program with a
  ///     message.
  /// - Complexity: O(*s*) for *s* sections.
  public mutating func moveSection(_ section: Section, beforeSection anchor: Section) {
    move(section, relativeTo: anchor, after: false, in: "moveSection(_:beforeSection:)")
  }

  /// Moves a section, with its items, after another one.
  ///
  /// Moving a section after itself does nothing.
  ///
  /// - Parameters:
  ///   - section: The section to move (the first one with its identifier).
  ///   - anchor: The section to move it after (the first one with its identifier once `section`
  ///     is taken out). Either one missing from the snapshot stops the program with a message.
  /// - Complexity: O(*s*) for *s* sections.
  public mutating func moveSection(_ section: Section, afterSection anchor: Section) {
    move(section, relativeTo: anchor, after: true, in: "moveSection(_:afterSection:)")
  }

  /// Marks sections to be reloaded, cells, header and footer, when the snapshot is applied, and
  /// takes their values.
  ///
  /// Every section with each identifier takes the value given and keeps its items. A section
  /// whose own content changed is refreshed without this call (its `ListBindable` header
  /// re-bound in place); call it to rebuild the whole section. A section the snapshot lacks is
  /// passed over. A ``ListUpdater``, which shows no sections, reloads the section's items.
  ///
  /// - Parameter sections: The sections to reload.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* reloaded.
  public mutating func reloadSections(_ sections: [Section]) {
    guard !sections.isEmpty else { return }
    var values: [Section.DiffIdentifier: Section] = [:]
    for section in sections { values[section.diffIdentifier] = section }
    for index in self.sections.indices {
      let identifier = self.sections[index].model.diffIdentifier
      if let value = values[identifier] {
        self.sections[index].model = value
        reloadedSections.insert(identifier)
      }
    }
  }

  /// Moves the first section with `section`'s identifier next to the first with `anchor`'s.
  private mutating func move(
    _ section: Section, relativeTo anchor: Section, after: Bool, in call: String
  ) {
    let from = existingIndex(of: section, in: call)
    _ = existingIndex(of: anchor, in: call)
    guard section.diffIdentifier != anchor.diffIdentifier else { return }
    let moved = sections.remove(at: from)
    let to = existingIndex(of: anchor, in: call)
    sections.insert(moved, at: to + (after ? 1 : 0))
  }
}

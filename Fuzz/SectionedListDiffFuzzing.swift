// The sectioned part of the fuzz harness: the same input, read as sections of items.

/// Reads fuzz input as sectioned lists and checks every stage of their diffs.
enum SectionedListDiffFuzzing {
  /// A section model: an identifier and a revision.
  struct Model: Identifiable, Hashable, Diffable {
    var id: UInt8
    var revision: UInt8
  }

  typealias Section = ListSection<Model, FuzzItem>

  /// Splits the bytes into old and new sectioned lists: a byte with its top bit set opens a
  /// section (its low bits give the model), a byte 0xFF switches from old to new, any other
  /// byte is an item of the current section.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ([Section], [Section]) {
    var old: [Section] = []
    var new: [Section] = []
    var readingNew = false
    for byte in bytes {
      if byte == 0xFF {
        readingNew = true
      } else if byte & 0x80 != 0 {
        let section = Section(Model(id: byte & 0x0F, revision: (byte >> 4) & 0x03), items: [])
        if readingNew { new.append(section) } else { old.append(section) }
      } else {
        let item = FuzzItem(id: byte & 0x1F, revision: (byte >> 5) & 0x03)
        if readingNew {
          if new.isEmpty { new.append(Section(Model(id: 0, revision: 0), items: [])) }
          new[new.count - 1].items.append(item)
        } else {
          if old.isEmpty { old.append(Section(Model(id: 0, revision: 0), items: [])) }
          old[old.count - 1].items.append(item)
        }
      }
    }
    return (old, new)
  }

  /// Diffs the sectioned lists with both stagings and traps on any broken rule.
  static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
    let (old, new) = decode(bytes)
    for staging in [SectionedListDiff<Section>.Staging.preservingMoves, .singleBatch] {
      let diff = SectionedListDiff(old: old, new: new, staging: staging)
      if let violation = BatchUpdateChecker.check(diff, old: old, new: new) {
        fatalError("sectioned diff, \(staging): \(violation)")
      }
      if diff.stages.count > (staging == .singleBatch ? 1 : 3) {
        fatalError("sectioned diff, \(staging): \(diff.stages.count) stages")
      }
      if diff.hasChanges == (old == new) {
        fatalError("sectioned diff, \(staging): hasChanges is \(diff.hasChanges)")
      }
    }
  }
}

// snippet.hide
// DiffValue's article "Migrating from DifferenceKit" shows this file; the preconditions keep
// its comments true.
import DiffValue

// snippet.show
// DifferenceKit's Differentiable: differenceIdentifier and isContentEqual(to:).
struct Message: Diffable, Equatable {
  var id: Int
  var text: String

  var diffIdentifier: Int { id }

  func isContentEqual(to other: Message) -> Bool { text == other.text }
}

// ArraySection(model:elements:) is ListSection(_:items:).
typealias Day = ListSection<String, Message>

let old = [
  Day("Monday", items: [Message(id: 1, text: "Hi"), Message(id: 2, text: "How are you?")]),
  Day("Tuesday", items: [Message(id: 3, text: "Lunch?")]),
]
let new = [
  Day("Monday", items: [Message(id: 1, text: "Hi!")]),
  Day("Tuesday", items: [Message(id: 3, text: "Lunch?"), Message(id: 2, text: "How are you?")]),
]

// StagedChangeset(source:target:): the stages UIKit can animate, each with its data.
let diff = SectionedListDiff(old: old, new: new)
var shown = old
for stage in diff.stages {
  // Inside performBatchUpdates: set the stage's data, then apply stage.update.
  shown = stage.sections
  print(stage.update)
}
// snippet.hide
precondition(shown == new)
precondition(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
// snippet.show

// For one flat list, one batch: ListDiff(old:new:).batchUpdate().
let flat = ListDiff(old: old[0].items, new: new[0].items)
// flat.deletes == [1], flat.updates == [0]
// snippet.hide
precondition(flat.deletes == [1] && flat.updates == [0] && flat.inserts.isEmpty)

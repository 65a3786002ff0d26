// snippet.hide
// ListDiffKit's article "Lists and batch updates" shows this file.
import ListDiffKit
import Testing

let old = ["a", "b", "c", "d"]
let new = ["d", "b", "e", "a"]
let oldSections = [
  ListSection("Friends", items: ["ann", "bob"]), ListSection("Family", items: ["cyd"]),
]
let newSections = [
  ListSection("Family", items: ["cyd", "bob"]), ListSection("Work", items: ["dee"]),
]

// snippet.show
let update = ListDiff(old: old, new: new).batchUpdate()
#expect(BatchUpdateChecker.check(update, old: old, new: new) == nil)

let diff = SectionedListDiff(old: oldSections, new: newSections)
#expect(BatchUpdateChecker.check(diff, old: oldSections, new: newSections) == nil)
// snippet.hide
precondition(BatchUpdateChecker.check(update, old: old, new: new) == nil)
precondition(BatchUpdateChecker.check(diff, old: oldSections, new: newSections) == nil)

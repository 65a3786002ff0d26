// Writes Sources/DiffValue/Diff+KeyPaths.generated.swift: `Diff`'s initializers for one to
// eight key paths, with and without `select:`, and for nine or more. Run from the package root
// through the script that formats its output and writes the file (CI runs it with --check):
//
//   bash Scripts/generate-diff-key-paths.sh

let letters = ["A", "B", "C", "D", "E", "F", "G", "H"]
let numbers = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]

/// One way to give the initial value.
struct Family {
  var extensionHeader: String
  var prefix: String  // parameters before the key paths
  var value: String  // the expression for the initial value
  var startsFrom: String  // how the summary ends
  var valueDoc: String?  // the `- Parameters:` line for the initial value
}

let families = [
  Family(
    extensionHeader: "extension Diff {", prefix: "wrappedValue: Value", value: "wrappedValue",
    startsFrom: "starts from an initial value", valueDoc: "wrappedValue: The initial value."),
  Family(
    extensionHeader: "extension Diff {", prefix: "value: Value", value: "value",
    startsFrom: "takes an explicit initial value", valueDoc: "value: The initial value."),
  Family(
    extensionHeader: "extension Diff where Value: EquatableWithIdentity {", prefix: "",
    value: ".identity", startsFrom: "starts from `Value.identity`", valueDoc: nil),
]

func parts(_ count: Int) -> String {
  count == 1 ? "one part" : "\(numbers[count]) parts"
}

func initializer(_ family: Family, count: Int, select: Bool, tail: Bool) -> String {
  let used = Array(letters.prefix(count))
  let names = used.map { $0.lowercased() }
  var generics = used.map { "\($0): Equatable" }
  if tail { generics.append("each Rest: Equatable") }
  if select { generics.append("Selected: Equatable") }
  var parameters: [String] = []
  if !family.prefix.isEmpty { parameters.append(family.prefix) }
  parameters += zip(used, names).map { "_ \($1): KeyPath<Value, \($0)>" }
  if tail { parameters.append("_ rest: repeat KeyPath<Value, each Rest>") }
  if select { parameters.append("select: @escaping @Sendable (Value) -> Selected") }

  var chain = names.isEmpty ? "DiffNothing()" : "DiffPart(\(names[0]))"
  for name in names.dropFirst() { chain += ".and(DiffPart(\(name)))" }
  if tail { chain += ".and(DiffPartList(rest))" }
  if select { chain += ".and(DiffSelector(select))" }
  // Key paths alone: one selection per set of key paths, made once and shared. With a closure
  // or a pack, one per property.
  let selection =
    select || tail
    ? "DiffSelection(\(chain))"
    : ".shared(DiffSelectionKey(\(names.joined(separator: ", ")))) { DiffSelection(\(chain)) }"
  let arguments = "value: \(family.value), selection: \(selection)"

  var summary: String
  if tail {
    summary = "Selects nine or more parts by key path and \(family.startsFrom)."
  } else if count == 0 {
    summary = "Selects a part read by a closure and \(family.startsFrom)."
  } else {
    summary =
      "Selects \(parts(count)) by key path\(select ? " and a part read by a closure" : "") and"
      + " \(family.startsFrom)."
  }
  var doc = ["/// \(summary)", "///"]
  if tail {
    doc.append("/// The first eight are compared by code specialized for their types; each further")
    doc.append("/// one through its type's `Equatable` conformance.")
  } else if select {
    doc.append("/// The comparison is specialized for the parts' types at the call site.")
  } else {
    doc.append("/// The comparison is specialized for the parts' types at the call site, and made once")
    doc.append("/// for every property that names the same key paths.")
  }
  doc.append("/// - Parameters:")
  if let valueDoc = family.valueDoc { doc.append("///   - \(valueDoc)") }
  for name in names { doc.append("///   - \(name): A part whose changes are published.") }
  if tail { doc.append("///   - rest: More parts whose changes are published.") }
  if select {
    doc.append("///   - select: Reads one more part, such as an optional chain:")
    doc.append("///     `{ $0.friend?.name }`.")
  }
  if tail {
    // The tail's parts become `DiffableKeyPath`s; the pack is expanded once.
    let body = """
        let rest = DiffSelection<Value>.unique(DiffSelection<Value>.parts(repeat each rest))
        self.init(\(arguments))
      """
    return doc.map { "  \($0)" }.joined(separator: "\n") + """

        @inlinable
        public init<\(generics.joined(separator: ", "))>(\(parameters.joined(separator: ", "))) {
      \(body)
        }
      """
  }
  return doc.map { "  \($0)" }.joined(separator: "\n") + """

      @inlinable
      public init<\(generics.joined(separator: ", "))>(\(parameters.joined(separator: ", "))) {
        self.init(\(arguments))
      }
    """
}

print(
  """
  // GENERATED FILE, DO NOT EDIT: Scripts/generate-diff-key-paths.swift writes it. Edit the
  // generator and regenerate from the package root with `bash Scripts/generate-diff-key-paths.sh`.
  //
  // One initializer per number of key paths, so that each part's type is a generic parameter
  // of its own and the comparison is specialized for it at the call site (see
  // DiffComparison.swift), made once per set of key paths (see DiffSelection.swift). The
  // parameter-pack initializers in Diff.swift are disfavored: they serve packs passed along from
  // generic code.
  """)
for family in families {
  print("")
  print(family.extensionHeader)
  var blocks: [String] = []
  for count in 1...8 {
    blocks.append(initializer(family, count: count, select: false, tail: false))
  }
  blocks.append(initializer(family, count: 8, select: false, tail: true))
  for count in 0...8 { blocks.append(initializer(family, count: count, select: true, tail: false)) }
  print(blocks.joined(separator: "\n\n"))
  print("}")
}

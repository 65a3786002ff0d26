import DiffValue
import Foundation

/// The value a model run writes: which write stored it, and what a derived write read.
///
/// Every write that should be published stores a new `id`, the one selected part, so the
/// published sequence names each write once. A derived write (`modify`, or a write through the
/// property) records the value it changed in `base` and `baseQuiet`; a quiet write changes only
/// `quiet`, which is not selected, so it is stored and never published. Together they let the
/// checker tell whether a read-modify-write read the value stored just before it, and whether a
/// quiet write was lost.
public struct ModelValue: Equatable, Sendable, CustomStringConvertible {
  /// The write that stored this value; the selected part.
  public var id: Int
  /// The id of the value a derived write changed; `nil` for a value written whole.
  public var base: Int?
  /// The quiet writes the changed value held.
  public var baseQuiet: [Int]
  /// The quiet writes made to this id since it was stored, in order; not selected.
  public var quiet: [Int]

  /// A value written whole.
  ///
  /// - Parameter id: The write's identifier.
  public init(id: Int) {
    self.id = id
    base = nil
    baseQuiet = []
    quiet = []
  }

  /// Makes this value the result of the derived write `id`.
  ///
  /// - Parameter id: The write's identifier.
  /// - Returns: What the write read.
  public mutating func derive(_ id: Int) -> ModelSeen {
    let seen = ModelSeen(id: self.id, quiet: quiet)
    base = self.id
    baseQuiet = quiet
    quiet = []
    self.id = id
    return seen
  }

  /// `derive(id)`, then a pause of 20 microseconds: a mutation that takes a while, during which
  /// the property is held.
  ///
  /// - Parameter id: The write's identifier.
  /// - Returns: What the write read.
  public mutating func deriveAndPause(_ id: Int) -> ModelSeen {
    let seen = derive(id)
    usleep(20)
    return seen
  }

  /// Adds the quiet write `quietID`, which changes no selected part.
  ///
  /// - Parameter quietID: The write's identifier.
  /// - Returns: What the write read.
  public mutating func addQuietly(_ quietID: Int) -> ModelSeen {
    let seen = ModelSeen(id: id, quiet: quiet)
    quiet.append(quietID)
    return seen
  }

  /// The value as a failure report shows it.
  public var description: String {
    var text = "#\(id)"
    if let base { text += " from #\(base)\(baseQuiet.isEmpty ? "" : "\(baseQuiet)")" }
    if !quiet.isEmpty { text += " quiet \(quiet)" }
    return text
  }
}

/// What a derived or quiet write read: the id of the value it changed and that value's quiet
/// writes.
public struct ModelSeen: Equatable, Sendable {
  /// The id of the value read.
  public var id: Int
  /// Its quiet writes.
  public var quiet: [Int]
}

/// An object with one `@Diff` property of the model's value, as an app's model would hold it.
public final class ModelOwner: @unchecked Sendable {
  // `@Diff` properties are thread-safe; the class has no other state.
  /// The property under test, selecting `id` alone.
  @Diff(\.id) public var state = ModelValue(id: 0)

  /// An owner whose property holds `ModelValue(id: 0)`.
  public init() {}
}

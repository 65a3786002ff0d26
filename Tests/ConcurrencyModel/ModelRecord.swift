/// One operation a writer made, as the writers' commit log records it.
public struct ModelRecord: Sendable, CustomStringConvertible {
  /// What the operation was.
  public enum Kind: Sendable, Equatable {
    /// A value written whole (or sent), with id `id`: always published (no backlog drops it).
    case whole
    /// A derived write, in place or through `modify`, storing id `id`; published.
    case derived(inPlace: Bool)
    /// A quiet write, in place or through `modify`, adding `id` to the quiet list; never
    /// published.
    case quiet(inPlace: Bool)
    /// A `modify` whose closure threw after changing the value: nothing is stored.
    case abandoned
    /// A read of the value, after the writer's last published write (`id`, or -1 for none).
    case read(ModelValue)
    /// A read under `withObservationTracking`, of the whole value or of its selected part (a
    /// value with that id alone), with the same rules as a read.
    case trackedRead(ModelValue, part: Bool)
  }

  /// The value a read or a tracked read returned.
  public var readValue: ModelValue? {
    switch kind {
    case .read(let value), .trackedRead(let value, _): value
    default: nil
    }
  }

  /// What the operation was.
  public var kind: Kind
  /// Who made it: a thread's number, or `1_000 +` a subscriber's.
  public var writer: Int
  /// The id stored, the quiet id added, or for a read the writer's last published id.
  public var id: Int
  /// What a derived or quiet write read.
  public var seen: ModelSeen?
  /// Whether a `keepingNewest` backlog may drop the value: it was not written from inside a
  /// relay's round (a subscriber behind `receive(on:)` writes from the queue, outside it).
  public var mayBeDropped = true
  /// What the subscriber that wrote it attached through; `nil` for a thread's write.
  public var pipeline: ModelPipeline?

  /// Whether the operation stores a new id, to be published.
  public var publishes: Bool {
    switch kind {
    case .whole, .derived: true
    default: false
    }
  }

  /// The record as a failure report shows it.
  public var description: String {
    let who =
      writer >= 1_000
      ? "subscriber \(writer - 1_000) (\(pipeline.map(\.description) ?? "?"))" : "thread \(writer)"
    switch kind {
    case .whole: return "\(who) wrote #\(id) whole"
    case .derived(let inPlace):
      return "\(who) derived #\(id) from \(seen.map { "#\($0.id)\($0.quiet)" } ?? "?")"
        + (inPlace ? " in place" : " with modify")
    case .quiet(let inPlace):
      return "\(who) added quiet \(id) to \(seen.map { "#\($0.id)\($0.quiet)" } ?? "?")"
        + (inPlace ? " in place" : " with modify")
    case .abandoned: return "\(who) abandoned #\(id)"
    case .read(let value): return "\(who) read \(value) after writing #\(id)"
    case .trackedRead(let value, let part):
      return "\(who) read \(part ? "the part #\(value.id)" : "\(value)") under tracking after "
        + "writing #\(id)"
    }
  }
}

/// The ids one writer hands out: `(writer + 1) * 1_000_000 + n`, unique in a run.
public final class ModelIDs: @unchecked Sendable {
  // Used by its one writer only.
  /// The writer's number.
  public let writer: Int
  private var next = 0
  /// The writer's last published id, or -1.
  public private(set) var lastPublished = -1

  /// The ids of `writer`.
  public init(writer: Int) { self.writer = writer }

  /// A new id.
  public func make() -> Int {
    next += 1
    return (writer + 1) * 1_000_000 + next
  }

  /// Notes the writer's latest published id, for the reads that follow.
  func published(_ id: Int) { lastPublished = id }
}

/// A kind of write the model makes.
public enum ModelWriteKind: CaseIterable, Sendable {
  /// `owner.state = value`, or `send(value)`.
  case whole
  /// `owner.state.derive(id)`, through the property's `_modify`.
  case deriveInPlace
  /// The same, pausing inside the access as a longer mutation would: the property is held while
  /// other threads subscribe, read it under tracking for the first time, and write.
  case slowDeriveInPlace
  /// `owner.state.addQuietly(id)`, through the property's `_modify`.
  case quietInPlace
  /// `modify { $0.derive(id) }`.
  case deriveModify
  /// `modify { $0.addQuietly(id) }`.
  case quietModify
  /// `modify { $0.derive(id); throw }`.
  case abandonedModify

  /// Whether a subject of `kind` can be written this way.
  public func applies(to kind: ModelSubjectKind) -> Bool {
    switch self {
    case .whole: true
    case .deriveInPlace, .slowDeriveInPlace, .quietInPlace: kind.writesInPlace
    case .deriveModify, .quietModify, .abandonedModify: kind.keepsValue
    }
  }

  /// Makes the write, and returns its record.
  public func perform(on subject: ModelSubject, ids: ModelIDs) -> ModelRecord {
    let id = ids.make()
    var record = ModelRecord(kind: .whole, writer: ids.writer, id: id)
    switch self {
    case .whole:
      subject.write(ModelValue(id: id))
    case .deriveInPlace, .slowDeriveInPlace:
      record.kind = .derived(inPlace: true)
      record.seen = subject.deriveInPlace(id, pausing: self == .slowDeriveInPlace)
    case .quietInPlace:
      record.kind = .quiet(inPlace: true)
      record.seen = subject.addQuietlyInPlace(id)
    case .deriveModify:
      record.kind = .derived(inPlace: false)
      record.seen = subject.modify { $0.derive(id) }
    case .quietModify:
      record.kind = .quiet(inPlace: false)
      record.seen = subject.modify { $0.addQuietly(id) }
    case .abandonedModify:
      record.kind = .abandoned
      struct Abandoned: Error {}
      _ = try? subject.modify { value -> Void in
        _ = value.derive(id)
        throw Abandoned()
      }
    }
    if record.publishes { ids.published(id) }
    return record
  }
}

import Relay

/// Where a tour writes: standard output, or a recording that a test can compare.
public final class TourOutput: TextOutputStream, Sendable {
  private let records: Bool
  private let recording = Lock.make("")

  private init(records: Bool) { self.records = records }

  /// Writes to standard output.
  public static var standardOutput: TourOutput { TourOutput(records: false) }

  /// Keeps what is written, for `lines`.
  public static func recorder() -> TourOutput { TourOutput(records: true) }

  /// Writes the string.
  public func write(_ string: String) {
    if records {
      recording.withLock { $0 += string }
    } else {
      print(string, terminator: "")
    }
  }

  /// The lines recorded so far; empty for standard output.
  public var lines: [String] {
    let text = recording.withLock { $0 }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Writes one line.
  public func line(_ text: String) { write(text + "\n") }
}

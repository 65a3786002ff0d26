/// A text stream that keeps what is written, split into lines.
public final class LineRecorder: TextOutputStream, @unchecked Sendable {
  private let text = Locked("")

  /// Creates an empty recorder.
  public init() {}

  /// Appends the string.
  public func write(_ string: String) { text.withLock { $0 += string } }

  /// The complete lines written so far.
  public var lines: [String] {
    text.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }
}

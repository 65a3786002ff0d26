// Apple's Dispatch declares this type itself (for Combine); elsewhere Relay declares it, with
// the same shape.
#if !canImport(Darwin)
  import Dispatch

  extension DispatchQueue {
    /// How a dispatch queue runs a scheduled closure, as Combine's
    /// `DispatchQueue.SchedulerOptions`.
    public struct SchedulerOptions: @unchecked Sendable {
      // `@unchecked`: every field is a Dispatch value or a `DispatchGroup`, which Dispatch
      // makes safe to share between threads.

      /// The quality of service of the work.
      public var qos: DispatchQoS
      /// The work item's flags.
      public var flags: DispatchWorkItemFlags
      /// A group the work joins until it has run, or `nil`.
      public var group: DispatchGroup?

      /// Creates the options.
      ///
      /// - Parameters:
      ///   - qos: The quality of service of the work.
      ///   - flags: The work item's flags.
      ///   - group: A group the work joins until it has run.
      public init(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        group: DispatchGroup? = nil
      ) {
        self.qos = qos
        self.flags = flags
        self.group = group
      }
    }
  }
#endif

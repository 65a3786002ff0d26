import Foundation
import Observation
import Relay

/// Runs `apply` now, and again on the main actor after each change of what it read, until the
/// returned token is cancelled or released.
///
/// UIKit's and AppKit's way of keeping a view up to date, as swift-navigation spells it: read
/// what the view shows inside the closure, and it runs again whenever one of those reads
/// changes. A `@Diff` property read whole (`model.state`) re-runs it when a selected part of
/// the state changes; a part read with `model.$state[\.name]` re-runs it when that part
/// changes; an `@Observable` class's property re-runs it when that property is written.
///
/// ```swift
/// let token = observe { [weak self] in
///   guard let self else { return }
///   nameLabel.text = model.$user[\.name]
/// }
/// ```
///
/// A change re-runs the closure once, after the write returns, on the main actor's next turn,
/// whichever thread wrote; several changes before that turn re-run it once, reading the last
/// values. Inside an `NSObject` subclass (a view controller), call the method of the same
/// name, whose token the object keeps.
///
/// - Parameter apply: Reads what it shows and updates the view; it runs on the main actor.
/// - Returns: A token that stops the observation when cancelled or released.
@MainActor
public func observe(_ apply: @escaping @MainActor @Sendable () -> Void) -> ObserveToken {
  let loop = ObserveLoop(apply)
  loop.run()
  return ObserveToken(loop)
}

/// Stops an observation begun with `observe(_:)` when cancelled or released.
///
/// Keep it as long as the view it updates lives, in a property or with `store(in:)`.
public final class ObserveToken: Cancellable, Hashable, Sendable {
  @usableFromInline let loop: ObserveLoop
  /// False for the tokens of `NSObject.observe(_:)`, whose object keeps the observation.
  private let cancelsOnRelease: Bool

  init(_ loop: ObserveLoop, cancelsOnRelease: Bool = true) {
    self.loop = loop
    self.cancelsOnRelease = cancelsOnRelease
  }

  deinit { if cancelsOnRelease { loop.cancel() } }

  /// Whether the observation has been stopped.
  public var isCancelled: Bool { loop.isCancelled }

  /// Stops the observation: the closure does not run again.
  ///
  /// Calling it again does nothing; any thread may call it.
  public func cancel() { loop.cancel() }

  /// Keeps the token in a set; dropping the set stops the observation.
  ///
  /// - Parameter set: The set to insert into.
  public func store(in set: inout Set<ObserveToken>) { set.insert(self) }

  /// Whether two tokens are the same token.
  public static func == (lhs: ObserveToken, rhs: ObserveToken) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One observation: runs its closure under `withObservationTracking` and, when told of a
/// change, again on the main actor.
///
/// While armed, the closure passed to `onChange` keeps the loop alive (Observation holds it
/// until the first change it is told of), so a change after the token's release still finds
/// the loop, sees it cancelled, and lets it go.
@usableFromInline
final class ObserveLoop: @unchecked Sendable {
  // `apply` and `owner` are set once at init; `owner` is only read on the main actor; the
  // flag is atomic.
  private let apply: @MainActor @Sendable () -> Void
  private let cancelled = AtomicWord(false)
  /// The object whose lifetime bounds the observation, for `NSObject.observe(_:)`.
  private weak let owner: AnyObject?
  private let hasOwner: Bool

  init(_ apply: @escaping @MainActor @Sendable () -> Void, owner: AnyObject? = nil) {
    self.apply = apply
    self.owner = owner
    hasOwner = owner != nil
  }

  deinit { cancelled.deallocate() }

  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Whether the observation has ended: cancelled, or its owner is gone.
  @MainActor var hasEnded: Bool { isCancelled || (hasOwner && owner == nil) }

  func cancel() { cancelled.store(true, ordering: .releasing) }

  /// Runs the closure, tracking what it reads, unless the observation has ended.
  @MainActor
  func run() {
    if hasEnded { return }
    withObservationTracking {
      apply()
    } onChange: { [self] in
      // Called on the writing thread once the value is stored; re-run on the main actor.
      Task { @MainActor in self.run() }
    }
  }
}

// On every platform (Foundation has `NSObject` on Linux too), so that it is tested here.
@MainActor
extension NSObject {
  /// Runs `apply` now, and again on the main actor after each change of what it read, for as
  /// long as this object lives or until the returned token is cancelled.
  ///
  /// The spelling of `observe(_:)` for a view controller's or a view's methods, where
  /// `NSObject`'s key-value observing `observe(_:options:changeHandler:)` hides the free
  /// function. The object keeps the observation, so the token may be ignored (releasing it
  /// stops nothing); capture the object weakly in `apply`, or it lives as long as what it
  /// observes.
  ///
  /// ```swift
  /// override func viewDidLoad() {
  ///   super.viewDidLoad()
  ///   observe { [weak self] in
  ///     guard let self else { return }
  ///     nameLabel.text = model.$user[\.name]
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter apply: Reads what it shows and updates the view; it runs on the main actor.
  /// - Returns: A token that stops the observation early when cancelled.
  @discardableResult
  public func observe(_ apply: @escaping @MainActor @Sendable () -> Void) -> ObserveToken {
    let loop = ObserveLoop(apply, owner: self)
    ObserveOwners.shared.keep(loop)
    loop.run()
    return ObserveToken(loop, cancelsOnRelease: false)
  }
}

/// The observations `NSObject.observe(_:)` keeps for their objects, each until its object
/// is gone or it is cancelled (checked whenever one is added).
@MainActor
final class ObserveOwners {
  static let shared = ObserveOwners()
  private var loops: [ObserveLoop] = []

  func keep(_ loop: ObserveLoop) {
    loops.removeAll { $0.hasEnded }
    loops.append(loop)
  }
}

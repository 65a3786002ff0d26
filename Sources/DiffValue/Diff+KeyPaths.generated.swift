// GENERATED FILE, DO NOT EDIT: Scripts/generate-diff-key-paths.swift writes it. Edit the
// generator and regenerate from the package root with `bash Scripts/generate-diff-key-paths.sh`.
//
// One initializer per number of key paths, so that each part's type is a generic parameter
// of its own and the comparison is specialized for it at the call site (see
// DiffComparison.swift). The parameter-pack initializers in Diff.swift are disfavored: they
// serve packs passed along from generic code.

extension Diff {
  /// Selects one part by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  @inlinable
  public init<A: Equatable>(wrappedValue: Value, _ a: KeyPath<Value, A>) {
    self.init(value: wrappedValue, comparing: DiffPart(a), keyPaths: [DiffableKeyPath(a)])
  }

  /// Selects two parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>
  ) {
    self.init(
      value: wrappedValue, comparing: DiffPart(a).and(DiffPart(b)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b)])
  }

  /// Selects three parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>
  ) {
    self.init(
      value: wrappedValue, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c)])
  }

  /// Selects four parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d)])
  }

  /// Selects five parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e),
      ])
  }

  /// Selects six parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f),
      ])
  }

  /// Selects seven parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g),
      ])
  }

  /// Selects eight parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    _ h: KeyPath<Value, H>
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ])
  }

  /// Selects nine or more parts by key path and starts from an initial value.
  ///
  /// The first eight are compared by code specialized for their types; each further
  /// one through its type's `Equatable` conformance.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  ///   - rest: More parts whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable, each Rest: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    _ h: KeyPath<Value, H>, _ rest: repeat KeyPath<Value, each Rest>
  ) {
    let rest = DiffSelection<Value>.parts(repeat each rest)
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)).and(DiffPartList(rest)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ] + rest)
  }

  /// Selects a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<Selected: Equatable>(
    wrappedValue: Value, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(value: wrappedValue, comparing: DiffNothing(), keyPaths: [], select: select)
  }

  /// Selects one part by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, Selected: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue, comparing: DiffPart(a), keyPaths: [DiffableKeyPath(a)], select: select)
  }

  /// Selects two parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, Selected: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue, comparing: DiffPart(a).and(DiffPart(b)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b)], select: select)
  }

  /// Selects three parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, Selected: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c)], select: select)
  }

  /// Selects four parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, Selected: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d)],
      select: select)
  }

  /// Selects five parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, Selected: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e),
      ], select: select)
  }

  /// Selects six parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    Selected: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f),
      ], select: select)
  }

  /// Selects seven parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, Selected: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g),
      ], select: select)
  }

  /// Selects eight parts by key path and a part read by a closure and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable, Selected: Equatable
  >(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    _ h: KeyPath<Value, H>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: wrappedValue,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ], select: select)
  }
}

extension Diff {
  /// Selects one part by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  @inlinable
  public init<A: Equatable>(value: Value, _ a: KeyPath<Value, A>) {
    self.init(value: value, comparing: DiffPart(a), keyPaths: [DiffableKeyPath(a)])
  }

  /// Selects two parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>
  ) {
    self.init(
      value: value, comparing: DiffPart(a).and(DiffPart(b)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b)])
  }

  /// Selects three parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>
  ) {
    self.init(
      value: value, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c)])
  }

  /// Selects four parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>
  ) {
    self.init(
      value: value, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d)])
  }

  /// Selects five parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e),
      ])
  }

  /// Selects six parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f),
      ])
  }

  /// Selects seven parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g),
      ])
  }

  /// Selects eight parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    _ h: KeyPath<Value, H>
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ])
  }

  /// Selects nine or more parts by key path and takes an explicit initial value.
  ///
  /// The first eight are compared by code specialized for their types; each further
  /// one through its type's `Equatable` conformance.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  ///   - rest: More parts whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable, each Rest: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    _ h: KeyPath<Value, H>, _ rest: repeat KeyPath<Value, each Rest>
  ) {
    let rest = DiffSelection<Value>.parts(repeat each rest)
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)).and(DiffPartList(rest)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ] + rest)
  }

  /// Selects a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<Selected: Equatable>(value: Value, select: @escaping @Sendable (Value) -> Selected) {
    self.init(value: value, comparing: DiffNothing(), keyPaths: [], select: select)
  }

  /// Selects one part by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, Selected: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(value: value, comparing: DiffPart(a), keyPaths: [DiffableKeyPath(a)], select: select)
  }

  /// Selects two parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, Selected: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value, comparing: DiffPart(a).and(DiffPart(b)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b)], select: select)
  }

  /// Selects three parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, Selected: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c)], select: select)
  }

  /// Selects four parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, Selected: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d)],
      select: select)
  }

  /// Selects five parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, Selected: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e),
      ], select: select)
  }

  /// Selects six parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    Selected: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f),
      ], select: select)
  }

  /// Selects seven parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, Selected: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g),
      ], select: select)
  }

  /// Selects eight parts by key path and a part read by a closure and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable, Selected: Equatable
  >(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    _ d: KeyPath<Value, D>, _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    _ h: KeyPath<Value, H>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: value,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ], select: select)
  }
}

extension Diff where Value: EquatableWithIdentity {
  /// Selects one part by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  @inlinable
  public init<A: Equatable>(_ a: KeyPath<Value, A>) {
    self.init(value: .identity, comparing: DiffPart(a), keyPaths: [DiffableKeyPath(a)])
  }

  /// Selects two parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable>(_ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>) {
    self.init(
      value: .identity, comparing: DiffPart(a).and(DiffPart(b)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b)])
  }

  /// Selects three parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>
  ) {
    self.init(
      value: .identity, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c)])
  }

  /// Selects four parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>
  ) {
    self.init(
      value: .identity, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d)])
  }

  /// Selects five parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e),
      ])
  }

  /// Selects six parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f),
      ])
  }

  /// Selects seven parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g),
      ])
  }

  /// Selects eight parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>, _ h: KeyPath<Value, H>
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ])
  }

  /// Selects nine or more parts by key path and starts from `Value.identity`.
  ///
  /// The first eight are compared by code specialized for their types; each further
  /// one through its type's `Equatable` conformance.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  ///   - rest: More parts whose changes are published.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable, each Rest: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>, _ h: KeyPath<Value, H>,
    _ rest: repeat KeyPath<Value, each Rest>
  ) {
    let rest = DiffSelection<Value>.parts(repeat each rest)
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)).and(DiffPartList(rest)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ] + rest)
  }

  /// Selects a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<Selected: Equatable>(select: @escaping @Sendable (Value) -> Selected) {
    self.init(value: .identity, comparing: DiffNothing(), keyPaths: [], select: select)
  }

  /// Selects one part by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, Selected: Equatable>(
    _ a: KeyPath<Value, A>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity, comparing: DiffPart(a), keyPaths: [DiffableKeyPath(a)], select: select)
  }

  /// Selects two parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, Selected: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity, comparing: DiffPart(a).and(DiffPart(b)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b)], select: select)
  }

  /// Selects three parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, Selected: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c)], select: select)
  }

  /// Selects four parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable, D: Equatable, Selected: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity, comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)),
      keyPaths: [DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d)],
      select: select)
  }

  /// Selects five parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, Selected: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e),
      ], select: select)
  }

  /// Selects six parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    Selected: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f),
      ], select: select)
  }

  /// Selects seven parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, Selected: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g),
      ], select: select)
  }

  /// Selects eight parts by key path and a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  ///   - d: A part whose changes are published.
  ///   - e: A part whose changes are published.
  ///   - f: A part whose changes are published.
  ///   - g: A part whose changes are published.
  ///   - h: A part whose changes are published.
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
    G: Equatable, H: Equatable, Selected: Equatable
  >(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>, _ d: KeyPath<Value, D>,
    _ e: KeyPath<Value, E>, _ f: KeyPath<Value, F>, _ g: KeyPath<Value, G>, _ h: KeyPath<Value, H>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      value: .identity,
      comparing: DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e))
        .and(DiffPart(f)).and(DiffPart(g)).and(DiffPart(h)),
      keyPaths: [
        DiffableKeyPath(a), DiffableKeyPath(b), DiffableKeyPath(c), DiffableKeyPath(d),
        DiffableKeyPath(e), DiffableKeyPath(f), DiffableKeyPath(g), DiffableKeyPath(h),
      ], select: select)
  }
}

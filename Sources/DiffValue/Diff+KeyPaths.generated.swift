// GENERATED FILE, DO NOT EDIT: Scripts/generate-diff-key-paths.swift writes it. Edit the
// generator and regenerate from the package root with `bash Scripts/generate-diff-key-paths.sh`.
//
// One initializer per number of key paths, so that each part's type is a generic parameter
// of its own and the comparison is specialized for it at the call site (see
// DiffComparison.swift), made once per set of key paths (see DiffSelection.swift). The
// parameter-pack initializers in Diff.swift are disfavored: they serve packs passed along from
// generic code.

extension Diff {
  /// Selects one part by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  @inlinable
  public init<A: Equatable>(wrappedValue: Value, _ a: KeyPath<Value, A>) {
    self.init(
      value: wrappedValue, selection: .shared(DiffSelectionKey(a)) { DiffSelection(DiffPart(a)) })
  }

  /// Selects two parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - wrappedValue: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable>(
    wrappedValue: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>
  ) {
    self.init(
      value: wrappedValue,
      selection: .shared(DiffSelectionKey(a, b)) { DiffSelection(DiffPart(a).and(DiffPart(b))) })
  }

  /// Selects three parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      value: wrappedValue,
      selection: .shared(DiffSelectionKey(a, b, c)) {
        DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffPart(c)))
      })
  }

  /// Selects four parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d)) {
        DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)))
      })
  }

  /// Selects five parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)))
      })
  }

  /// Selects six parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)))
      })
  }

  /// Selects seven parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f, g)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)
          ).and(DiffPart(g)))
      })
  }

  /// Selects eight parts by key path and starts from an initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f, g, h)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)
          ).and(DiffPart(g)).and(DiffPart(h)))
      })
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
    let rest = DiffSelection<Value>.unique(DiffSelection<Value>.parts(repeat each rest))
    self.init(
      value: wrappedValue,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffPart(h)).and(DiffPartList(rest))))
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
    self.init(
      value: wrappedValue, selection: DiffSelection(DiffNothing().and(DiffSelector(select))))
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
    self.init(value: wrappedValue, selection: DiffSelection(DiffPart(a).and(DiffSelector(select))))
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
      value: wrappedValue,
      selection: DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffSelector(select))))
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
      value: wrappedValue,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffPart(h)).and(DiffSelector(select))))
  }
}

extension Diff {
  /// Selects one part by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  @inlinable
  public init<A: Equatable>(value: Value, _ a: KeyPath<Value, A>) {
    self.init(value: value, selection: .shared(DiffSelectionKey(a)) { DiffSelection(DiffPart(a)) })
  }

  /// Selects two parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - value: The initial value.
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable>(
    value: Value, _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>
  ) {
    self.init(
      value: value,
      selection: .shared(DiffSelectionKey(a, b)) { DiffSelection(DiffPart(a).and(DiffPart(b))) })
  }

  /// Selects three parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      value: value,
      selection: .shared(DiffSelectionKey(a, b, c)) {
        DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffPart(c)))
      })
  }

  /// Selects four parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      value: value,
      selection: .shared(DiffSelectionKey(a, b, c, d)) {
        DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)))
      })
  }

  /// Selects five parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)))
      })
  }

  /// Selects six parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)))
      })
  }

  /// Selects seven parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f, g)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)
          ).and(DiffPart(g)))
      })
  }

  /// Selects eight parts by key path and takes an explicit initial value.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f, g, h)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)
          ).and(DiffPart(g)).and(DiffPart(h)))
      })
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
    let rest = DiffSelection<Value>.unique(DiffSelection<Value>.parts(repeat each rest))
    self.init(
      value: value,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffPart(h)).and(DiffPartList(rest))))
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
    self.init(value: value, selection: DiffSelection(DiffNothing().and(DiffSelector(select))))
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
    self.init(value: value, selection: DiffSelection(DiffPart(a).and(DiffSelector(select))))
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
      value: value, selection: DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffSelector(select)))
    )
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
      value: value,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffSelector(select))))
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
      value: value,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffPart(h)).and(DiffSelector(select))))
  }
}

extension Diff where Value: EquatableWithIdentity {
  /// Selects one part by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  @inlinable
  public init<A: Equatable>(_ a: KeyPath<Value, A>) {
    self.init(
      value: .identity, selection: .shared(DiffSelectionKey(a)) { DiffSelection(DiffPart(a)) })
  }

  /// Selects two parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable>(_ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>) {
    self.init(
      value: .identity,
      selection: .shared(DiffSelectionKey(a, b)) { DiffSelection(DiffPart(a).and(DiffPart(b))) })
  }

  /// Selects three parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
  /// - Parameters:
  ///   - a: A part whose changes are published.
  ///   - b: A part whose changes are published.
  ///   - c: A part whose changes are published.
  @inlinable
  public init<A: Equatable, B: Equatable, C: Equatable>(
    _ a: KeyPath<Value, A>, _ b: KeyPath<Value, B>, _ c: KeyPath<Value, C>
  ) {
    self.init(
      value: .identity,
      selection: .shared(DiffSelectionKey(a, b, c)) {
        DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffPart(c)))
      })
  }

  /// Selects four parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      value: .identity,
      selection: .shared(DiffSelectionKey(a, b, c, d)) {
        DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)))
      })
  }

  /// Selects five parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)))
      })
  }

  /// Selects six parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)))
      })
  }

  /// Selects seven parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f, g)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)
          ).and(DiffPart(g)))
      })
  }

  /// Selects eight parts by key path and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site, and made once
  /// for every property that names the same key paths.
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
      selection: .shared(DiffSelectionKey(a, b, c, d, e, f, g, h)) {
        DiffSelection(
          DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
            DiffPart(f)
          ).and(DiffPart(g)).and(DiffPart(h)))
      })
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
    let rest = DiffSelection<Value>.unique(DiffSelection<Value>.parts(repeat each rest))
    self.init(
      value: .identity,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffPart(h)).and(DiffPartList(rest))))
  }

  /// Selects a part read by a closure and starts from `Value.identity`.
  ///
  /// The comparison is specialized for the parts' types at the call site.
  /// - Parameters:
  ///   - select: Reads one more part, such as an optional chain:
  ///     `{ $0.friend?.name }`.
  @inlinable
  public init<Selected: Equatable>(select: @escaping @Sendable (Value) -> Selected) {
    self.init(value: .identity, selection: DiffSelection(DiffNothing().and(DiffSelector(select))))
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
    self.init(value: .identity, selection: DiffSelection(DiffPart(a).and(DiffSelector(select))))
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
      value: .identity,
      selection: DiffSelection(DiffPart(a).and(DiffPart(b)).and(DiffSelector(select))))
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
      value: .identity,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffSelector(select))))
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
      value: .identity,
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffSelector(select))))
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
      selection: DiffSelection(
        DiffPart(a).and(DiffPart(b)).and(DiffPart(c)).and(DiffPart(d)).and(DiffPart(e)).and(
          DiffPart(f)
        ).and(DiffPart(g)).and(DiffPart(h)).and(DiffSelector(select))))
  }
}

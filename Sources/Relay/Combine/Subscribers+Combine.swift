#if canImport(Combine)
  import Combine

  // The bridges translate demand and completions between Relay's types and Combine's, which
  // have the same meaning and differ only in the module that declares them.

  extension Subscribers.Demand {
    /// The same demand, as Combine spells it.
    var combine: Combine.Subscribers.Demand {
      if let max { .max(max) } else { .unlimited }
    }

    /// Combine's demand, as Relay spells it.
    init(_ demand: Combine.Subscribers.Demand) {
      self = if let max = demand.max { .max(max) } else { .unlimited }
    }
  }

  extension Subscribers.Completion {
    /// The same completion, as Combine spells it.
    var combine: Combine.Subscribers.Completion<Failure> {
      switch self {
      case .finished: .finished
      case .failure(let error): .failure(error)
      }
    }

    /// Combine's completion, as Relay spells it.
    init(_ completion: Combine.Subscribers.Completion<Failure>) {
      switch completion {
      case .finished: self = .finished
      case .failure(let error): self = .failure(error)
      }
    }
  }
#endif

/// Relay is DiffValue's reactive core: publishers, subscribers and relays with Combine's contract.
public enum RelayModule {}

/// A namespace for the publishers that operators return.
public enum Publishers {}

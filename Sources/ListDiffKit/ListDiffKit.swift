/// ListDiffKit computes the inserts, deletes, moves and updates between two lists.
public enum ListDiffKitModule {}

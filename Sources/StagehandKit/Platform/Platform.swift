/// Every operating-system-specific call Stagehand makes, behind small functions the rest of the code uses.
///
/// Each function is implemented once per platform, in `Platform+Linux.swift` and `Platform+Darwin.swift`. The
/// Darwin implementations are written against Apple's documentation and the Swift and Foundation sources (each says
/// which), and have not been run on a Mac here: CI verifies Linux.
public enum Platform {}

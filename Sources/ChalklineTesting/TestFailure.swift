/// A scenario that could not go on (a deadline passed, a connection closed, a reply was not
/// what the next step needs); thrown so the test fails at that step with what was seen.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A read's deadline passed with nothing (or not enough) come: its own type, so a wait that
/// expects silence or a close (`waitForClose`) can tell "not by then" from a broken step.
public struct DeadlinePassed: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

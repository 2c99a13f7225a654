/// What server and client agree on without asking: the port a server listens on and a client
/// tries when none is given (`chalkline-server --port`, `chalkline HOST[:PORT]`).
public enum WellKnown {
    public static let port = 7420
}

// Every suite here drives the live server through the shared harness library.
@_exported import ChalklineTesting

/// The integration suites' name for the live server, whose clients are `TestClient`s.
typealias TestServer = LiveServer

extension LiveServer {
    func connect() throws -> TestClient { try TestClient(port: port) }
}

// Every suite here drives the live server through the shared harness library.
@_exported import ChalklineTesting
import Testing

extension LiveServer {
    /// A client whose every json line is held to protocol.schema.json.
    func connect(host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws -> HarnessClient {
        try HarnessClient(self, host: host, receiveBuffer: receiveBuffer, inspect: ProtocolSchema.check(line:))
    }
}

import ArgumentParser
import ChalklineClient

/// `HOST[:PORT]` as an argument: the parsing is the library's, so a typed address and one from
/// discovery mean the same.
extension Endpoint: ExpressibleByArgument {
    public init?(argument: String) {
        guard let parsed = Endpoint.parse(argument) else { return nil }
        self = parsed
    }

    public static var defaultValueDescription: String { "\(defaultHost):\(defaultPort)" }
}

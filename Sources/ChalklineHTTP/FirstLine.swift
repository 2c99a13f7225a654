/// Tells, from the first bytes a connection sends, whether it speaks HTTP or the line protocol.
///
/// One port serves both, so a browser needs no second address: a connection whose first line is
/// an HTTP request line (`GET / HTTP/1.1`) is HTTP; any other first line is the line protocol.
/// The decision is made as early as the bytes allow, so a bot that sends `/name sam` at once
/// is never held back.
public enum FirstLine {
    public enum Verdict: Equatable, Sendable {
        /// The bytes so far begin an HTTP request line and none of it is wrong yet: wait for more.
        case undecided
        case http
        case line
    }

    /// Reads `bytes` (everything the connection has sent so far) against the request-line
    /// grammar `METHOD SP TARGET SP HTTP/D.D [CR] LF`, METHOD in capitals.
    public static func classify(_ bytes: some Collection<UInt8>) -> Verdict {
        var part = Part.method
        var partLength = 0
        for byte in bytes {
            switch part {
            case .method:
                if byte == space, partLength > 0 { part = .target; partLength = 0; continue }
                guard byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z"), partLength < 16 else { return .line }
            case .target:
                if byte == space, partLength > 0 { part = .version; partLength = 0; continue }
                guard byte > space, byte < 0x7F else { return .line }
            case .version:
                if partLength == version.count {
                    if byte == cr { part = .cr; continue }
                    return byte == lf ? .http : .line
                }
                let expected = version[partLength]
                let fits = expected == digit ? (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) : byte == expected
                guard fits else { return .line }
            case .cr:
                return byte == lf ? .http : .line
            }
            partLength += 1
        }
        return .undecided
    }

    private enum Part { case method, target, version, cr }
    private static let space = UInt8(ascii: " ")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    /// `HTTP/D.D`, with `digit` standing for any digit.
    private static let digit: UInt8 = 0
    private static let version: [UInt8] = Array("HTTP/".utf8) + [digit, UInt8(ascii: "."), digit]
}

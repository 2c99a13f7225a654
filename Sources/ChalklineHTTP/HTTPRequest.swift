import ChalklineCore

/// An HTTP/1.x request head: the request line and its header fields. Only what serving a few
/// pages and one WebSocket upgrade needs; a body is never read (only GET and HEAD are served).
public struct HTTPRequest: Equatable, Sendable {
    public var method: String
    /// The path, without its query (`/`, `/ws`, `/play.js`).
    public var path: String
    /// The query after `?`, undecoded (`room=ABCD`), or "".
    public var query: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// Header fields in order, names lowercased.
    public var headers: [(name: String, value: String)]

    public init(method: String, path: String, query: String, version: String, headers: [(name: String, value: String)]) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
    }

    /// The value of the first field named `name` (lowercase), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The comma-separated tokens of every field named `name`, lowercased (`Connection: keep-alive, Upgrade`).
    public func tokens(_ name: String) -> [String] {
        headers.filter { $0.name == name }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingSpaces.lowercased() }
    }

    /// The client will send more requests on this connection: HTTP/1.1 unless it says
    /// `Connection: close` (HTTP/1.0 closes; its keep-alive is not worth a second dialect).
    /// A request with a body (which is never read: only GET and HEAD are served) is answered
    /// and the connection closed, so the body is never taken for the next request: behind a
    /// proxy that reuses its connections, that "request"'s answer would go to another client.
    public var keepsAlive: Bool {
        version == "HTTP/1.1" && !tokens("connection").contains("close") && !hasBody
    }

    /// The head announces a body: `Transfer-Encoding`, or a `Content-Length` other than 0.
    public var hasBody: Bool {
        header("transfer-encoding") != nil || headers.contains { $0.name == "content-length" && $0.value != "0" }
    }

    /// The client takes a gzipped body: `gzip` (or `x-gzip`, or `*` when gzip is not named)
    /// in `Accept-Encoding` with a q-value above 0.
    public var acceptsGzip: Bool {
        var star = false
        for element in tokens("accept-encoding") {
            let parts = element.split(separator: ";").map { $0.trimmingSpaces }
            guard let coding = parts.first else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { return q > 0 }
            if coding == "*" { star = q > 0 }
        }
        return star
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.query == b.query && a.version == b.version
            && a.headers.elementsEqual(b.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// What the bytes a connection has sent so far amount to.
    public enum Parse: Equatable, Sendable {
        /// The head has not ended yet (and is within `Limits.httpHeadBytes`).
        case incomplete
        /// The head ran past `Limits.httpHeadBytes` without ending: 413.
        case tooLarge
        /// Not a well-formed head: 400, with why.
        case malformed(String)
        /// A whole head; `length` bytes of the input were its.
        case complete(HTTPRequest, length: Int)
    }

    /// Parses the head at `start` in `bytes` (pipelined requests are read in place, by offset,
    /// not copied out one by one). Lines end in CRLF (a bare LF is taken too, as most servers
    /// do); the head ends at the first empty line.
    public static func parse(_ bytes: [UInt8], from start: Int = 0, limit: Int = Limits.httpHeadBytes) -> Parse {
        guard let end = headEnd(bytes, from: start, limit: limit) else {
            return bytes.count - start > limit ? .tooLarge : .incomplete
        }
        // Split as bytes: to String, "\r\n" is one Character and would never split at "\n".
        var lines: [String] = []
        for raw in bytes[start..<end.body].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            guard let text = String(validating: line, as: UTF8.self) else {
                return .malformed("The request head is not UTF-8 text.")
            }
            lines.append(text)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .malformed("The request line is missing.") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/"),
              parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .malformed("The request line is not METHOD /PATH HTTP/1.1.")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                return .malformed("A header line has no name.")
            }
            let name = line[..<colon]
            // RFC 9112 5.1: no white space between a field name and its colon.
            guard !name.contains(where: { $0 == " " || $0 == "\t" }) else {
                return .malformed("A header name holds white space.")
            }
            headers.append((name.lowercased(), String(line[line.index(after: colon)...]).trimmingSpaces))
        }
        let target = parts[1]
        let question = target.firstIndex(of: "?")
        let request = HTTPRequest(
            method: String(parts[0]),
            path: String(target[..<(question ?? target.endIndex)]),
            query: question.map { String(target[target.index(after: $0)...]) } ?? "",
            version: String(parts[2]),
            headers: headers)
        return .complete(request, length: end.total - start)
    }

    /// Where the head's empty line is: `body` is the offset of that terminator, `total` past it.
    private static func headEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> (body: Int, total: Int)? {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var index = start
        let scan = min(bytes.count, start + limit + 4)
        while index < scan {
            if bytes[index] == lf {
                // LF LF, or LF CR LF, ends the head.
                if index + 1 < bytes.count, bytes[index + 1] == lf { return (index + 1, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == cr, bytes[index + 2] == lf { return (index + 1, index + 3) }
            }
            index += 1
        }
        return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional white space).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

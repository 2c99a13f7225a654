import ChalklineCore

/// An HTTP/1.1 response, rendered whole. A page's files are asked for over kept-alive
/// connections (each new connection is one more chance for a busy device to be slow, and one
/// more descriptor); errors that leave the request stream in doubt close it (`Connection: close`).
public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text error page: what went wrong, in one sentence a person can read.
    public static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                     body: Array((message + "\n").utf8))
    }

    /// The bytes on the wire. `head` leaves the body out (HEAD); `Content-Length` stays the GET's.
    /// `keepAlive` leaves the connection open for the next request (HTTP/1.1's default) and says
    /// for how long it waits for one.
    public func rendered(headOnly: Bool = false, keepAlive: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if status != 101 {
            text += "Content-Length: \(body.count)\r\n"
            text += keepAlive ? "Keep-Alive: timeout=\(Limits.httpKeepAliveIdleMs / 1000)\r\n" : "Connection: close\r\n"
        }
        text += "\r\n"
        return Array(text.utf8) + (headOnly ? [] : body)
    }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.elementsEqual(b.headers) { $0 == $1 }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 421: "Misdirected Request"
        default: "Error"
        }
    }
}

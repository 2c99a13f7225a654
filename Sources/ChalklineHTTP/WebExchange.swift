/// What the server answers an HTTP request: one of the page's files, the WebSocket upgrade, or
/// an error status with a sentence saying why. Pure: the shell writes what this returns.
public enum WebExchange {
    public enum Answer: Equatable, Sendable {
        /// Write `response` (its head only, for HEAD); then close, or wait for the next request
        /// (`keepsAlive`).
        case respond(HTTPResponse, headOnly: Bool)
        /// Write the 101 response; the connection then speaks WebSocket.
        case upgrade(HTTPResponse)
    }

    /// `joinURL` is the students' page as other devices reach it, for the QR code (`/qr.svg`),
    /// drawn once a text into `qrCodes`. `hosts` says which names reach this server and which
    /// pages may open its WebSocket (see `HostPolicy`). `isRoom` says whether a code is a room
    /// (or homework) now: only those get a QR code, so made-up codes cannot make the loop draw.
    public static func answer(_ request: HTTPRequest, site: Site, joinURL: String = "", hosts: HostPolicy,
                              qrCodes: QRCodeCache, isRoom: (String) -> Bool = { _ in true }) -> Answer {
        let headOnly = request.method == "HEAD"
        guard hosts.allowsHost(request.header("host")) else {
            // A name this server does not know: DNS rebinding, or a school name it was not told.
            return .respond(.error(421, "This server does not answer to the name \(request.header("host") ?? "")."
                                   + " Open it by its address, or start it with --public-url naming it."), headOnly: headOnly)
        }
        guard request.method == "GET" || headOnly else {
            return .respond(.error(405, "Only GET and HEAD are served here.", headers: [("Allow", "GET, HEAD")]), headOnly: false)
        }
        if request.path == Site.webSocketPath {
            guard hosts.allowsOrigin(request.header("origin"), host: request.header("host")) else {
                return .respond(.error(403, "Only this server's own pages may open its WebSocket, not a page from "
                                       + "\(request.header("origin") ?? "")."), headOnly: headOnly)
            }
            return upgrade(request, headOnly: headOnly)
        }
        if request.path == "/qr.svg" {
            return qrCode(request, joinURL: joinURL, cache: qrCodes, isRoom: isRoom, headOnly: headOnly)
        }
        guard let file = site.file(at: request.path) else {
            return .respond(.error(404, "There is no page at \(request.path). Students open / and teachers /host."), headOnly: headOnly)
        }
        // The gzipped copy (made once, with the site) to a browser that takes it: a school's
        // crowded Wi-Fi carries a third of the bytes. It is another representation, so it has
        // its own validator, and caches are told the choice depends on Accept-Encoding.
        let gzipped = file.gzipped.flatMap { request.acceptsGzip ? $0 : nil }
        let etag = gzipped == nil ? file.etag : file.gzippedETag
        var headers = [("Content-Type", file.contentType), ("ETag", etag),
                       // Revalidated on every load: a teacher who upgrades the server gets the
                       // new pages at once, and an unchanged file costs a 304 on the LAN.
                       ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
                       ("Referrer-Policy", "no-referrer")]
        if file.gzipped != nil { headers.append(("Vary", "Accept-Encoding")) }
        if gzipped != nil { headers.append(("Content-Encoding", "gzip")) }
        if request.tokens("if-none-match").contains(etag) || request.header("if-none-match") == "*" {
            headers.removeFirst()
            return .respond(HTTPResponse(status: 304, headers: headers), headOnly: true)
        }
        return .respond(HTTPResponse(status: 200, headers: headers, body: gzipped ?? file.bytes), headOnly: headOnly)
    }

    /// The join URL (for `?room=CODE`, the room's) as a QR code, drawn by libqrencode.
    private static func qrCode(_ request: HTTPRequest, joinURL: String, cache: QRCodeCache, isRoom: (String) -> Bool,
                               headOnly: Bool) -> Answer {
        var target = joinURL
        if let room = request.query.split(separator: "&").first(where: { $0.hasPrefix("room=") })?.dropFirst(5) {
            guard (1...8).contains(room.count), room.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                return .respond(.error(400, "room= takes a room code: letters only."), headOnly: headOnly)
            }
            let code = room.uppercased()
            // Drawing costs the loop time: a code that is no room gets none (it would not
            // join anything either).
            guard isRoom(code) else {
                return .respond(.error(404, "There is no room \(code) on this server: no QR code to draw."), headOnly: headOnly)
            }
            target = JoinURL.forRoom(joinURL, code: code)
        }
        guard let svg = cache.svg(for: target) else {
            return .respond(.error(400, "That address is too long for a QR code."), headOnly: headOnly)
        }
        return .respond(HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml"), ("Cache-Control", "no-cache"),
                                                            ("X-Content-Type-Options", "nosniff")],
                                     body: svg), headOnly: headOnly)
    }

    /// RFC 6455 section 4.2.1's checks, each failure a 400 that says which.
    private static func upgrade(_ request: HTTPRequest, headOnly: Bool) -> Answer {
        func refuse(_ why: String, _ headers: [(String, String)] = []) -> Answer {
            .respond(.error(400, why, headers: headers), headOnly: headOnly)
        }
        guard request.method == "GET", request.version == "HTTP/1.1" else {
            return refuse("A WebSocket opens with GET over HTTP/1.1.")
        }
        guard request.tokens("upgrade").contains("websocket"), request.tokens("connection").contains("upgrade") else {
            return refuse("\(Site.webSocketPath) is the WebSocket address: connect with Upgrade: websocket.")
        }
        guard request.header("sec-websocket-version") == "13" else {
            return refuse("Only WebSocket version 13 is spoken here.", [("Sec-WebSocket-Version", "13")])
        }
        guard let key = request.header("sec-websocket-key"), WebSocketHandshake.isValidKey(key) else {
            return refuse("Sec-WebSocket-Key must be base64 of 16 bytes.")
        }
        return .upgrade(HTTPResponse(status: 101, headers: [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Accept", WebSocketHandshake.accept(key: key)),
        ]))
    }
}

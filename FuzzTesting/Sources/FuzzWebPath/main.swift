import ChalklineCore
import ChalklineHTTP

/// libFuzzer's entry for the web path: the input is what one connection sends, cut into chunks,
/// and it goes where the shell would send it: the first-line sniff, the HTTP request head and
/// its answer, then (after an upgrade) wslay's frame reader and the core, in json.
///
/// The first byte seeds the chunk sizes (1 to 64 bytes, so frames split anywhere). Inputs that
/// start with `~` get a valid upgrade request put before the rest, so the fuzzer spends its time
/// on frames rather than on finding a handshake.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var seed = UInt64(bytes.first ?? 1) | 1
    if bytes.first == UInt8(ascii: "~") {
        bytes = Array(("GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").utf8) + bytes.dropFirst()
    }
    let core = ServerCore(config: ServerConfig()) { seed &+= 0x9E37_79B9_7F4A_7C15; return seed }
    let target = DiscardingTarget()
    let runner = EffectRunner(core: core, target: target, writes: .asSent)
    defer { withExtendedLifetime(target) {} }  // the runner holds it unowned
    let id = ConnectionID(1)
    var pending: [UInt8] = []
    var channel: WebSocketChannel?
    var offset = 0
    var now: Millis = 0
    while offset < bytes.count {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let end = min(bytes.count, offset + 1 + Int(seed >> 58))
        let chunk = Array(bytes[offset..<end])
        offset = end
        now += 10
        if let channel {
            let got = chunk.withUnsafeBytes { channel.receive($0) }
            if !got.lines.isEmpty {
                let effects = got.lines.withUnsafeBytes { runner.receive(id, $0, now: now) }
                check(effects)
            }
            if got.closing { return 0 }
            continue
        }
        pending += chunk
        switch FirstLine.classify(pending) {
        case .undecided where pending.count <= Limits.httpHeadBytes: continue
        case .line: return 0
        default: break
        }
        switch HTTPRequest.parse(pending) {
        case .incomplete: continue
        case .tooLarge, .malformed: return 0
        case .complete(let request, let length):
            switch WebExchange.answer(request, site: site, hosts: hosts, qrCodes: qrCodes) {
            case .respond(let response, let headOnly):
                _ = response.rendered(headOnly: headOnly)
                return 0
            case .upgrade(let response):
                _ = response.rendered()
                let made = WebSocketChannel(maxMessageBytes: Limits.lineBytes + 2) { frame in
                    if frame.isEmpty { fatalError("wslay wrote nothing") }
                }
                channel = made
                check(runner.connect(id, peer: "10.0.0.1", format: .json, oneLineMessages: true, now: now))
                let rest = Array(pending[length...])
                pending = []
                if !rest.isEmpty {
                    let got = rest.withUnsafeBytes { made.receive($0) }
                    if !got.lines.isEmpty { check(got.lines.withUnsafeBytes { runner.receive(id, $0, now: now) }) }
                    if got.closing { return 0 }
                }
            }
        }
    }
    return 0
}

/// A site of two small files: the pages' content does not matter here, their paths and validators do.
let site = Site(files: [SiteFile("/", "text/html", Array("<!doctype html>".utf8)), SiteFile("/a.js", "text/javascript", [])])

/// Every message for a WebSocket is json lines, which frame into whole text frames.
func check(_ effects: [Effect]) {
    for case .send(_, let payload) in effects {
        guard payload.bytes.last == 0x0A, payload.bytes.first == UInt8(ascii: "{") else {
            fatalError("not a json line for a WebSocket: \(payload.string)")
        }
        let frames = payload.bytes.withUnsafeBytes { WebSocketFrames.textFrames($0) }
        if frames.count < payload.count { fatalError("framing lost bytes") }
    }
}

/// A server called "laptop" with a public URL: the fuzzer reaches both the host checks and past them.
let hosts = HostPolicy(hostName: "laptop", publicURL: "http://chalk.school.example:7420/")
/// Shared across inputs, as the server's is across requests.
let qrCodes = QRCodeCache(capacity: 8)

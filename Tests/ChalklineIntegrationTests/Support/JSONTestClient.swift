import Foundation

/// What a test asks of a client in json, whatever carries the lines (TCP or WebSocket): send
/// one line, read the next JSON object; waiting for an event or a reply is written once, here.
protocol JSONTestClient: AnyObject {
    func send(_ line: String) throws
    func json(timeout: Double) throws -> [String: Any]
}

extension JSONTestClient {
    /// Skips lines until one of `type` arrives (events the test does not care about may come between).
    func expect(_ type: String, timeout: Double = 5) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let object = try json(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if object["type"] as? String == type { return object }
        }
    }

    /// Sends a command and returns its reply: the next `ok` or `error` line (events before it are skipped).
    func command(_ line: String, timeout: Double = 5) throws -> [String: Any] {
        try send(line)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let object = try json(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if let type = object["type"] as? String, type == "ok" || type == "error" { return object }
        }
    }
}

import ChalklineQR

/// `/qr.svg` bodies by the text they encode. Drawing one costs the loop about six static files'
/// worth of time, and a whole class's pages (and a teacher's every reload) ask for the same room's
/// code; so each text is drawn once. Bounded: past `capacity` texts the oldest is forgotten, so a
/// client asking for made-up room codes cannot grow it.
///
/// Owned by the loop thread and touched only there.
public final class QRCodeCache {
    public let capacity: Int
    private var bodies: [String: [UInt8]] = [:]
    /// Texts in the order they were first drawn, for forgetting the oldest.
    private var order: [String] = []
    private var oldest = 0
    /// Drawings made so far (the tests count them).
    public private(set) var drawn = 0

    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The SVG for `text`, drawn now or earlier; nil when it is too long for a QR code.
    public func svg(for text: String) -> [UInt8]? {
        if let body = bodies[text] { return body }
        guard let matrix = QRMatrix(text: text) else { return nil }
        drawn += 1
        let body = Array(matrix.svg().utf8)
        if bodies.count >= capacity {
            bodies[order[oldest]] = nil
            order[oldest] = text
            oldest = (oldest + 1) % capacity
        } else {
            order.append(text)
        }
        bodies[text] = body
        return body
    }
}

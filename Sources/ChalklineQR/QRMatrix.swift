import CQREncode

/// A QR code's modules, encoded by libqrencode, drawn two ways: as SVG for the teacher's page
/// and as Unicode half blocks for the teacher's terminal. Both draw the same matrix, so a phone
/// reads the same URL from either.
public struct QRMatrix: Sendable, Equatable {
    /// Modules a side, without the quiet zone.
    public let size: Int
    private let dark: [Bool]

    /// Light modules around the code that a scanner needs (the standard asks for 4).
    public static let quietZone = 4

    /// The smallest code (error correction level M: a smudged projector screen still reads)
    /// holding `text`; nil when libqrencode cannot encode it (too long).
    public init?(text: String) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what libqrencode used it for.
        dark = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && dark[y * size + x]
    }

    /// A square SVG, one path for every dark module, quiet zone included; it scales to any size
    /// without blurring (`crispEdges`).
    public func svg() -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for y in 0..<size {
            for x in 0..<size where isDark(x: x, y: y) {
                path += "M\(x + Self.quietZone) \(y + Self.quietZone)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

            """
    }

    /// Rows of half blocks, two modules a character cell, with a quiet zone of `quiet` modules.
    /// Dark modules are drawn as spaces and light ones as blocks, for a terminal that draws
    /// light text on a dark background: the code then reads dark on light, as scanners expect.
    public func halfBlocks(quiet: Int = 2) -> [String] {
        let range = -quiet..<(size + quiet)
        return stride(from: -quiet, to: size + quiet, by: 2).map { y in
            String(range.map { x -> Character in
                switch (!isDark(x: x, y: y), !isDark(x: x, y: y + 1) && y + 1 < size + quiet) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }
}

/// One file the server serves, with the validator a browser revalidates it by.
public struct SiteFile: Sendable {
    public let path: String
    public let contentType: String
    public let bytes: [UInt8]
    /// A strong validator: FNV-1a of the bytes, quoted. It changes whenever the file does.
    public let etag: String

    /// The bytes gzipped, when that makes them smaller (sent to a browser that accepts gzip).
    public let gzipped: [UInt8]?
    /// The gzipped copy's own validator: the plain one's, marked.
    public let gzippedETag: String

    /// Gzips the file here, once: a site is built once (the server's, at start).
    public init(_ path: String, _ contentType: String, _ bytes: [UInt8]) {
        self.path = path
        self.contentType = contentType
        self.bytes = bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let tag = String(hash, radix: 16)
        etag = "\"" + tag + "\""
        gzippedETag = "\"" + tag + "-gzip\""
        gzipped = Gzip.compress(bytes).flatMap { $0.count < bytes.count ? $0 : nil }
    }
}

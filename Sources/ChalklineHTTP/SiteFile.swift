/// One file the server serves, with the validator a browser revalidates it by.
public struct SiteFile: Sendable {
    public let path: String
    public let contentType: String
    public let bytes: [UInt8]
    /// A strong validator: FNV-1a of the bytes, quoted. It changes whenever the file does.
    public let etag: String

    public init(_ path: String, _ contentType: String, _ bytes: [UInt8]) {
        self.path = path
        self.contentType = contentType
        self.bytes = bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        etag = "\"" + String(hash, radix: 16) + "\""
    }
}

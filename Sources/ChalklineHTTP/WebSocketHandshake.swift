import CNettle

/// The server's half of the opening handshake (RFC 6455 section 4.2): the key check and the
/// `Sec-WebSocket-Accept` value, with nettle's SHA-1 and base64 rather than our own.
public enum WebSocketHandshake {
    static let guid = Array("258EAFA5-E914-47DA-95CA-C5AB0DC85B11".utf8)

    /// True when `key` is base64 of 16 bytes, as section 4.1 requires of a client.
    public static func isValidKey(_ key: String) -> Bool {
        let input = Array(key.utf8)
        guard input.count == 24 else { return false }
        var context = base64_decode_ctx()
        nettle_base64_decode_init(&context)
        var output = [UInt8](repeating: 0, count: 18)
        var length = output.count
        let decoded = input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                src.withMemoryRebound(to: CChar.self) { chars in
                    nettle_base64_decode_update(&context, &length, dst.baseAddress, chars.count, chars.baseAddress)
                }
            }
        }
        return decoded == 1 && nettle_base64_decode_final(&context) == 1 && length == 16
    }

    /// base64(SHA-1(key + the protocol's GUID)).
    public static func accept(key: String) -> String {
        var context = sha1_ctx()
        nettle_sha1_init(&context)
        let input = Array(key.utf8) + guid
        nettle_sha1_update(&context, input.count, input)
        var digest = [UInt8](repeating: 0, count: 20)
        nettle_sha1_digest(&context, digest.count, &digest)
        var encoded = [CChar](repeating: 0, count: 28)
        nettle_base64_encode_raw(&encoded, digest.count, digest)
        return String(decoding: encoded.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

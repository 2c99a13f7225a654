/// Secrets (rejoin tokens, host keys) and the codes people type.
enum Secrets {
    static let codeLetters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")  // no I or O: they read as 1 and 0

    /// 128 random bits as 32 hex digits.
    static func token(_ random: () -> UInt64) -> String {
        hex(random()) + hex(random())
    }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    static func roomCode(_ random: () -> UInt64) -> String {
        var v = random()
        var code = ""
        for _ in 0..<4 {
            code.append(codeLetters[Int(v % UInt64(codeLetters.count))])
            v /= UInt64(codeLetters.count)
        }
        return code
    }

    /// Compares without stopping at the first difference, so timing does not leak a token's prefix.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}

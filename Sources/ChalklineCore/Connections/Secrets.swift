/// Secrets (rejoin tokens, host keys) and the codes people type.
enum Secrets {
    static let codeLetters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")  // no I or O: they read as 1 and 0

    /// 128 random bits as 32 hex digits (host keys; seats hold a `Token`).
    static func token(_ random: () -> UInt64) -> String {
        Token(random).text
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

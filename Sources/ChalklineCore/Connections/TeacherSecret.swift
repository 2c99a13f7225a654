/// The teacher's secret (`/teacher SECRET`): what opens the desk's commands (classes, past games,
/// progress, every homework) to a connection. It is the `--create-password` when the server has
/// one; otherwise the shell makes one at the first start (`make`) and keeps it in a file.
public enum TeacherSecret {
    /// Letters of a made secret: room codes' letters, so nothing reads as a digit.
    static let letters = 8

    /// A new secret, `ABCD-EFGH`: 8 of 24 letters (about 37 bits), typed from a projector or a
    /// printout; the guess limiter stops an address (and the server) long before a search gets far.
    public static func make(_ random: () -> UInt64) -> String {
        var code = ""
        for i in 0..<letters {
            if i == letters / 2 { code.append("-") }
            code.append(Secrets.codeLetters[Int(random() % UInt64(Secrets.codeLetters.count))])
        }
        return code
    }

    /// A made secret as it is compared: upper case, without spaces and dashes (so `abcd efgh`,
    /// `ABCDEFGH` and `ABCD-EFGH` are one); nil for anything else, such as a chosen password.
    static func folded(_ text: String) -> String? {
        let kept = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard kept.count == letters, kept.allSatisfy(Secrets.codeLetters.contains) else { return nil }
        return kept
    }

    /// Whether `guess` is the secret, in constant time: a made secret ignores case, spaces and
    /// dashes; a chosen password (the create password) must be typed exactly, as `/create` wants it.
    static func matches(_ guess: String, _ secret: String) -> Bool {
        if let made = folded(secret) {
            // A guess that is no made secret still costs a comparison of the same length.
            return Secrets.constantTimeEquals(folded(guess) ?? String(repeating: "-", count: letters), made)
        }
        return Secrets.constantTimeEquals(guess, secret)
    }
}

/// How numbers read on a projector, in the server's text mode and on the client's screens alike.
public enum NumberText {
    /// 12345 → "12,345": scores read at a glance.
    public static func thousands(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }

    /// 1234 ms → "1.2 s": tenths are as fine as a class can see.
    public static func seconds(_ ms: Int64) -> String {
        let tenths = (ms + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

/// `typos=1`: a typed answer one slip away from an accepted one is still right. A slip is one
/// letter wrong, missing or extra, or two neighbours swapped (`recieve` for `receive`); an accent
/// wrong or missing is one slip when accents are strict. Digits are never forgiven: `route 67`
/// is not `route 66`. Linear, with no table: only "at most one" is ever asked.
enum OneSlip {
    static func apart(_ accepted: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>) -> Bool {
        switch accepted.count - typed.count {
        case 0: return replacedOrSwapped(accepted, typed)
        case 1: return dropped(from: accepted, giving: typed)
        case -1: return dropped(from: typed, giving: accepted)
        default: return false
        }
    }

    private static func replacedOrSwapped(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>) -> Bool {
        guard let i = firstDifference(a, b, from: 0, 0) else { return true }
        if firstDifference(a, b, from: i + 1, i + 1) == nil { return !isDigit(a[i]) && !isDigit(b[i]) }
        guard i + 1 < a.count, a[i] == b[i + 1], a[i + 1] == b[i], !isDigit(a[i]), !isDigit(a[i + 1]) else { return false }
        return firstDifference(a, b, from: i + 2, i + 2) == nil
    }

    /// `shorter` is `longer` with one element left out.
    private static func dropped(from longer: UnsafeBufferPointer<UInt32>, giving shorter: UnsafeBufferPointer<UInt32>) -> Bool {
        let i = firstDifference(longer, shorter, from: 0, 0) ?? shorter.count
        return !isDigit(longer[i]) && firstDifference(longer, shorter, from: i + 1, i) == nil
    }

    /// The first place from `i` in `a` (and `j` in `b`) where they differ; nil when the rest of
    /// both is the same (`b`'s rest may be no longer than `a`'s).
    private static func firstDifference(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, from i: Int, _ j: Int) -> Int? {
        var (i, j) = (i, j)
        while i < a.count {
            if j >= b.count || a[i] != b[j] { return i }
            i += 1
            j += 1
        }
        return j < b.count ? i : nil
    }

    private static func isDigit(_ scalar: UInt32) -> Bool { (0x30...0x39).contains(scalar) }
}

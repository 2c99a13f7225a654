import ChalklineProtocol

/// Places as words. The place itself is the server's `rank`, shown as it is (equal score and
/// equal time share it, 1, 2, 2, 4): no screen ranks for itself, so none can disagree.
package enum Places {
    /// 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd".
    package static func ordinal(_ n: Int) -> String {
        let suffix = switch (n % 10, n % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return NumberText.thousands(n) + suffix
    }
}

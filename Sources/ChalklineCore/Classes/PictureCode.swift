/// A student's picture code: three of the nine pictures of the join page (1 sun, 2 moon, 3 star,
/// 4 heart, 5 tree, 6 fish, 7 house, 8 ball, 9 flower), tapped in order, typed as three digits at
/// netcat. Three distinct digits 1-9 make 504 codes: a class of 60 each gets one of its own, so
/// a classmate who saw one code over a shoulder cannot use it for anyone else.
enum PictureCode {
    /// Every code, in order: small enough to pick from directly.
    static let all: [String] = {
        var codes: [String] = []
        for a in 1...9 { for b in 1...9 where b != a { for c in 1...9 where c != a && c != b { codes.append("\(a)\(b)\(c)") } } }
        return codes
    }()

    /// A random code none of `taken` has; one of them when every code is taken (a class holds far
    /// fewer students than there are codes, so only a server with a raised limit sees that).
    static func draw(avoiding taken: Set<String>, _ random: () -> UInt64) -> String {
        let free = all.filter { !taken.contains($0) }
        let pool = free.isEmpty ? all : free
        return pool[Int(random() % UInt64(pool.count))]
    }

    /// Three digits 1-9, none twice: what `/join CODE NAME DIGITS` may carry.
    static func isWellFormed(_ text: String) -> Bool {
        text.count == 3 && Set(text).count == 3 && text.allSatisfy { ("1"..."9").contains($0) }
    }
}

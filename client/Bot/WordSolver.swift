import Foundation

/// Finds the word-puzzle answers a board allows: sequences of distinct letter groups whose
/// letters add up to a clue's length and spell a known word. This is how a person plays
/// (try the pieces that fit), not a dictionary spray, so the server's rate limit is never the
/// thing that stops a bot.
package struct WordSolver {
    package let words: Set<String>

    /// Debian's English word list (wamerican, else wbritish) when one is installed, else the
    /// short list shipped with the client. Not `/usr/share/dict/words`: that is whichever
    /// list the machine chose, French or Spanish once `make test-deps` installs those.
    static let englishLists = ["/usr/share/dict/american-english", "/usr/share/dict/british-english"]

    package static func standard() -> WordSolver {
        if let text = englishLists.lazy.compactMap({ try? String(contentsOfFile: $0, encoding: .utf8) }).first {
            return WordSolver(words: Set(text.split(separator: "\n").compactMap(normalize)))
        }
        return WordSolver(words: Set(FallbackWords.list.compactMap { normalize(Substring($0)) }))
    }

    package init(words: Set<String>) { self.words = words }

    /// Uppercase letters only; names and words with apostrophes are not answers.
    private static func normalize(_ word: Substring) -> String? {
        guard word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
        return word.uppercased()
    }

    /// Every word of `length` letters made from the groups, each group used at most once.
    package func candidates(length: Int, groups: [String]) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var used = [Bool](repeating: false, count: groups.count)
        func extend(_ prefix: String, depth: Int) {
            if prefix.count == length {
                if words.contains(prefix), seen.insert(prefix).inserted { found.append(prefix) }
                return
            }
            guard depth < 6 else { return }
            for (i, group) in groups.enumerated() where !used[i] && prefix.count + group.count <= length {
                used[i] = true
                extend(prefix + group, depth: depth + 1)
                used[i] = false
            }
        }
        extend("", depth: 0)
        return found
    }

    /// The groups a claimed word used, so they can leave the bot's copy of the board just as
    /// they leave the server's.
    package static func groupsSpelling(_ word: String, from groups: [String]) -> [Int]? {
        var used = [Bool](repeating: false, count: groups.count)
        func search(_ rest: Substring) -> [Int]? {
            if rest.isEmpty { return [] }
            for (i, group) in groups.enumerated() where !used[i] && !group.isEmpty && rest.hasPrefix(group) {
                used[i] = true
                if let tail = search(rest.dropFirst(group.count)) { return [i] + tail }
                used[i] = false
            }
            return nil
        }
        return search(Substring(word.uppercased()))
    }
}

/// A gettext PO catalog read into keys and their forms: the format Weblate, Poedit and gettext's
/// own tools read and write, so a translator needs nothing of ours.
///
/// Chalkline's catalogs are monolingual (`en.po` holds the English text of every key, the other
/// files the same keys translated): the `msgid` is a stable key such as `error.room_full`, never
/// the English sentence, so fixing an English typo does not orphan every translation.
public struct POFile: Sendable {
    /// One `msgid` and its `msgstr` forms: one form, or one a plural form for a `msgid_plural` entry.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var plural: Bool
        public var forms: [String]

        public init(key: String, plural: Bool, forms: [String]) {
            self.key = key
            self.plural = plural
            self.forms = forms
        }
    }

    public var entries: [Entry] = []
    /// The header (the entry with an empty msgid) as its `Name: value` lines.
    public var header: [String: String] = [:]
    /// Lines the reader could not follow, as `line N: why`: a test keeps every catalog free of them.
    public var problems: [String] = []

    public init(_ text: String) {
        var key: String?, plural = false, forms: [Int: String] = [:], fuzzy = false
        var current: String?   // which field the continuation lines extend: "id", "plural", or "str N"
        func flush() {
            defer { key = nil; plural = false; forms = [:]; fuzzy = false; current = nil }
            guard let k = key else { return }
            let ordered = (0..<(forms.keys.max().map { $0 + 1 } ?? 0)).map { forms[$0] ?? "" }
            if k.isEmpty {
                for line in (forms[0] ?? "").split(separator: "\n") {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    header[String(line[..<colon].trimmed)] = String(line[line.index(after: colon)...].trimmed)
                }
            } else if !fuzzy {
                entries.append(Entry(key: k, plural: plural, forms: ordered))
            }
        }
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmed
            if line.isEmpty { flush(); continue }
            if line.hasPrefix("#,") { if line.contains("fuzzy") { fuzzy = true }; continue }
            if line.hasPrefix("#") { continue }
            let (word, rest) = Self.split(line)
            guard let value = Self.unquote(rest) else {
                problems.append("line \(number + 1): expected a quoted string: \(line)")
                continue
            }
            switch word {
            case "msgid":
                if key != nil && !forms.isEmpty { flush() }
                key = value; current = "id"
            case "msgid_plural":
                plural = true; current = "plural"
            case "msgstr":
                forms[0] = value; current = "str 0"
            case "msgctxt":
                problems.append("line \(number + 1): msgctxt is not used by Chalkline's catalogs")
            case "":
                switch current {
                case "id": key = (key ?? "") + value
                case "plural": break
                case let field? where field.hasPrefix("str "):
                    let index = Int(field.dropFirst(4)) ?? 0
                    forms[index] = (forms[index] ?? "") + value
                default: problems.append("line \(number + 1): a string with no field before it")
                }
            default:
                if word.hasPrefix("msgstr["), word.hasSuffix("]"), let index = Int(word.dropFirst(7).dropLast()) {
                    forms[index] = value; current = "str \(index)"
                } else {
                    problems.append("line \(number + 1): unknown field \(word)")
                }
            }
        }
        flush()
    }

    /// `msgstr[1] "x"` → (`msgstr[1]`, `"x"`); `"x"` → (``, `"x"`).
    private static func split(_ line: Substring) -> (String, Substring) {
        if line.first == "\"" { return ("", line) }
        guard let space = line.firstIndex(of: " ") else { return (String(line), "") }
        return (String(line[..<space]), line[line.index(after: space)...].trimmed)
    }

    /// The C-style string between the quotes, with `\n`, `\t`, `\"` and `\\` read.
    private static func unquote(_ s: Substring) -> String? {
        guard s.count >= 2, s.first == "\"", s.last == "\"" else { return nil }
        var out = "", escaped = false
        for ch in s.dropFirst().dropLast() {
            if escaped {
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(ch)
                }
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return escaped ? nil : out
    }
}

extension StringProtocol {
    /// Without the blanks at either end (PO files are edited by hand as often as by tools).
    fileprivate var trimmed: Substring {
        let s = Substring(self)
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !blank($0) }), let last = s.lastIndex(where: { !blank($0) }) else { return "" }
        return s[first...last]
    }
}

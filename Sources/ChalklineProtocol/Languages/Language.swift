/// One language's catalog, read from its PO file: the texts, their plural rule, and how numbers
/// are written. Immutable and shared by every connection that chose it.
public final class Language: Sendable {
    /// `en`, `fr`: what `/lang` and `--language` take, and the page's `lang`.
    public let code: String
    /// The language's own name for itself (`Français`), for `/lang` and the pages' switcher.
    public let name: String
    /// `.` or `,`: how this language writes 3.5, and which reading wins when a typed number could
    /// be read both ways (`1,234`).
    public let decimalMark: Character
    /// Between thousands: `,` in English, a no-break space in French, `.` in German.
    public let groupMark: String
    /// Plural forms for 0...199 (see `PluralRule`), from the header's `Plural-Forms`.
    public let pluralTable: [Int]
    /// Ordinal forms likewise, from the header's `X-Ordinal-Forms` (`1st`, `2nd`; `1er`, `2e`).
    public let ordinalTable: [Int]
    /// Every key and its forms.
    public let entries: [String: [String]]
    /// Where a missing key is looked up (English; nil for English itself).
    let fallback: Language?

    init(file: POFile, fallback: Language?) {
        let h = file.header
        code = h["Language"] ?? "?"
        name = h["X-Language-Name"] ?? code
        decimalMark = h["X-Decimal-Mark"]?.first ?? "."
        groupMark = (h["X-Group-Mark"]).map { $0 == "space" ? "\u{00A0}" : $0 } ?? ","
        pluralTable = Self.table(h["Plural-Forms"], prefix: "plural=", count: "nplurals=")
        ordinalTable = Self.table(h["X-Ordinal-Forms"], prefix: "form=", count: "nforms=")
        entries = Dictionary(file.entries.map { ($0.key, $0.forms) }, uniquingKeysWith: { first, _ in first })
        self.fallback = fallback
    }

    /// `nplurals=2; plural=(n != 1);` → its table; a missing or unreadable header, all one form.
    static func table(_ header: String?, prefix: String, count: String) -> [Int] {
        guard let header, let start = header.firstRange(of: prefix) else { return Array(repeating: 0, count: PluralRule.tableSize) }
        let forms = header.firstRange(of: count).flatMap { Int(header[$0.upperBound...].prefix { $0.isNumber }) } ?? 1
        return PluralRule.table(String(header[start.upperBound...]), forms: forms) ?? Array(repeating: 0, count: PluralRule.tableSize)
    }

    /// Forms the header says a plural entry has.
    public var pluralCount: Int { (pluralTable.max() ?? 0) + 1 }

    /// The text of `say` in this language: its form for the count, placeholders filled.
    public func callAsFunction(_ say: Say) -> String {
        var args = say.args
        if let count = say.count { args.append(("count", .int(count))) }
        return fill(form(say.key, count: say.count), args)
    }

    /// The text of a key with its arguments: `l.text("error.lang.unknown", ["code": "xx", "list": "en, fr"])`.
    public func text(_ key: String, count: Int? = nil, _ args: KeyValuePairs<String, Say.Arg> = [:]) -> String {
        self(Say(key, count: count, arguments: args.map { ($0.key, $0.value) }))
    }

    /// The raw form of `key` for `count` (the key itself when no catalog has it, so a missing
    /// text shows as a bug and not as a blank).
    public func form(_ key: String, count: Int? = nil) -> String {
        if let forms = entries[key], !forms.isEmpty {
            let i = count.map { PluralRule.form($0, in: pluralTable) } ?? 0
            if forms.indices.contains(i), !forms[i].isEmpty { return forms[i] }
        }
        return fallback?.form(key, count: count) ?? key
    }

    /// 12345 → `12,345` / `12 345` / `12.345`.
    public func number(_ n: Int) -> String {
        let digits = String(n.magnitude)
        guard digits.utf8.count > 3 else { return n < 0 ? "-" + digits : digits }
        var out = n < 0 ? "-" : ""
        let count = digits.utf8.count
        for (i, byte) in digits.utf8.enumerated() {
            if i > 0 && (count - i) % 3 == 0 { out += groupMark }
            out.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return out
    }

    /// `1st` / `1er` / `1.`: the entry `number.ordinal.K`, K the ordinal form of n.
    public func ordinal(_ n: Int) -> String {
        fill(form("number.ordinal.\(PluralRule.form(n, in: ordinalTable))"), [("n", .int(n))])
    }

    /// Ordinal forms the header says the language has (`number.ordinal.0` up to this, less one).
    public var ordinalCount: Int { (ordinalTable.max() ?? 0) + 1 }

    /// Scans the template's UTF-8 bytes, not its Characters: the braces are ASCII, so their
    /// indices are safe to slice at, and skipping grapheme breaking is what keeps a rendered
    /// line near the cost of the string interpolation it replaced (BENCHMARKS.md, issue 42).
    private func fill(_ template: String, _ args: [(String, Say.Arg)]) -> String {
        let bytes = template.utf8
        guard var open = bytes.firstIndex(of: Self.openBrace) else { return template }
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        var copied = bytes.startIndex
        while let close = bytes[open...].firstIndex(of: Self.closeBrace) {
            out += template[copied..<open]
            let name = bytes[bytes.index(after: open)..<close]
            if let arg = args.last(where: { $0.0.utf8.elementsEqual(name) })?.1 {
                switch arg {
                case .text(let s): out += s
                case .int(let n): out += number(n)
                case .say(let inner): out += self(inner)
                }
            } else {
                out += template[open...close]
            }
            copied = bytes.index(after: close)
            guard let next = bytes[copied...].firstIndex(of: Self.openBrace) else { break }
            open = next
        }
        out += template[copied...]
        return out
    }

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")

    /// The `{name}` placeholders of a text, for the catalog tests.
    public static func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

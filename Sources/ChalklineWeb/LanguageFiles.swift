import ChalklineHTTP
import ChalklineCore

/// The catalogs as the pages read them (`/lang/CODE.json`, fetched by `i18n.js`): made at start
/// from the same PO files the server speaks from, so a page and the text mode never disagree,
/// and holding only the pages' keys.
enum LanguageFiles {
    /// The key families the pages use: their own, the option fields', and how numbers are written.
    static let pagePrefixes = ["page.", "play.", "host.", "desk.", "option.", "number."]

    static var files: [SiteFile] {
        Languages.all.map { SiteFile("/lang/\($0.code).json", "application/json; charset=utf-8", json($0).encoded()) }
    }

    /// `{code, name, decimal, group, plural, ordinal, languages, texts}`: `plural` and `ordinal`
    /// are the forms for 0...199 (`PluralRule`), so the page evaluates no expression; a text
    /// with plural forms is an array.
    static func json(_ language: Language) -> JSON {
        var keys = Set(language.entries.keys)
        keys.formUnion(Languages.english.entries.keys)
        let texts: [(String, JSON)] = keys.filter { key in pagePrefixes.contains { key.hasPrefix($0) } }.sorted().map { key in
            let forms = language.entries[key].flatMap { $0.allSatisfy(\.isEmpty) ? nil : $0 } ?? Languages.english.entries[key] ?? [key]
            return (key, forms.count == 1 && !isPlural(key) ? .string(forms[0]) : .array(forms.map { .string($0) }))
        }
        return .object([
            ("code", .string(language.code)), ("name", .string(language.name)),
            ("decimal", .string(String(language.decimalMark))), ("group", .string(language.groupMark)),
            ("plural", .array(language.pluralTable.map { .int($0) })),
            ("ordinal", .array(language.ordinalTable.map { .int($0) })),
            ("languages", .array(Languages.all.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) })),
            ("texts", .object(texts)),
        ])
    }

    private static func isPlural(_ key: String) -> Bool {
        Languages.parsed[0].file.entries.first { $0.key == key }?.plural ?? false
    }
}

/// The languages Chalkline speaks: one PO file each in `Locales/`, compiled into both binaries.
/// English is the source every other file translates, and what a missing text falls back to.
public enum Languages {
    /// Every catalog, by its file name: a new language is its file in `Locales/` and its line
    /// here (`LanguageFilesTests` fails naming a file that is not listed).
    public static let files: [(name: String, bytes: [UInt8])] = [
        ("en.po", PackageResources.en_po),
        ("fr.po", PackageResources.fr_po),
        ("es.po", PackageResources.es_po),
        ("de.po", PackageResources.de_po),
        ("pt.po", PackageResources.pt_po),
    ]

    /// The files as read, problems and all, for the catalog tests.
    public static let parsed: [(name: String, file: POFile)] = files.map { ($0.name, POFile(String(decoding: $0.bytes, as: UTF8.self))) }

    public static let english = Language(file: parsed[0].file, fallback: nil)

    /// English first, then the others in `files`' order.
    public static let all: [Language] = [english] + parsed.dropFirst().map { Language(file: $0.file, fallback: english) }

    /// `en fr es de pt`, as `/lang` lists them.
    public static var codes: [String] { all.map(\.code) }

    /// The language for `code` (`fr`, `FR`, and `fr-CA` all give French), or nil.
    public static func named(_ code: String) -> Language? {
        let base = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return all.first { $0.code == base }
    }

    /// The position of a language in `all`: what a connection keeps (one byte, not a reference).
    public static func index(of language: Language) -> UInt8 {
        UInt8(all.firstIndex { $0 === language } ?? 0)
    }
}

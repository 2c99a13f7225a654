import Foundation
import Testing
@testable import ChalklineCore

/// The catalogs agree with each other and with the code: a key missing from a language, a
/// placeholder that differs, a key no code uses and a key the code uses that no catalog has all
/// fail here, naming what is wrong.
@Suite("Message catalogs")
struct MessageCatalogTests {
    static let english = Languages.parsed[0].file
    static let englishKeys = Set(english.entries.map(\.key))

    /// Keys the code builds rather than spells out, each family with the check that keeps it
    /// honest (a test would otherwise call them unused).
    static let builtFamilies: [(prefix: String, why: String)] = [
        ("number.ordinal.", "Language.ordinal and i18n.js pick number.ordinal.K by the ordinal form"),
        ("help.", "Help reads help.VERB for each command of the table"),
        ("option.", "the create form reads option.KIND.NAME.label/.help, else option.NAME.*, for each option /catalog lists"),
        ("host.report.column.", "the report's tables name a column by its field: host.report.column.FIELD"),
    ]

    @Test func builtKeysNameWhatTheyAreBuiltFrom() {
        let verbs = Set(ServerCore.commands.map(\.name))
        for key in Self.englishKeys where key.hasPrefix("help.") {
            #expect(verbs.contains(String(key.dropFirst(5).prefix { $0 != "." })), "\(key): no command \(key.dropFirst(5))")
        }
    }

    /// `option.KIND.summary`, `option.KIND.NAME.FIELD` (a kind's own option) or `option.NAME.FIELD`
    /// (an option of every kind that has it, said once): each names a kind and an option it has.
    @Test func optionKeysNameARealKindAndOption() {
        let kinds = Dictionary(uniqueKeysWithValues: RaceCatalog.kinds.map { ($0.name, Set($0.options.map(\.name))) })
        let everyOption = kinds.values.reduce(Set<String>()) { $0.union($1) }
        for key in Self.englishKeys where key.hasPrefix("option.") {
            let parts = key.dropFirst(7).split(separator: ".").map(String.init)
            switch parts.count {
            case 2 where parts[1] == "summary":
                #expect(kinds[parts[0]] != nil, "\(key): no kind \(parts[0])")
            case 2:
                #expect(everyOption.contains(parts[0]) && ["label", "help"].contains(parts[1]), "\(key): no option \(parts[0]), or not label/help")
            case 3:
                #expect(kinds[parts[0]]?.contains(parts[1]) == true && ["label", "help"].contains(parts[2]), "\(key): kind \(parts[0]) has no option \(parts[1]), or not label/help")
            default:
                Issue.record("\(key): not option.KIND.summary, option.NAME.FIELD or option.KIND.NAME.FIELD")
            }
        }
    }

    /// The form's words for every option of every kind, in English the declarations' own (`label`,
    /// `hint`, the kind's `summary`): a new option without its words, or words changed in one
    /// place and not the other, fails here.
    @Test func everyOptionHasItsWordsAndTheEnglishIsTheDeclarations() {
        let english = Languages.english
        func words(_ kind: String, _ name: String, _ field: String) -> String? {
            english.entries["option.\(kind).\(name).\(field)"]?.first ?? english.entries["option.\(name).\(field)"]?.first
        }
        for kind in RaceCatalog.kinds {
            #expect(english.entries["option.\(kind.name).summary"]?.first == kind.summary, "option.\(kind.name).summary")
            for option in kind.options {
                #expect(words(kind.name, option.name, "label") == option.label, "\(kind.name) \(option.name): label")
                #expect(words(kind.name, option.name, "help") == option.hint, "\(kind.name) \(option.name): help")
            }
        }
    }

    /// A report column's key names a field the server writes (a quoted name in the code).
    @Test func reportColumnKeysNameAField() {
        for key in Self.englishKeys where key.hasPrefix("host.report.column.") {
            #expect(Self.sources.contains("\"\(key.dropFirst(19))\""), "\(key): no field \(key.dropFirst(19))")
        }
    }

    @Test func everyFileReadsCleanlyWithItsHeader() {
        for (name, file) in Languages.parsed {
            #expect(file.problems.isEmpty, "\(name): \(file.problems)")
            #expect(file.header["Language"].map { $0 + ".po" } == name, "\(name): its Language header")
            #expect(file.header["X-Language-Name"] != nil, "\(name): X-Language-Name")
            #expect(file.header["Plural-Forms"] != nil, "\(name): Plural-Forms")
        }
        #expect(Languages.codes == ["en", "fr", "es", "de", "pt"])
    }

    /// Branches append to the catalogs at once (`merge=union`): a key two of them added would be
    /// read twice, the first one winning silently.
    @Test func noKeyIsInAFileTwice() {
        for (name, file) in Languages.parsed {
            var seen = Set<String>()
            let twice = file.entries.map(\.key).filter { !seen.insert($0).inserted }
            #expect(twice.isEmpty, "\(name) has these keys twice: \(twice)")
        }
    }

    @Test func everyLanguageHasEveryKeyWithTheSamePlaceholders() {
        for language in Languages.all.dropFirst() {
            let file = Languages.parsed.first { $0.name == language.code + ".po" }!.file
            let keys = Set(file.entries.map(\.key))
            let missing = Self.englishKeys.subtracting(keys).filter { !$0.hasPrefix("number.ordinal.") }.sorted()
            #expect(missing.isEmpty, "\(language.code) lacks \(missing)")
            let extra = keys.subtracting(Self.englishKeys).sorted()
            #expect(extra.isEmpty, "\(language.code) has keys English has not: \(extra)")
            for entry in file.entries {
                guard let source = Self.english.entries.first(where: { $0.key == entry.key }) else { continue }
                let wanted = source.forms.reduce(into: Set<String>()) { $0.formUnion(Language.placeholders($1)) }.subtracting(["count"])
                for form in entry.forms {
                    #expect(!form.isEmpty, "\(language.code) \(entry.key): an empty text")
                    #expect(Language.placeholders(form).subtracting(["count"]) == wanted,
                            "\(language.code) \(entry.key): placeholders \(Language.placeholders(form).sorted()) where English has \(wanted.sorted())")
                }
                #expect(entry.plural == source.plural, "\(language.code) \(entry.key): plural in one and not the other")
                if entry.plural {
                    #expect(entry.forms.count == language.pluralCount, "\(language.code) \(entry.key): \(entry.forms.count) forms, its Plural-Forms says \(language.pluralCount)")
                }
            }
            for k in 0..<language.ordinalCount {
                #expect(language.entries["number.ordinal.\(k)"] != nil, "\(language.code): number.ordinal.\(k)")
            }
        }
    }

    /// The text of every file the code lives in: Swift, the pages' scripts and HTML, the client.
    static let sources: String = {
        let root = repositoryRoot()
        var text = ""
        for folder in ["Sources", "client"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard ["swift", "js", "html"].contains(url.pathExtension) else { continue }
                text += (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                text += "\n"
            }
        }
        return text
    }()

    @Test func everyKeyIsUsedByTheCode() {
        let unused = Self.englishKeys.filter { key in
            !Self.builtFamilies.contains { key.hasPrefix($0.prefix) }
                && !Self.sources.contains("\"\(key)\"") && !Self.sources.contains("'\(key)'")
        }.sorted()
        #expect(unused.isEmpty, "keys no code uses: \(unused)")
    }

    @Test func everyKeyTheCodeNamesIsInEnglish() throws {
        // Say("key", ...), .text("key", ...), t('key', ...), tn('key', ...), data-t="key", data-t-title="key"
        let pattern = try Regex(#"(?:Say\(|\.text\(|\bt\(|\btn\(|data-t(?:-[a-z-]+)?=)["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']"#)
        let named = Set(Self.sources.matches(of: pattern).map { String($0.output[1].substring ?? "") })
        let unknown = named.subtracting(Self.englishKeys).sorted()
        #expect(unknown.isEmpty, "keys the code names that en.po has not: \(unknown)")
    }

    @Test func aNewFileInLocalesIsListed() throws {
        let folder = repositoryRoot().appendingPathComponent("Sources/ChalklineProtocol/Locales")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".po") }.sorted()
        #expect(names == Languages.files.map(\.name).sorted(), "add each Locales/*.po to Languages.files")
    }
}

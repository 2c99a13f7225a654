import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Small levels written for the tests, so a test never depends on the built-in pack's words.
enum WordsFixtures {
    static let levelA = """
        # a comment, then a blank line

        SUN|FLO|WER: Tall yellow bloom
        RAIN|COAT: Keeps you dry
        BUT|TER|FLY: Winged insect
        POP|CORN: Cinema snack
        FIRE|WORK: Bang in the sky
        STAR|FI|SH: Five-armed sea creature
        PIN|E|AP|PL|E: Spiky tropical fruit
        """
    static let answersA = ["SUNFLOWER", "RAINCOAT", "BUTTERFLY", "POPCORN", "FIREWORK", "STARFISH", "PINEAPPLE"]

    static let levelB = """
        TEA|POT: Pours a hot drink
        CUP|CA|KE: Small iced treat
        MOON|LIG|HT: Silver glow at night
        RAIN|DR|OP: Falls from a cloud
        SEA|SH|ELL: Found on the beach
        FOOT|BA|LL: Kicked into a goal
        HO|M|E: Where you live
        """
    static let answersB = ["TEAPOT", "CUPCAKE", "MOONLIGHT", "RAINDROP", "SEASHELL", "FOOTBALL", "HOME"]

    static func level(_ text: String) -> WordLevel {
        switch LevelFile.parse(fileName: "fixture.txt", text: text) {
        case .success(let level): return level
        case .failure(let problems): fatalError("fixture does not parse: \(problems)")
        }
    }

    /// Three levels: A, B, A again (a pack may repeat words across levels).
    static let pack = LevelPack(name: "test", levels: [level(levelA), level(levelB), level(levelA)])
}

extension JSON {
    /// A field of an object, for reading replies and events in tests.
    subscript(_ key: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    var intValue: Int? { if case .int(let i) = self { i } else { nil } }
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
}

extension WordsFixtures {
    /// An in-process server with the test pack (three levels: A, B, A) as its only pack.
    static func server() throws -> ServerHarness {
        var config = ServerConfig()
        config.levelPacks = [pack]
        return try ServerHarness(.inProcess, config: config, seed: 2024)
    }
}

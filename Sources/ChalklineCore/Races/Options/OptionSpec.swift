/// What one `/create` option is, as data: its name, the values it takes, its default and a
/// line of help. Declared once per option (see `GameOption`); parsing, `/help create KIND`, the
/// `settings` echo, `/catalog`, the schema's `settings_KIND` and the tests of protocol.md's
/// tables all read it, so none of them can drift from the others.
public struct OptionSpec: Sendable, Equatable {
    public enum ValueType: Sendable, Equatable {
        /// A whole number; `max` nil when it depends on the server (the word packs' sizes).
        case int(min: Int, max: Int?)
        /// Seconds, fractions allowed.
        case number(min: Double, max: Double)
        /// One word of `choices`, any case.
        case choice([String])
        /// Any of `choices`, separated by commas.
        case list([String])
        /// A switch, spelled `yes|no` or `on|off` in help (both spellings are read).
        case bool(Spelling)
        /// Free text with a grammar of its own (`table=3-5`, `ops=+-`): `takes` says what it is.
        case text(takes: String)

        /// The name the catalog gives the type.
        public var name: String {
            switch self {
            case .int: "int"
            case .number: "number"
            case .choice: "choice"
            case .list: "list"
            case .bool: "bool"
            case .text: "text"
            }
        }
    }

    public enum Spelling: Sendable, Equatable {
        case yesNo, onOff
        var words: (on: String, off: String) { self == .yesNo ? ("yes", "no") : ("on", "off") }
    }

    public let name: String
    public var type: ValueType
    /// The default as `settings` echoes it; `.null` when none is fixed (a seed drawn at random,
    /// a maximum that depends on the operation).
    public internal(set) var defaultValue: JSON
    /// The default as people read it, when `defaultValue` alone does not say it.
    public internal(set) var defaultNote: String?
    /// One line: what the option changes.
    public let help: String
    /// Also read under these names (`tables=` for `table=`), never echoed.
    public var aliases: [String] = []
    /// What the values are, when the type alone does not say it well (`seed`: any whole number).
    public var valuesNote: String? = nil
    /// `settings` may echo null (no fixed default and none given).
    public var nullable = false
    /// What a create form calls it ("Times tables", "Seconds per question"): `help` speaks
    /// the protocol to bots and `/help create`, these two speak to a teacher.
    public var label = ""
    /// One line a teacher reads under the field: no commands, no `key=value`, no grammar.
    public var hint = ""
    /// Rarely needed: a form keeps it under "More options", so the usual ones fit one screen.
    public var more = false
    /// Its values are the server's as they are now (`set=`: the question sets): `/catalog`
    /// offers them as a choice, while `/create` reads any text and the schema says a string.
    public var offers: Offer? = nil

    public enum Offer: Sendable, Equatable {
        case questionSets
    }

    /// `bad_args`'s message for a value the option does not take, built from the declaration's
    /// parts; names, words and bounds stay as they are typed (`time=0.2`, `order=random`).
    var refusal: Say {
        let option: Say.Arg = .text(name)
        switch type {
        case let .int(min, max?):
            return Say("error.option.int", ["name": option, "min": .text(String(min)), "max": .text(String(max))])
        case let .int(min, nil):
            return Say("error.option.int_up", ["name": option, "min": .text(String(min))])
        case let .number(min, max):
            return Say("error.option.seconds", ["name": option, "min": .text(Self.format(min)), "max": .text(Self.format(max))])
        case .choice(let words) where words.count > 3:
            return Say("error.option.one_of", ["name": option, "words": .text(words.joined(separator: ", "))])
        case .choice(let words) where words.count > 1:
            return Say("error.option.either", ["name": option, "first": .text(words.dropLast().joined(separator: ", ")),
                                               "last": .text(words.last!)])
        case .choice(let words):
            return Say("error.option.takes", ["name": option, "takes": .text(words.first ?? "")])
        case .list(let words):
            return Say("error.option.list", ["name": option, "words": .text(words.joined(separator: ","))])
        case .bool:
            return Say("error.option.yes_no", ["name": option])
        case .text(let takes):
            return Say("error.option.takes", ["name": option, "takes": .text(takes)])
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

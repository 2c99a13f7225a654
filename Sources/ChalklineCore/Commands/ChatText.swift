/// Chat lines go to every screen in the room, so nothing in them may move a cursor, change
/// colours or reorder text: control and format characters (escape sequences, bidi overrides)
/// are dropped, as names never contain them.
enum ChatText {
    static let maxLength = Limits.chatCharacters

    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                if scalar == "\t" { scalars.append(" ") }
            default: scalars.append(scalar)
            }
        }
        let cleaned = String(scalars).trimmingBlanks()
        return cleaned.count > maxLength ? String(cleaned.prefix(maxLength)) : cleaned
    }
}

import ChalklineProtocol

/// Places, times and counts as the client's language writes them. The place itself is the
/// server's `rank`, shown as it is (equal score and equal time share it, 1, 2, 2, 4): no screen
/// ranks for itself, so none can disagree.
package enum Places {
    /// 1 → "1st" (English), "1er" (French), "1." (German): the catalog's ordinal forms.
    package static func ordinal(_ n: Int, _ language: Language = Languages.english) -> String {
        language.ordinal(n)
    }

    /// 1234 ms → "1.2 s" / "1,2 s": tenths, with the language's decimal mark.
    package static func seconds(ms: Int64, _ language: Language) -> String {
        let text = NumberText.seconds(ms)
        return language.decimalMark == "." ? text : String(text.map { $0 == "." ? language.decimalMark : $0 })
    }
}

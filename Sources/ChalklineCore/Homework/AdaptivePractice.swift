/// Adaptive homework (`/assign times class=4B adaptive=yes`): each student's try asks more of
/// their own weakest facts, drawn by weight from their Leitner boxes (`LeitnerBoxes`).
extension AssignmentRecord {
    /// `adaptive=yes`, kept with the options so that a restart keeps it too.
    public var adaptive: Bool { options.contains { $0.lowercased() == AdaptivePractice.option } }

    /// The race's own options: what each try makes its race from (`adaptive=` is the homework's).
    var raceOptions: [String] { options.filter { !$0.lowercased().hasPrefix("adaptive=") } }
}

enum AdaptivePractice {
    /// How the stored options say it.
    static let option = "adaptive=yes"

    /// The seed of a student's `ordinal`th try (1 for their first): the assignment's seed, the
    /// student's uid and the ordinal mixed, so a student's tries differ from each other and from
    /// a classmate's, and the same try asks the same again (boxes alike) on any machine.
    static func seed(assignment: UInt64, student: String, ordinal: Int) -> UInt64 {
        // FNV-1a: a fixed hash of the uid, unlike `Hasher`, which is seeded anew each process.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in student.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var mix = SplitMix64(seed: assignment ^ hash ^ (UInt64(ordinal) &* 0x9E37_79B9_7F4A_7C15))
        // In the range `seed=` takes, so the try's `settings` echo a seed a teacher could type.
        return mix.next() % 1_000_000_000
    }

    /// `adaptive=` of `/assign`, taken out of `args`: true for yes. Only times practises facts,
    /// and only a class has students whose answers are followed from game to game.
    static func read(_ args: inout [String], forClass: Bool) throws(ErrorReply) -> Bool {
        let given = args.filter { $0.lowercased().hasPrefix("adaptive=") }
        args.removeAll { $0.lowercased().hasPrefix("adaptive=") }
        guard let value = given.last.map({ String($0.dropFirst("adaptive=".count)).lowercased() }) else { return false }
        if given.count > 1 { throw ErrorReply("assign", .badArgs, Say("error.homework.option_twice", ["key": "adaptive"])) }
        switch value {
        case "no", "off", "false", "0": return false
        case "yes", "on", "true", "1": break
        default: throw ErrorReply("assign", .badArgs, Say("error.homework.adaptive_value"))
        }
        let kind = args.first?.lowercased()
        guard kind == TimesQuiz.name else {
            throw ErrorReply("assign", .badArgs, kind.map { Say("error.homework.adaptive_kind", ["kind": .text($0)]) } ?? Say("error.homework.adaptive_times"))
        }
        guard forClass else {
            throw ErrorReply("assign", .badArgs, Say("error.homework.adaptive_class"))
        }
        return true
    }
}

extension ServerCore {
    /// The race of a class student's `ordinal`th try at adaptive homework: drawn from the
    /// student's boxes as they stand when the try begins (or resumes: its rounds still to come
    /// follow what the student has answered since), with the try's own seed. Nil for homework
    /// that is not adaptive, whose every try plays the assignment's race.
    func adaptiveRace(_ assignment: Assignment, student: String?, ordinal: Int, cmd: String) throws(ErrorReply) -> Race? {
        let options = assignment.record.raceOptions
        guard assignment.record.adaptive, let student,
              let seed = options.last(where: { $0.lowercased().hasPrefix("seed=") }).flatMap({ UInt64($0.dropFirst(5)) }) else {
            return nil
        }
        let trySeed = AdaptivePractice.seed(assignment: seed, student: student, ordinal: ordinal)
        return try makeRace(assignment.record.kind, options: CommandOptions(options.filter { !$0.lowercased().hasPrefix("seed=") } + ["seed=\(trySeed)"]),
                            cmd: cmd, practice: practice.boxes(of: student))
    }

    /// What a times room needs to keep its class students' boxes; nil for other kinds.
    func roomPractice(_ race: Race) -> RoomPractice? {
        race.kind == TimesQuiz.name ? RoomPractice(facts: practice) : nil
    }

    /// The server starts again: every class student's boxes from their stored times answers,
    /// in the order they were given (`Reports.practiceAnswers`).
    public func restore(practice answers: [PracticeAnswer]) {
        practice.replay(answers)
    }
}

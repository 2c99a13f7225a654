import ChalklineCore
import Testing
@testable import ChalklineClient

/// `chalkline soak` plays every quiz the server offers: a kind added to the catalog and not to
/// the soak's list fails here instead of going unsoaked.
@Suite struct SoakKindsTests {
    @Test func theSoakPlaysEveryQuizKindOfTheCatalog() {
        let quizzes = RaceCatalog.kinds.filter { if case .quiz = $0.style { true } else { false } }.map(\.name)
        #expect(quizzes.count >= 4, "times, arith, money and pace at least")
        #expect(Set(SoakSettings.kinds.map(\.kind)) == Set(quizzes))
        #expect(SoakSettings.kinds.count == quizzes.count, "each kind once")
    }
}

/// What one bench run plays: the `chalkline bench` options, as the library's own value so the
/// run and its report do not depend on the command line that filled them in.
package struct BenchSettings {
    package var server = Endpoint()
    package var rooms = 1
    package var players = 10
    package var questions = 10
    package var time = 2.0
    package var gap = 0.0
    package var spread = 0.8
    package var say = 0
    package var hold = 0.0
    package var connecting = 200
    package var timeout = 120.0

    package init() {}

    package var createLine: String {
        "/create times rounds=\(max(questions, 1)) time=\(Self.format(time)) gap=\(Self.format(gap)) countdown=0 play=no order=random late=no"
    }

    private static func format(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }
}

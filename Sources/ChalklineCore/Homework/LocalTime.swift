/// The server's wall clock and time zone, as far as the core needs them: homework is due at a
/// teacher's local time (`due=2026-11-27T18:00`), which only the shell can turn into an instant.
/// The core reads no clock: the shell tells it the wall clock (`ServerCore.wallClock(reads:at:)`) and gives these functions.
public struct LocalTime: Sendable {
    /// `YYYY-MM-DDTHH:MM` in the server's zone as milliseconds since 1970 (UTC); nil if unreadable.
    public var parse: @Sendable (String) -> Millis?
    /// An instant as `YYYY-MM-DDTHH:MM` in the server's zone.
    public var format: @Sendable (Millis) -> String
    /// The zone's name as people read it (`Europe/Paris`, `UTC`).
    public var zone: String

    public init(zone: String, parse: @escaping @Sendable (String) -> Millis?, format: @escaping @Sendable (Millis) -> String) {
        self.zone = zone
        self.parse = parse
        self.format = format
    }

    /// UTC, for tests and for a server whose zone cannot be read: plain calendar arithmetic.
    public static let utc = LocalTime(zone: "UTC", parse: { CivilTime(text: $0)?.epochMs }, format: { CivilTime(epochMs: $0).text })
}

/// A date and minute on the proleptic Gregorian calendar, with no zone: what `due=` says.
public struct CivilTime: Equatable, Sendable {
    public var year, month, day, hour, minute: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        (self.year, self.month, self.day, self.hour, self.minute) = (year, month, day, hour, minute)
    }

    /// `YYYY-MM-DDTHH:MM` (a space may stand for the `T`); nil for anything else or an impossible date.
    public init?(text: String) {
        let parts = text.split(whereSeparator: { "-T: ".contains($0) }).map { Int($0) }
        guard text.count == 16, parts.count == 5, let y = parts[0], let mo = parts[1], let d = parts[2],
              let h = parts[3], let mi = parts[4], (1970...9999).contains(y), (1...12).contains(mo),
              (1...Self.days(year: y, month: mo)).contains(d), (0...23).contains(h), (0...59).contains(mi) else { return nil }
        self.init(year: y, month: mo, day: d, hour: h, minute: mi)
    }

    public init(epochMs: Millis) {
        let minutes = Int(epochMs / 60_000)
        var days = minutes / 1440
        let inDay = minutes % 1440
        var year = 1970
        while days >= Self.yearDays(year) { days -= Self.yearDays(year); year += 1 }
        var month = 1
        while days >= Self.days(year: year, month: month) { days -= Self.days(year: year, month: month); month += 1 }
        self.init(year: year, month: month, day: days + 1, hour: inDay / 60, minute: inDay % 60)
    }

    /// Read as UTC.
    public var epochMs: Millis {
        var days = 0
        for y in 1970..<year { days += Self.yearDays(y) }
        for m in 1..<month { days += Self.days(year: year, month: m) }
        days += day - 1
        return Millis(((days * 24 + hour) * 60 + minute) * 60_000)
    }

    public var text: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute))"
    }

    static func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }
    static func yearDays(_ y: Int) -> Int { isLeap(y) ? 366 : 365 }
    static func days(year: Int, month: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}

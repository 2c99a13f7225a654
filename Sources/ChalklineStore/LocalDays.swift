import Foundation

/// Days on the server's own calendar: a teacher asks for progress "from 2026-11-02 to
/// 2026-11-06" meaning their school days, not UTC's, and reads weeks starting on their Monday.
public struct LocalDays: Sendable {
    private let calendar: Calendar

    public init(zone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        self.calendar = calendar
    }

    /// The first instant of a `YYYY-MM-DD` day; nil for text that is no date.
    public func start(of day: String) -> Date? {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let date = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(date) else { return nil }
        let components = DateComponents(year: year, month: month, day: date)
        guard let start = calendar.date(from: components),
              calendar.component(.day, from: start) == date else { return nil }  // 2026-02-30 is no day
        return start
    }

    /// `from` and `to` days, both counted, as the instants the reports take: the first instant
    /// of `from`, and the first instant after `to`. Nil when either is not a date.
    public func span(from: String?, to: String?) -> (from: Date?, to: Date?)? {
        var span: (from: Date?, to: Date?) = (nil, nil)
        if let from {
            guard let start = start(of: from) else { return nil }
            span.from = start
        }
        if let to {
            guard let start = start(of: to), let next = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
            span.to = next
        }
        return span
    }

    /// `YYYY-MM-DD`, the day `date` falls on here.
    public func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// The Monday of the week `date` falls in, `YYYY-MM-DD`.
    public func monday(_ date: Date) -> String {
        day(calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? date)
    }

    /// The last day before `end` (an exclusive end, as `span` makes).
    func dayBefore(_ end: Date) -> String { day(end.addingTimeInterval(-0.001)) }
}

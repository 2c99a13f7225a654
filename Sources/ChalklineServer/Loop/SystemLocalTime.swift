import ChalklineCore
import Foundation

/// The system's time zone (the `TZ` variable, else /etc/localtime) for homework's due times: a
/// teacher writes `due=2026-11-27T18:00` meaning six on their own clock.
public enum SystemLocalTime {
    public static func make(_ zone: TimeZone = .current) -> LocalTime {
        LocalTime(zone: zone.identifier, parse: { text in
            guard let civil = CivilTime(text: text) else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = DateComponents(year: civil.year, month: civil.month, day: civil.day, hour: civil.hour, minute: civil.minute)
            return calendar.date(from: parts).map { Millis(($0.timeIntervalSince1970 * 1000).rounded()) }
        }, format: { ms in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: Double(ms) / 1000))
            return CivilTime(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
                             minute: parts.minute ?? 0).text
        })
    }

    /// Milliseconds since 1970 now, by the wall clock. Read for every line received, so straight
    /// from the C library (a vDSO call) rather than through `Date`.
    static var wallNow: Millis {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Millis(now.tv_sec) * 1000 + Millis(now.tv_nsec) / 1_000_000
    }
}

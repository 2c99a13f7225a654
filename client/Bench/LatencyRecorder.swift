import Histogram

/// Latencies in microseconds, in an HdrHistogram: constant memory however many samples a
/// bench takes, and percentiles with three significant digits.
package struct LatencyRecorder {
    private static let highest: UInt64 = 600_000_000  // ten minutes; the bench never runs longer
    package private(set) var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: highest,
                                                   numberOfSignificantValueDigits: .three)

    package mutating func record(nanoseconds: UInt64) {
        _ = histogram.record(min(max(nanoseconds / 1000, 1), Self.highest))
    }

    package var count: UInt64 { histogram.totalCount }

    /// Milliseconds at a percentile, for the report.
    package func ms(_ percentile: Double) -> Double {
        count == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1000
    }

    package var maxMs: Double { count == 0 ? 0 : Double(histogram.max) / 1000 }
}

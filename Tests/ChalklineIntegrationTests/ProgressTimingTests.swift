@testable import ChalklineStore
import Foundation
import Testing

/// Issue 40's speed target, measured, not asserted (this machine's clock is shared):
/// `Reports.classProgress` over `ClassTerm` (a class of 30, 200 games, 60 homework tries), on
/// SQLite and PostgreSQL, each run one `store.report` call as the server makes it. Runs only
/// when asked: `tools/progress-bench/run.sh` (CHALKLINE_PROGRESS_BENCH=RUNS).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CHALKLINE_PROGRESS_BENCH"] != nil))
struct ProgressTimingTests {
    @Test(arguments: Backend.allCases) func classProgressOfATerm(_ backend: Backend) throws {
        let runs = Int(ProcessInfo.processInfo.environment["CHALKLINE_PROGRESS_BENCH"] ?? "") ?? 20
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        let store = ResultsStores.make(db, server: "bench")
        try store.connect()
        var term = ClassTerm()
        let started = Date()
        try term.write(store)
        print("\(backend): wrote \(term.serial) games, \(term.answersWritten) answers in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        func time(_ label: String, _ query: @escaping (any SQLDatabase) throws -> Report) throws {
            var ms: [Double] = []
            var cpu: [Double] = []
            var report: Report?
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds, startCPU = Self.cpuMs()
                report = try store.report(query)
                ms.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                cpu.append(Self.cpuMs() - startCPU)
            }
            ms.sort()
            cpu.sort()
            // What is timed must be the report a teacher gets, not an empty or failed one.
            #expect(label.hasPrefix("progressRows") || !(report?.tables.isEmpty ?? true), "\(label) made no tables")
            let rows = report!.tables.map { "\($0.name) \($0.rows.count)" }.joined(separator: ", ")
            print(String(format: "%@ %@: min %.1f ms, median %.1f ms, max %.1f ms over %d runs; this process's CPU min %.1f, median %.1f ms (%@)",
                         "\(backend)", label, ms[0], ms[ms.count / 2], ms[ms.count - 1], runs, cpu[0], cpu[cpu.count / 2], rows))
        }
        // The three queries and their rows alone, without the counting.
        try time("progressRows 4B (queries only)") { db in
            _ = try Reports.progressRows(db, .classStudents("class-4B"), from: nil, to: nil)
            return Report(kind: "rows", tables: [])
        }
        try time("classProgress 4B") { try Reports.classProgress($0, className: "4B", server: "bench") }
        try time("playerProgress 4B student 7") { try Reports.playerProgress($0, name: "4B student 7", className: "4B", server: "bench") }
    }

    /// CPU time of this process (user and system), in ms: what a run cost this process whatever
    /// else the loaded machine was doing (PostgreSQL's own CPU is in its server, not here).
    static func cpuMs() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }
}

import Foundation

/// Where the package's built executables are: next to the test binary that is running, so the
/// live backend starts the `chalkline-server` this very build made.
public enum BuiltProducts {
    public static var directory: URL {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: me).deletingLastPathComponent()
        // On Linux the test runner is `<products>/ChalklinePackageTests.xctest`; be tolerant of bundles.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("chalkline-server").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir
    }

    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The repository root, for fixtures (this file is Sources/ChalklineTesting/BuiltProducts.swift).
    public static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

import Foundation

/// Where a folder shipped with the server is (the built-in word pack, the example question
/// sets), wherever the binary was built or installed.
enum BuiltinResource {
    /// The folder, or nil. Looked for, in order: in the resource bundle SwiftPM copies beside
    /// the binary (`swift build`, `swift run`, `make serve`), beside the binary (a hand-made
    /// install), in `../share/chalkline/INSTALLED` from the binary (`make install`), and in the
    /// source tree this binary was built from (test runners, whose binary is not the server's).
    /// `folder` is the path under `Sources/chalkline-server`, as the bundle keeps it.
    static func path(_ folder: String, installed: String) -> String? {
        var candidates: [String] = []
        if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            candidates.append(exe.appendingPathComponent("Chalkline_chalkline-server.resources/\(folder)").path)
            candidates.append(exe.appendingPathComponent(folder).path)
            candidates.append(exe.deletingLastPathComponent().appendingPathComponent("share/chalkline/\(installed)").path)
        }
        // This file is Sources/ChalklineServer/Setup/BuiltinResource.swift.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(sources.appendingPathComponent("chalkline-server/\(folder)").path)
        return candidates.first { isDirectory($0) }
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Messages for the person at the terminal go to standard error, so stdout stays machine-readable.
func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

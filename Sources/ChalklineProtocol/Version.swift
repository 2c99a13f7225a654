/// The release both programs report (`--version`, the `welcome` event): one number for both.
public enum ChalklineVersion {
    public static let current = "0.1.0"
}

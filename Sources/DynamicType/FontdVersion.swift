/// fontd's version: the one place it is written (docs/DESIGN.md §29 (A desktop service)). `fontd --version`, the first
/// line of `fontd --help`, `/healthz`'s `"version"` and the Debian package's version all read it;
/// `scripts/package-deb` asks the built binary.
public enum FontdVersion {
    /// A Debian-compatible version: digits and dots.
    public static let current = "0.1.0"
}

import DynamicType
import FontResolution

/// What the in-process test targets share: the default table, and one resolver over it.
public enum Fixtures {
    /// The package's default table.
    public static let defaultTable: StyleTable = {
        do { return try StyleTable.load(from: TestPaths.defaultStyles) } catch { fatalError("default table: \(error)") }
    }()

    /// One resolver for the whole run, created after fontconfig has been pointed at the pinned fonts.
    public static let resolver: FontResolver = {
        _ = PinnedFonts.configFile
        do { return try FontResolver(table: defaultTable, cacheEntries: 1000) } catch { fatalError("resolver: \(error)") }
    }()
}

import CFontconfig

/// Calls `body` with `string` as the NUL-terminated `FcChar8` pointer fontconfig takes.
func withFcString<Result>(_ string: String, _ body: (UnsafePointer<FcChar8>) -> Result) -> Result {
    string.withCString { pointer in
        pointer.withMemoryRebound(to: FcChar8.self, capacity: string.utf8.count + 1, body)
    }
}

extension OpaquePointer {
    /// The `n`th string value of `object` in this `FcPattern`, if there is one.
    func fcString(_ object: String, at n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(self, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// Every string value of `object` in this `FcPattern`, in order.
    func fcStrings(_ object: String) -> [String] {
        var strings: [String] = []
        while let next = fcString(object, at: Int32(strings.count)) { strings.append(next) }
        return strings
    }

    func fcInteger(_ object: String) -> Int32? {
        var value: Int32 = 0
        return FcPatternGetInteger(self, object, 0, &value) == FcResultMatch ? value : nil
    }

    /// A numeric value, whether fontconfig stored it as an integer or a double.
    func fcDouble(_ object: String) -> Double? {
        var value: Double = 0
        return FcPatternGetDouble(self, object, 0, &value) == FcResultMatch ? value : nil
    }

    func fcBool(_ object: String) -> Bool? {
        var value: FcBool = 0
        return FcPatternGetBool(self, object, 0, &value) == FcResultMatch ? value != 0 : nil
    }
}

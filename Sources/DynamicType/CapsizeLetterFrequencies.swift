/// How often each letter (and the space) occurs in English text: the weights Capsize's `unpack`
/// package averages advance widths with to get `xWidthAvg` (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
///
/// Copied from `packages/unpack/src/index.ts` of https://github.com/seek-oss/capsize at commit
/// b76407267af9f53395fe456410b8e7fcb866aa2f, where it cites Wikipedia's "Letter frequency" table;
/// the weights sum to 1.
public enum CapsizeLetterFrequencies {
    /// Each character with its weight, in the table's order.
    public static let weights: [(character: Unicode.Scalar, weight: Double)] = [
        ("a", 0.0668), ("b", 0.0122), ("c", 0.0228), ("d", 0.0348), ("e", 0.1039), ("f", 0.0182), ("g", 0.0165),
        ("h", 0.0499), ("i", 0.057), ("j", 0.0013), ("k", 0.0063), ("l", 0.0329), ("m", 0.0197), ("n", 0.0552),
        ("o", 0.0614), ("p", 0.0158), ("q", 0.0008), ("r", 0.049), ("s", 0.0518), ("t", 0.0741), ("u", 0.0226),
        ("v", 0.008), ("w", 0.0193), ("x", 0.0012), ("y", 0.0162), ("z", 0.0006), (" ", 0.1818),
    ]

    /// The weighted average of `advance` over the table, rounded to a whole design unit as Capsize
    /// rounds it (`Math.round`: halves up).
    public static func averageWidth(_ advance: (Unicode.Scalar) -> Int) -> Int {
        let sum = weights.reduce(0.0) { $0 + Double(advance($1.character)) * $1.weight }
        return Int((sum + 0.5).rounded(.down))
    }
}

/// What is asked of the font system: families, size, weight, width, slant, spacing, traits
/// and variation axes. Unset attributes (`nil`) are left to the font system's defaults.
///
/// Cheap to copy and compose; its JSON form round-trips to an equal value.
public struct FontDescriptor: Hashable, Sendable, Codable {
    /// Family names or generic families (`sans-serif`), most preferred first.
    public var families: [String]
    /// The point size.
    public var size: Double
    public var weight: FontWeight?
    public var width: FontWidth?
    public var slant: FontSlant?
    public var spacing: FontSpacing?
    public var traits: SymbolicTraits
    /// Variation axis values by tag (`wght`, `opsz`), in design coordinates.
    public var variations: [String: Double]

    public init(
        families: [String], size: Double, weight: FontWeight? = nil, width: FontWidth? = nil,
        slant: FontSlant? = nil, spacing: FontSpacing? = nil, traits: SymbolicTraits = [], variations: [String: Double] = [:]
    ) {
        self.families = families
        self.size = size
        self.weight = weight
        self.width = width
        self.slant = slant
        self.spacing = spacing
        self.traits = traits
        self.variations = variations
    }

    private enum CodingKeys: String, CodingKey {
        case families = "family"
        case size, weight, width, slant, spacing, traits, variations
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        families = try container.decode([String].self, forKey: .families)
        size = try container.decode(Double.self, forKey: .size)
        weight = try container.decodeIfPresent(FontWeight.self, forKey: .weight)
        width = try container.decodeIfPresent(FontWidth.self, forKey: .width)
        slant = try container.decodeIfPresent(FontSlant.self, forKey: .slant)
        spacing = try container.decodeIfPresent(FontSpacing.self, forKey: .spacing)
        traits = try container.decodeIfPresent(SymbolicTraits.self, forKey: .traits) ?? []
        variations = try container.decodeIfPresent([String: Double].self, forKey: .variations) ?? [:]
    }

    /// This descriptor with `traits` added.
    public func with(traits added: SymbolicTraits) -> FontDescriptor {
        var copy = self
        copy.traits.formUnion(added)
        return copy
    }

    /// This descriptor at another point size.
    public func with(size newSize: Double) -> FontDescriptor {
        var copy = self
        copy.size = newSize
        return copy
    }

    /// This descriptor asking for `family` first, keeping the others as fallbacks.
    public func with(family: String) -> FontDescriptor {
        var copy = self
        copy.families = [family] + families.filter { $0 != family }
        return copy
    }

    /// This descriptor with every attribute that `other` sets taking precedence; traits and
    /// variations are combined, `other`'s values winning.
    public func merging(_ other: FontDescriptor) -> FontDescriptor {
        var merged = self
        if !other.families.isEmpty { merged.families = other.families }
        merged.size = other.size
        merged.weight = other.weight ?? weight
        merged.width = other.width ?? width
        merged.slant = other.slant ?? slant
        merged.spacing = other.spacing ?? spacing
        merged.traits.formUnion(other.traits)
        merged.variations.merge(other.variations) { _, new in new }
        return merged
    }
}

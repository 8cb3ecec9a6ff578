import FontdTestSupport
import Foundation

/// A screenshot's pixels, inflated by Python's standard library (zlib) and unfiltered here, so a
/// screenshot taken outside a WebDriver session (Firefox's `--screenshot`) can be read without a
/// browser: 8-bit RGB or RGBA, not interlaced, as browsers write them.
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    /// RGBA, row by row from the top.
    public let pixels: [UInt8]

    /// Why a PNG could not be read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(png: [UInt8]) throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("image.png")
        let output = directory.appendingPathComponent("image.rgba")
        try Data(png).write(to: input)
        let decoded = try CommandRunner.run(
            ["-c", Self.decoder, input.path, output.path], executable: URL(fileURLWithPath: "/usr/bin/python3"),
            environment: ProcessInfo.processInfo.environment)
        let raw = try [UInt8](Data(contentsOf: output))
        guard decoded.status == 0, raw.count >= 9 else { throw Failure(description: "the PNG could not be decoded") }
        width = Int(raw[0]) << 24 | Int(raw[1]) << 16 | Int(raw[2]) << 8 | Int(raw[3])
        height = Int(raw[4]) << 24 | Int(raw[5]) << 16 | Int(raw[6]) << 8 | Int(raw[7])
        pixels = try Self.unfiltered(raw[9...], width: width, height: height, channels: Int(raw[8]))
    }

    /// The pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> RGBA {
        let start = (y * width + x) * 4
        return RGBA(r: pixels[start], g: pixels[start + 1], b: pixels[start + 2], a: pixels[start + 3])
    }

    /// Inflates the image data (Python's zlib) and writes width, height, channels, then the filtered rows.
    private static let decoder = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        position, chunks = 8, []
        while position < len(data):
            length, kind = struct.unpack('>I4s', data[position:position + 8])
            chunks.append((kind, data[position + 8:position + 8 + length]))
            position += 12 + length
        width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', dict(chunks)[b'IHDR'])
        assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
        raw = zlib.decompress(b''.join(body for kind, body in chunks if kind == b'IDAT'))
        open(sys.argv[2], 'wb').write(struct.pack('>IIB', width, height, 4 if colour == 6 else 3) + raw)
        """

    /// Undoes the PNG row filters (None, Sub, Up, Average, Paeth) and widens RGB to RGBA.
    private static func unfiltered(_ raw: ArraySlice<UInt8>, width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure(description: "the image data is short") }
        var previous = [UInt8](repeating: 0, count: stride)
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        var index = raw.startIndex
        for _ in 0..<height {
            let kind = raw[index]
            var line = Array(raw[(index + 1)..<(index + 1 + stride)])
            index += stride + 1
            for i in 0..<stride {
                let left = i >= channels ? Int(line[i - channels]) : 0
                let up = Int(previous[i])
                let corner = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch kind {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - corner
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - corner))
                    predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner
                default: predictor = 0
                }
                line[i] = UInt8(truncatingIfNeeded: Int(line[i]) + predictor)
            }
            previous = line
            if channels == 4 {
                out += line
            } else {
                for i in Swift.stride(from: 0, to: stride, by: 3) { out += [line[i], line[i + 1], line[i + 2], 255] }
            }
        }
        return out
    }
}

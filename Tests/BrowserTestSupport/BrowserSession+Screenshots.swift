import Foundation

extension BrowserSession {
    /// The viewport as a PNG (WebDriver's `GET /session/{id}/screenshot`), one pixel per CSS pixel.
    public func screenshotPNG() throws -> [UInt8] {
        guard let encoded = try send("GET", "/screenshot") as? String, let png = Data(base64Encoded: encoded) else {
            throw BrowserError.screenshot("chromedriver's answer is not a base64 PNG")
        }
        return Array(png)
    }

    /// The pixels of the `width` × `height` rectangle at (`x`, `y`) of `png`, row by row from the top.
    ///
    /// The PNG is decoded by the browser itself (`createImageBitmap` without colour conversion,
    /// drawn on an `OffscreenCanvas`, read with `getImageData`), in the current page, so Swift needs
    /// no PNG decoder; only the rectangle comes back, so keep it to the region a test looks at.
    public func pixelRows(of png: [UInt8], x: Int, y: Int, width: Int, height: Int) throws -> [[RGBA]] {
        let answer = try executeAsync(Self.regionScript, arguments: [Data(png).base64EncodedString(), x, y, width, height])
        guard let answer = answer as? [String: Any] else {
            throw BrowserError.screenshot("the decoding script returned \(answer ?? "null")")
        }
        if let problem = answer["error"] as? String { throw BrowserError.screenshot(problem) }
        guard let encoded = answer["pixels"] as? String, let bytes = Data(base64Encoded: encoded), bytes.count == width * height * 4 else {
            throw BrowserError.screenshot("the decoding script returned no \(width)×\(height) pixels: \(answer)")
        }
        let pixels = stride(from: 0, to: bytes.count, by: 4).map {
            RGBA(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2], a: bytes[$0 + 3])
        }
        return stride(from: 0, to: pixels.count, by: width).map { Array(pixels[$0..<($0 + width)]) }
    }

    /// Decodes `arguments[0]` (a base64 PNG) and calls back with the region's RGBA bytes, base64.
    private static let regionScript = """
        const [encoded, x, y, width, height, done] = arguments;
        const bytes = Uint8Array.from(atob(encoded), character => character.charCodeAt(0));
        const options = {colorSpaceConversion: 'none', premultiplyAlpha: 'none'};
        createImageBitmap(new Blob([bytes], {type: 'image/png'}), options).then(image => {
            if (x < 0 || y < 0 || width < 1 || height < 1 || x + width > image.width || y + height > image.height) {
                done({error: `the ${width}×${height} region at (${x}, ${y}) is not inside the ${image.width}×${image.height} screenshot`});
                return;
            }
            const context = new OffscreenCanvas(width, height).getContext('2d');
            context.drawImage(image, x, y, width, height, 0, 0, width, height);
            const data = context.getImageData(0, 0, width, height).data;
            let binary = '';
            for (let i = 0; i < data.length; i++) binary += String.fromCharCode(data[i]);
            done({pixels: btoa(binary)});
        }, error => done({error: 'the browser could not decode the PNG: ' + error}));
        """
}

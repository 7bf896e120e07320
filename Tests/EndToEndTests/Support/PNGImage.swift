import Foundation

/// Just enough of PNG to look at a browser's screenshot: 8-bit RGB or RGBA,
/// not interlaced (what Chromium writes). The zlib stream is inflated by the
/// system's libz (Chromium needs it, so it is there wherever the browser is),
/// loaded at run time so that the test target links nothing.
struct PNGImage {
    let width: Int
    let height: Int
    /// RGBA, row after row.
    let pixels: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG file")
        }
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        var offset = 8
        var width = 0, height = 0, colorType = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length <= bytes.count else { throw Failure(description: "truncated \(type) chunk") }
            switch type {
            case "IHDR":
                width = u32(body)
                height = u32(body + 4)
                guard bytes[body + 8] == 8, bytes[body + 12] == 0 else {
                    throw Failure(description: "only 8-bit, non-interlaced PNGs are read here")
                }
                colorType = Int(bytes[body + 9])
            case "IDAT":
                compressed += bytes[body..<body + length]
            default:
                break
            }
            offset = body + length + 4
        }
        let channels: Int
        switch colorType {
        case 2: channels = 3
        case 6: channels = 4
        default: throw Failure(description: "colour type \(colorType) is not read here")
        }
        let stride = width * channels
        let raw = try Self.inflate(compressed, expected: height * (stride + 1))
        var previous = [UInt8](repeating: 0, count: stride)
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for row in 0..<height {
            let start = row * (stride + 1)
            let filter = raw[start]
            var line = Array(raw[start + 1..<start + 1 + stride])
            for i in 0..<stride {
                let a = i >= channels ? Int(line[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure(description: "unknown filter \(filter) in row \(row)")
                }
                line[i] = UInt8((Int(line[i]) + predictor) & 0xFF)
            }
            for x in 0..<width {
                let p = x * channels
                rgba += [line[p], line[p + 1], line[p + 2], channels == 4 ? line[p + 3] : 255]
            }
            previous = line
        }
        self.width = width
        self.height = height
        pixels = rgba
    }

    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }

    /// How many pixels of each colour (RGB packed in an integer).
    var histogram: [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for i in stride(from: 0, to: pixels.count, by: 4) {
            counts[UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2]), default: 0] += 1
        }
        return counts
    }

    private typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt) -> Int32

    private static func inflate(_ input: [UInt8], expected: Int) throws -> [UInt8] {
        guard let library = dlopen("libz.so.1", RTLD_NOW), let symbol = dlsym(library, "uncompress") else {
            throw Failure(description: "cannot load libz.so.1 to read the PNG")
        }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        var output = [UInt8](repeating: 0, count: expected)
        var length = UInt(expected)
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { inp in uncompress(out.baseAddress!, &length, inp.baseAddress!, UInt(inp.count)) }
        }
        guard status == 0, Int(length) == expected else { throw Failure(description: "zlib status \(status), \(length) of \(expected) bytes") }
        return output
    }
}

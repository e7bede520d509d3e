import Geometry

/// Scales an image to the size it is drawn at while its rows arrive, top
/// to bottom, keeping only the part `region` of the drawn image: a
/// decoder never holds the image at its own size, only a row of it and
/// the few output rows in progress. Shrinking averages the source pixels
/// each output pixel covers (area filter); enlarging interpolates between
/// the two nearest (bilinear). Colours are averaged premultiplied, so
/// transparent pixels do not darken their neighbours.
struct ImageResampler {
    let sourceWidth: Int
    let sourceHeight: Int
    let region: PixelRect
    private let columns: ResamplingTaps
    private let rows: ResamplingTaps
    /// Source columns the region reads: the only ones converted.
    private let sourceColumns: Range<Int>
    /// The output, region-sized.
    private(set) var pixels: [UInt32]
    /// The first output row not finished yet.
    private(set) var nextRow = 0
    /// Sums of output rows in progress, by row.
    private var sums: [(row: Int, values: [Float])] = []
    /// One source row, premultiplied, and one output row before the vertical pass.
    private var premultiplied: [Float]
    private var horizontal: [Float]

    /// `width` x `height` is the size drawn; `region` the part of it kept.
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, region: PixelRect) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.region = region
        columns = ResamplingTaps(source: sourceWidth, target: width, range: region.columns)
        rows = ResamplingTaps(source: sourceHeight, target: height, range: region.rows)
        sourceColumns = columns.sourceRange
        pixels = [UInt32](repeating: 0, count: region.width * region.height)
        premultiplied = [Float](repeating: 0, count: sourceColumns.count * 4)
        horizontal = [Float](repeating: 0, count: region.width * 4)
    }

    var isFinished: Bool { nextRow >= region.height }

    /// The source row after which no output row needs more.
    var lastSourceRow: Int { rows.sourceRange.upperBound - 1 }

    /// Takes source row `index` (RGBA, 8 bits a channel); false once every
    /// output row is finished and no more rows are needed.
    mutating func add(row rgba: UnsafePointer<UInt8>, index: Int) -> Bool {
        guard !isFinished else { return false }
        guard rows.sourceRange.contains(index) else { return index < rows.sourceRange.lowerBound }
        premultiply(rgba)
        resampleHorizontally()
        accumulate(sourceRow: index)
        return !isFinished
    }

    private mutating func premultiply(_ rgba: UnsafePointer<UInt8>) {
        let first = sourceColumns.lowerBound
        premultiplied.withUnsafeMutableBufferPointer { out in
            for column in 0..<sourceColumns.count {
                let pixel = rgba + (first + column) * 4
                let alpha = Float(pixel[3])
                let scale = alpha / 255
                out[column * 4] = Float(pixel[0]) * scale
                out[column * 4 + 1] = Float(pixel[1]) * scale
                out[column * 4 + 2] = Float(pixel[2]) * scale
                out[column * 4 + 3] = alpha
            }
        }
    }

    private mutating func resampleHorizontally() {
        let first = sourceColumns.lowerBound
        let taps = columns
        premultiplied.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { out in
                for column in 0..<region.width {
                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                    let start = Int(taps.first[column]) - first
                    for tap in Int(taps.offsets[column])..<Int(taps.offsets[column + 1]) {
                        let weight = taps.weights[tap]
                        let pixel = (start + tap - Int(taps.offsets[column])) * 4
                        r += source[pixel] * weight
                        g += source[pixel + 1] * weight
                        b += source[pixel + 2] * weight
                        a += source[pixel + 3] * weight
                    }
                    out[column * 4] = r
                    out[column * 4 + 1] = g
                    out[column * 4 + 2] = b
                    out[column * 4 + 3] = a
                }
            }
        }
    }

    /// Adds the resampled row to every output row it weighs in, and
    /// finishes the rows it was the last for.
    private mutating func accumulate(sourceRow: Int) {
        var row = nextRow
        while row < region.height, Int(rows.first[row]) <= sourceRow {
            let first = Int(rows.first[row])
            let count = Int(rows.offsets[row + 1] - rows.offsets[row])
            if sourceRow < first + count {
                let weight = rows.weights[Int(rows.offsets[row]) + sourceRow - first]
                let slot = sums.firstIndex { $0.row == row } ?? {
                    sums.append((row, [Float](repeating: 0, count: region.width * 4)))
                    return sums.count - 1
                }()
                sums[slot].values.withUnsafeMutableBufferPointer { values in
                    horizontal.withUnsafeBufferPointer { line in
                        for index in 0..<values.count { values[index] += line[index] * weight }
                    }
                }
            }
            row += 1
        }
        while nextRow < region.height, rows.last(nextRow) <= sourceRow {
            finish(row: nextRow)
            nextRow += 1
        }
    }

    private mutating func finish(row: Int) {
        guard let slot = sums.firstIndex(where: { $0.row == row }) else { return }
        let values = sums.remove(at: slot).values
        let start = row * region.width
        for column in 0..<region.width {
            let alpha = Self.channel(values[column * 4 + 3])
            // Premultiplied: no colour may exceed the alpha.
            let red = min(alpha, Self.channel(values[column * 4]))
            let green = min(alpha, Self.channel(values[column * 4 + 1]))
            let blue = min(alpha, Self.channel(values[column * 4 + 2]))
            pixels[start + column] = alpha << 24 | red << 16 | green << 8 | blue
        }
    }

    private static func channel(_ value: Float) -> UInt32 {
        UInt32(max(0, min(255, value + 0.5)))
    }

    /// The output; rows the source never reached (a truncated file) stay transparent.
    mutating func finish() -> DecodedImage {
        while nextRow < region.height {
            finish(row: nextRow)
            nextRow += 1
        }
        return DecodedImage(width: region.width, height: region.height, pixels: pixels)
    }
}

/// For each output position of one axis in `range`: the first source
/// position it reads and the weights of the consecutive positions from
/// there, summing to 1.
struct ResamplingTaps {
    var first: [Int32] = []
    /// Where each output position's weights start in `weights`; one more
    /// entry than positions.
    var offsets: [Int32] = [0]
    var weights: [Float] = []

    init(source: Int, target: Int, range: Range<Int>) {
        let ratio = Double(source) / Double(target)
        for position in range {
            if ratio >= 1 {
                // Shrinking: the source span the output pixel covers, partial pixels weighed by their share.
                let start = Double(position) * ratio, end = Double(position + 1) * ratio
                let low = min(source - 1, Int(start)), high = max(low + 1, min(source, Int(end.rounded(.up))))
                first.append(Int32(low))
                for index in low..<high {
                    let covered = min(end, Double(index + 1)) - max(start, Double(index))
                    weights.append(Float(max(0, covered) / ratio))
                }
            } else {
                // Enlarging: between the two nearest source pixels.
                let centre = (Double(position) + 0.5) * ratio - 0.5
                let low = Int(centre.rounded(.down))
                if low < 0 {
                    first.append(0)
                    weights.append(1)
                } else if low >= source - 1 {
                    first.append(Int32(source - 1))
                    weights.append(1)
                } else {
                    let fraction = Float(centre - Double(low))
                    first.append(Int32(low))
                    weights.append(1 - fraction)
                    weights.append(fraction)
                }
            }
            offsets.append(Int32(weights.count))
        }
    }

    /// The last source position output `index` reads.
    func last(_ index: Int) -> Int { Int(first[index]) + Int(offsets[index + 1] - offsets[index]) - 1 }

    /// The source positions read at all.
    var sourceRange: Range<Int> {
        guard !first.isEmpty else { return 0..<0 }
        return Int(first[0])..<(last(first.count - 1) + 1)
    }
}

import CZlib
import Foundation
import XCTest
@testable import Dictionaries

/// dictd's numbers, and dictzip files read a few chunks at a time.
final class DictzipTests: XCTestCase {
    func testBase64NumbersReadAsDictdWritesThem() {
        XCTAssertEqual(Base64Number.value(of: Array("A".utf8)), 0)
        XCTAssertEqual(Base64Number.value(of: Array("/".utf8)), 63)
        XCTAssertEqual(Base64Number.value(of: Array("BA".utf8)), 64)
        // GCIDE's first entry starts at "5I": 57 * 64 + 8.
        XCTAssertEqual(Base64Number.value(of: Array("5I".utf8)), 3656)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let value = Int.random(in: 0..<(1 << 40), using: &generator)
            XCTAssertEqual(Base64Number.value(of: Array(DictionaryFiles.base64(value).utf8)), value)
        }
        XCTAssertNil(Base64Number.value(of: [UInt8]()))
        XCTAssertNil(Base64Number.value(of: Array("B-A".utf8)))
        XCTAssertNil(Base64Number.value(of: Array("AAAAAAAAAA".utf8)), "ten digits pass any dictionary's length")
    }

    /// Text long enough for many chunks, not all alike (so chunks compress differently).
    private func sampleText() -> [UInt8] {
        var text = ""
        for number in 0..<4000 { text += "Entry \(number): \(String(repeating: "whale ", count: number % 7)) \(number * 7919 % 1000)\n" }
        return Array(text.utf8)
    }

    func testSlicesOfADictzipEqualTheTextItCompresses() throws {
        let text = sampleText()
        let folder = try DictionaryFiles.folder()
        let path = folder + "/sample.dict.dz"
        try DictionaryFiles.write(DictionaryFiles.dictzip(text, chunkLength: 1000), to: path)
        let data = try DefinitionFile.open(path)
        XCTAssertTrue(data is DictzipData)
        XCTAssertEqual(data.size, text.count)
        for (offset, count) in [(0, 10), (995, 10), (1000, 1000), (2500, 7000), (text.count - 5, 5), (0, text.count), (1234, 0)] {
            XCTAssertEqual(try data.bytes(at: offset, count: count), Array(text[offset..<offset + count]), "\(offset) +\(count)")
        }
        XCTAssertThrowsError(try data.bytes(at: text.count - 5, count: 6), "past the end")
        // The same file is a gzip file that zlib inflates whole to the same text (the checksum agrees).
        XCTAssertEqual(Inflation.gunzip(try Array(Data(contentsOf: URL(fileURLWithPath: path))), limit: 1 << 24), text)
    }

    func testAFileMadeByDictzipItselfIsRead() throws {
        let tool = "/usr/bin/dictzip"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "dictzip is not installed")
        let text = sampleText()
        let folder = try DictionaryFiles.folder()
        try DictionaryFiles.write(text, to: folder + "/made.dict")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [folder + "/made.dict"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let data = try DefinitionFile.open(folder + "/made.dict.dz")
        XCTAssertTrue(data is DictzipData)
        XCTAssertEqual(try data.bytes(at: 60_000, count: 70_000), Array(text[60_000..<130_000]))
    }

    func testAPlainGzipIsInflatedWholeAndPlainTextReadAsItIs() throws {
        let text = sampleText()
        let folder = try DictionaryFiles.folder()
        var dictzip = DictionaryFiles.dictzip(text, chunkLength: 60000)
        // Without FEXTRA's chunk table: flags 0, the extra field cut out.
        let extraLength = Int(dictzip[10]) | Int(dictzip[11]) << 8
        dictzip[3] = 0
        dictzip.removeSubrange(10..<12 + extraLength)
        try DictionaryFiles.write(dictzip, to: folder + "/plain.dict.dz")
        let whole = try DefinitionFile.open(folder + "/plain.dict.dz")
        XCTAssertTrue(whole is WholeDefinitionData)
        XCTAssertEqual(try whole.bytes(at: 17, count: 400), Array(text[17..<417]))
        try DictionaryFiles.write(text, to: folder + "/plain.dict")
        let plain = try DefinitionFile.open(folder + "/plain.dict")
        XCTAssertEqual(try plain.bytes(at: 5000, count: 300), Array(text[5000..<5300]))
    }

    func testDamagedDictzipFilesAreRefusedWithTheirPath() throws {
        let text = sampleText()
        let folder = try DictionaryFiles.folder()
        let good = DictionaryFiles.dictzip(text, chunkLength: 1000)
        // Cut short: the chunk table points past the end.
        try DictionaryFiles.write(Array(good.prefix(good.count / 2)), to: folder + "/short.dict.dz")
        XCTAssertThrowsError(try DefinitionFile.open(folder + "/short.dict.dz")) { error in
            XCTAssertEqual((error as? DictionaryError)?.path, folder + "/short.dict.dz")
        }
        // A chunk's bytes overwritten: that chunk fails, the others still read.
        var scribbled = good
        let extraLength = Int(good[10]) | Int(good[11]) << 8
        let firstChunk = 12 + extraLength
        for offset in firstChunk..<firstChunk + 40 { scribbled[offset] = 0xFF }
        try DictionaryFiles.write(scribbled, to: folder + "/scribbled.dict.dz")
        let data = try DefinitionFile.open(folder + "/scribbled.dict.dz")
        XCTAssertThrowsError(try data.bytes(at: 10, count: 10))
        XCTAssertEqual(try data.bytes(at: 5000, count: 10), Array(text[5000..<5010]))
        // gzip's magic and then garbage.
        try DictionaryFiles.write([0x1F, 0x8B] + Array("garbage".utf8), to: folder + "/garbage.dict.dz")
        XCTAssertThrowsError(try DefinitionFile.open(folder + "/garbage.dict.dz"))
    }
}

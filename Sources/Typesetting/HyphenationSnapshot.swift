import BookModel
import CHyphen
#if canImport(Glibc)
import Glibc
#endif

/// A libhyphen dictionary as libhyphen built it, in bytes that rebuild it
/// without parsing the pattern file again: libhyphen takes 20-25 ms to
/// load the English patterns (and far longer for German); rebuilding takes
/// well under one. Every level (`nextlevel`) is kept: states, transitions,
/// match and replacement strings, options. Integers are little-endian.
///
/// The bytes end in a hash of all before them, and every index is checked
/// on reading, so a damaged snapshot is refused rather than misread.
enum HyphenationSnapshot {
    static let magic: [UInt8] = Array("ebook-fb hyphenation\n".utf8)
    static let formatVersion: UInt32 = 1
    /// Bytes of `HyphenDict.cset`, as hyphen.h declares it.
    static let charsetBytes = Int(MAX_NAME)
    /// Bytes of one transition: its character and its next state.
    private static let transitionBytes = 5

    /// The dictionary chain starting at `dictionary`, tagged with `key` (what
    /// it was loaded from; a reader given another key refuses the bytes).
    static func encode(_ dictionary: UnsafePointer<HyphenDict>, key: String) -> [UInt8] {
        var out = ByteWriter(snapshot: magic, version: formatVersion, key: key)
        var levels: [HyphenDict] = []
        var level: UnsafePointer<HyphenDict>? = dictionary
        while let current = level {
            levels.append(current.pointee)
            level = UnsafePointer(current.pointee.nextlevel)
        }
        out.append(UInt32(levels.count))
        for level in levels { encodeLevel(level, into: &out) }
        return out.sealed()
    }

    private static func encodeLevel(_ level: HyphenDict, into out: inout ByteWriter) {
        out.append(raw: [level.lhmin, level.rhmin, level.clhmin, level.crhmin].map { UInt8(bitPattern: $0) })
        out.append(UInt32(bitPattern: level.utf8))
        var charset = level.cset
        withUnsafeBytes(of: &charset) { out.append(raw: Array($0)) }
        out.append(UInt32(bitPattern: level.nohyphenl))
        // nohyphenl counts the commas between the strings: there is one string more.
        out.append(optional: level.nohyphen.map { stringBytes($0, count: Int(level.nohyphenl) + 1) })
        let count = Int(level.num_states)
        var transitionTotal = 0, stringTotal = 0
        for index in 0..<count {
            // libhyphen allocates num_states states.
            let state = level.states[index]
            transitionTotal += Int(state.num_trans)
            stringTotal += (state.match.map { strlen($0) + 1 } ?? 0) + (state.repl.map { strlen($0) + 1 } ?? 0)
        }
        out.append(UInt32(count))
        out.append(UInt32(transitionTotal))
        out.append(UInt32(stringTotal))
        for index in 0..<count {
            let state = level.states[index]
            out.append(optional: state.match.map { stringBytes($0, count: 1).dropLast() })
            out.append(optional: state.repl.map { stringBytes($0, count: 1).dropLast() })
            out.append(raw: [UInt8(bitPattern: state.replindex), UInt8(bitPattern: state.replcut)])
            out.append(UInt32(bitPattern: state.fallback_state))
            out.append(UInt32(state.num_trans))
            for slot in 0..<Int(state.num_trans) {
                // libhyphen allocates num_trans transitions for the state.
                out.append(UInt8(bitPattern: state.trans[slot].ch))
                out.append(UInt32(bitPattern: state.trans[slot].new_state))
            }
        }
    }

    /// `count` NUL-terminated strings laid end to end, NULs included.
    private static func stringBytes(_ start: UnsafePointer<CChar>, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var cursor = start
        for _ in 0..<count {
            let length = strlen(cursor)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: cursor, count: length + 1))
            cursor += length + 1
        }
        return bytes
    }

    /// Rebuilds the dictionary chain from `bytes`; nil unless the bytes are
    /// a whole, undamaged snapshot made under `key`.
    static func decode(_ bytes: UnsafeRawBufferPointer, key: String) -> SnapshotDictionary? {
        guard var input = ByteReader(snapshot: bytes, magic: magic, version: formatVersion, key: key),
              let levelCount = input.uint32(), (1...8).contains(levelCount) else { return nil }
        let built = SnapshotDictionary()
        for _ in 0..<levelCount {
            guard let level = decodeLevel(&input, into: built) else { return nil }
            built.appendLevel(level)
        }
        return input.isAtEnd ? built : nil
    }

    private static func decodeLevel(_ input: inout ByteReader,
                                    into owner: SnapshotDictionary) -> UnsafeMutablePointer<HyphenDict>? {
        guard let minima = input.raw(4), let utf8 = input.uint32(), let charset = input.raw(charsetBytes),
              let listCount = input.uint32().map(Int.init), let list = input.optionalCounted() else { return nil }
        let dictionary = owner.allocate(HyphenDict.self, count: 1)
        dictionary.initialize(to: HyphenDict())
        dictionary.pointee.lhmin = CChar(bitPattern: minima[0])
        dictionary.pointee.rhmin = CChar(bitPattern: minima[1])
        dictionary.pointee.clhmin = CChar(bitPattern: minima[2])
        dictionary.pointee.crhmin = CChar(bitPattern: minima[3])
        dictionary.pointee.utf8 = Int32(bitPattern: utf8)
        withUnsafeMutableBytes(of: &dictionary.pointee.cset) { $0.copyMemory(from: charset) }
        dictionary.pointee.nohyphenl = Int32(listCount)
        if let list {
            // libhyphen walks nohyphenl + 1 NUL-terminated strings.
            guard list.last == 0, list.filter({ $0 == 0 }).count == listCount + 1 else { return nil }
            let copy = owner.allocate(CChar.self, count: list.count)
            UnsafeMutableRawPointer(copy).copyMemory(from: list.baseAddress ?? UnsafeRawPointer(copy), byteCount: list.count)
            dictionary.pointee.nohyphen = copy
        }
        guard let stateCount = input.uint32().map(Int.init), stateCount > 0,
              let transitionTotal = input.uint32().map(Int.init), let stringTotal = input.uint32().map(Int.init),
              stateCount <= input.remaining, transitionTotal * transitionBytes <= input.remaining,
              stringTotal <= input.remaining else { return nil }
        // Three blocks a level, not one per state and string as libhyphen has.
        let states = owner.allocate(HyphenState.self, count: stateCount)
        states.initialize(repeating: HyphenState(), count: stateCount)
        let transitions = owner.allocate(HyphenTrans.self, count: transitionTotal)
        let strings = owner.allocate(CChar.self, count: stringTotal)
        var transitionsUsed = 0, stringsUsed = 0
        func place(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<CChar>? {
            guard stringsUsed + bytes.count + 1 <= stringTotal, !bytes.contains(0) else { return nil }
            let target = strings + stringsUsed
            if let source = bytes.baseAddress { UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: bytes.count) }
            target[bytes.count] = 0
            stringsUsed += bytes.count + 1
            return target
        }
        dictionary.pointee.num_states = Int32(stateCount)
        dictionary.pointee.states = states
        for index in 0..<stateCount {
            guard let match = input.optionalCounted(), let replacement = input.optionalCounted(),
                  let replacementPlace = input.raw(2), let fallback = input.uint32().map(Int32.init(bitPattern:)),
                  fallback >= -1, Int(fallback) < stateCount,
                  let transitionCount = input.uint32().map(Int.init), transitionCount <= transitionTotal - transitionsUsed
            else { return nil }
            if let match {
                guard let placed = place(match) else { return nil }
                states[index].match = placed
            }
            if let replacement {
                guard let placed = place(replacement) else { return nil }
                states[index].repl = placed
            }
            states[index].replindex = Int8(bitPattern: replacementPlace[0])
            states[index].replcut = Int8(bitPattern: replacementPlace[1])
            states[index].fallback_state = fallback
            states[index].num_trans = Int32(transitionCount)
            guard transitionCount > 0 else { continue }
            states[index].trans = transitions + transitionsUsed
            for _ in 0..<transitionCount {
                guard let character = input.uint8(), let next = input.uint32().map(Int.init), next < stateCount else {
                    return nil
                }
                (transitions + transitionsUsed).initialize(to: HyphenTrans(ch: CChar(bitPattern: character),
                                                                           new_state: Int32(next)))
                transitionsUsed += 1
            }
        }
        return transitionsUsed == transitionTotal && stringsUsed == stringTotal ? dictionary : nil
    }
}

/// A dictionary chain rebuilt from a snapshot. Its memory is its own, not
/// libhyphen's, so it is freed here and never by `hnj_hyphen_free`.
final class SnapshotDictionary: @unchecked Sendable {
    private var blocks: [UnsafeMutableRawPointer] = []
    private var levels: [UnsafeMutablePointer<HyphenDict>] = []

    /// The first level, which lookups start from.
    var dictionary: UnsafeMutablePointer<HyphenDict>? { levels.first }

    deinit { for block in blocks { free(block) } }

    /// Memory for `count` values, freed with the dictionary.
    func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        guard let block = malloc(MemoryLayout<T>.stride * max(count, 1)) else {
            fatalError("out of memory rebuilding hyphenation patterns")
        }
        blocks.append(block)
        return block.bindMemory(to: T.self, capacity: max(count, 1))
    }

    func appendLevel(_ level: UnsafeMutablePointer<HyphenDict>) {
        levels.last?.pointee.nextlevel = level
        levels.append(level)
    }
}

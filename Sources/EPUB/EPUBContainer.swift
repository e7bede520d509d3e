import Typesetting

/// An opened EPUB container, checked: a zip with the files an EPUB needs,
/// compressed as EPUB allows, without DRM; its package read.
struct EPUBContainer {
    let path: String
    let archive: ZipArchive
    let package: PackageDocument
    let encryption: EncryptionDocument

    /// Package and navigation documents larger than this are not a book's.
    static let maximumPackageSize = 16 << 20

    init(path: String) throws {
        let archive = try ZipArchive(path: path)
        guard archive.contains(ContainerDocument.path) else {
            if archive.contains("mimetype") || archive.names.contains(where: { $0.hasPrefix("META-INF/") }) {
                throw EPUBError.missingContainer(path: path)
            }
            throw EPUBError.notAnEPUB(path: path)
        }
        if let (entry, method) = archive.unsupportedCompression {
            throw EPUBError.unsupportedCompression(path: path, entry: entry, method: method)
        }
        if archive.contains("META-INF/rights.xml") {
            throw EPUBError.protected(path: path, reason: "META-INF/rights.xml grants rights to an encrypted book")
        }
        var encryption = EncryptionDocument()
        if archive.contains(EncryptionDocument.path) {
            let bytes = try Self.read(archive, EncryptionDocument.path, book: path)
            encryption = EncryptionDocument(parsing: bytes)
        }
        let containerBytes = try Self.read(archive, ContainerDocument.path, book: path)
        guard let packagePath = ContainerDocument.packagePath(in: containerBytes) else {
            throw EPUBError.missingPackage(path: path, reason: "META-INF/container.xml names no package document")
        }
        guard archive.contains(packagePath) else {
            throw EPUBError.missingPackage(path: path, reason: "its package document \(packagePath) is missing")
        }
        let packageBytes = try Self.read(archive, packagePath, book: path)
        guard let package = PackageDocument(parsing: packageBytes, path: packagePath) else {
            throw EPUBError.missingPackage(path: path, reason: "\(packagePath) is not a package document")
        }
        guard !package.spine.isEmpty else {
            throw EPUBError.missingPackage(path: path, reason: "its package document \(packagePath) lists no document in its spine")
        }
        // Encrypted content that is not a font is DRM; an encrypted font only loses its face.
        for (encryptedPath, algorithm) in encryption.encrypted where !Self.isFont(encryptedPath, in: package) {
            throw EPUBError.protected(path: path, reason: "\(encryptedPath) is encrypted with \(algorithm)")
        }
        self.path = path
        self.archive = archive
        self.package = package
        self.encryption = encryption
    }

    private static func read(_ archive: ZipArchive, _ name: String, book: String) throws -> [UInt8] {
        do {
            return try archive.read(name, limit: maximumPackageSize)
        } catch let error as ResourceError {
            throw EPUBError.missingPackage(path: book, reason: error.description)
        }
    }

    static func isFont(_ path: String, in package: PackageDocument) -> Bool {
        if let item = package.item(atPath: path) {
            let type = item.mediaType
            if type.hasPrefix("font/") || type.hasPrefix("application/font") || type.contains("opentype")
                || type.contains("truetype") || type.contains("woff") { return true }
        }
        let lower = path.lowercased()
        return [".otf", ".ttf", ".woff", ".woff2", ".ttc"].contains { lower.hasSuffix($0) }
    }

    /// Bytes of a file of the book, or nil (with the reason) when it cannot be read.
    func read(_ name: String, limit: Int) -> Result<[UInt8], ResourceError> {
        do {
            return .success(try archive.read(name, limit: limit))
        } catch let error as ResourceError {
            return .failure(error)
        } catch {
            return .failure(.damaged(name, reason: "\(error)"))
        }
    }
}

import BookModel
import Geometry
import Raster
import Typesetting

/// How the reader sets and shows a book.
public struct ReaderSettings {
    public var geometry: PageGeometry
    public var font: FontFile
    public var theme: Theme
    public var language: String?
    /// How body paragraphs are cut into lines.
    public var lineBreaking: LineBreaking
    /// Where chapters beyond the one on screen are paginated.
    public var pagination: PaginationMode
    /// The panel's size on the glass in millimetres, when known: the
    /// interface's targets and text are sized by it.
    public var panelSize: Size?
    /// Folders of dictionaries besides the system's (a kiosk's `DICTIONARIES=`).
    public var dictionaryFolders: [String] = []
    /// How large the interface is drawn (large print), apart from the book's text.
    public var interfaceScale = InterfaceScale.normal
    /// The book's writing mode, or one for every page (`--writing-mode`, the text panel).
    public var writingMode = WritingModeChoice.auto
    /// Pages side by side (`--columns`, the text panel); nil: the screen
    /// is one page, its margins as given.
    public var columns: ColumnChoice?

    public init(geometry: PageGeometry, font: FontFile, theme: Theme, language: String? = nil,
                lineBreaking: LineBreaking = .optimal, pagination: PaginationMode = .background,
                panelSize: Size? = nil) {
        self.geometry = geometry
        self.font = font
        self.theme = theme
        self.language = language
        self.lineBreaking = lineBreaking
        self.pagination = pagination
        self.panelSize = panelSize
    }
}

/// Where to open the book.
public enum ReaderStart: Equatable {
    case offset(Int)
    /// A page number, 0-based; past the end means the last page.
    case page(Int)
    /// The place saved for this book in the state store, else the
    /// beginning of the book itself (`BookMetadata.bodyStart`); an
    /// unusable state file is reported in `warnings`.
    case savedPlace
}

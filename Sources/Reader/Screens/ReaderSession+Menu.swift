import Devices
import Geometry
import Gestures
import Raster
import Typesetting

/// The menu as a room of the reader: its content from the session, its
/// touches and keys, and drawing it over the page.
extension ReaderSession {
    var interfaceMetrics: InterfaceMetrics {
        InterfaceMetrics(width: settings.geometry.width, height: settings.geometry.height,
                         physicalWidthMillimetres: settings.panelSize?.width)
    }

    /// The painter for interface text, made at the first use.
    func interfacePainter() -> InterfacePainter? {
        if let painter = screens.painter { return painter }
        screens.painter = try? InterfacePainter(font: settings.font, metrics: interfaceMetrics,
                                                language: settings.language)
        return screens.painter
    }

    var bookTitle: String {
        if let title = screens.title { return title }
        // A structured book names itself.
        if book.document != nil, let title = book.metadata.title, !title.isEmpty {
            screens.title = title
            return title
        }
        // The title page ends where the first chapter starts.
        let firstChapter = book.chapters.first.flatMap { chapter in
            book.paragraphs.first { $0.scalars.lowerBound >= chapter.offset }?.bytes.lowerBound
        }
        let prefix = String(decoding: book.text.utf8.prefix(min(6000, firstChapter ?? 6000)), as: UTF8.self)
        let title = BookTitle.of(text: prefix, path: bookPath)
        screens.title = title
        return title
    }

    /// The chapter holding `offset`: its index in the book's chapters, or nil before the first.
    func chapterIndex(holding offset: Int) -> Int? {
        book.chapters.lastIndex { $0.offset <= offset }
    }

    /// The text of the page on screen covers these character offsets.
    var offsetRange: Range<Int> {
        let entries = window.pages
        guard entries.indices.contains(currentPage) else { return 0..<0 }
        return entries[currentPage].start..<entries[currentPage].end
    }

    /// What the menu shows now (during a drag on the slider: where it would go).
    func menuContent() -> MenuContent {
        let length = max(1, book.text.scalarCount)
        var content = MenuContent(title: bookTitle, progress: Double(currentOffset) / Double(length),
                                  chapterTicks: book.chapters.map { Double($0.offset) / Double(length) },
                                  isBookmarked: isPageBookmarked, backPage: overlay.back?.page,
                                  hasLibrary: screens.hasLibrary && screens.menuPolicy.offersLibrary,
                                  hasTextSettings: screens.menuPolicy.offersTextSettings)
        if let scrub = overlay.scrubFraction {
            let offset = Int(Double(length) * scrub)
            content.progress = scrub
            content.chapter = chapterIndex(holding: offset).map { book.chapters[$0].title } ?? ""
            let pages = knownPages
            let total = pages.estimatedPageCount ?? (pages.pagesBefore + pages.pages.count)
            content.pageText = "Page ~\(max(1, Int((Double(total) * scrub).rounded(.up))))"
        } else {
            content.chapter = chapterIndex(holding: currentOffset).map { book.chapters[$0].title } ?? ""
            let pages = knownPages
            if pages.pages.indices.contains(currentPage) {
                content.pageText = "Page " + pages.footer(forPage: currentPage, of: book)
            }
        }
        return content
    }

    func menuLayout(_ content: MenuContent) -> MenuLayout {
        let painter = interfacePainter()
        return MenuLayout(metrics: interfaceMetrics, content: content) { painter?.width(of: $0) ?? $0.count * 12 }
    }

    /// The screen's name for the headless output.
    var currentScreenName: String {
        screens.list?.screenName ?? (screens.textPanelOpen ? "text" : screens.note != nil ? "note"
            : overlay.isVisible ? "menu" : "reading")
    }

    /// The controls on screen, in reading order.
    var visibleControls: [ScreenControl] {
        if let list = screens.list { return list.controls }
        if screens.textPanelOpen { return textPanelLayout().controls }
        if let note = screens.note { return note.controls }
        return overlay.isVisible ? menuLayout(menuContent()).controls : []
    }

    // MARK: Touch

    /// One gesture: to the menu while it is open, else to the page.
    func route(_ event: GestureEvent) {
        screens.time = max(screens.time, event.time)
        if let list = screens.list {
            routeToList(list, event)
            return
        }
        if screens.textPanelOpen {
            routeToTextPanel(event)
            return
        }
        if let note = screens.note {
            routeToNote(note, event)
            return
        }
        guard overlay.isVisible else {
            if case let .tap(at, _) = event.kind, followLink(at: at) { return }
            let geometry = settings.geometry
            ReadingScreen.route(event, controller: controller, overlay: overlay, width: geometry.width,
                                height: geometry.height) { fraction in
                jump(to: Int(Double(book.text.scalarCount) * fraction))
            }
            return
        }
        let layout = menuLayout(menuContent())
        switch event.kind {
        case let .fingerDown(id, at):
            if layout.barsContain(x: at.x, y: at.y) {
                screens.fingersOnBars.insert(id)
            } else {
                controller.handle(event)
            }
        case let .fingerMoved(id, _), let .fingerUp(id, _):
            if !screens.fingersOnBars.contains(id) { controller.handle(event) }
            if case .fingerUp = event.kind { screens.fingersOnBars.remove(id) }
        case let .tap(at, _):
            if let control = layout.controls.hit(x: at.x, y: at.y) {
                activate(control, at: at, layout: layout, time: event.time)
            } else if !layout.barsContain(x: at.x, y: at.y) {
                overlay.close(at: event.time)
            }
        case let .panBegan(at, translation):
            let start = Point(x: at.x - translation.x, y: at.y - translation.y)
            if layout.control("menu.slider")?.contains(x: start.x, y: start.y) == true {
                overlay.scrubFraction = layout.sliderFraction(atX: at.x)
            } else if !layout.barsContain(x: start.x, y: start.y) {
                // Turning the page closes the menu.
                overlay.close(at: event.time)
                controller.handle(event)
            }
        case let .panChanged(at, _, _):
            if overlay.scrubFraction != nil {
                overlay.scrubFraction = layout.sliderFraction(atX: at.x)
            } else {
                controller.handle(event)
            }
        case let .panEnded(at, _, _):
            if overlay.scrubFraction != nil {
                overlay.scrubFraction = nil
                jump(to: Int(Double(book.text.scalarCount) * layout.sliderFraction(atX: at.x)))
            } else {
                controller.handle(event)
            }
        default:
            break
        }
    }

    private func activate(_ control: ScreenControl, at point: Point, layout: MenuLayout, time: Double) {
        switch control.id {
        case "menu.slider":
            jump(to: Int(Double(book.text.scalarCount) * layout.sliderFraction(atX: point.x)))
        case "menu.back":
            if let back = overlay.back {
                overlay.back = nil
                show(offset: back.offset)
            }
        case "menu.bookmark":
            toggleBookmark()
        case "menu.contents":
            openList(.contents)
        case "menu.text" where screens.menuPolicy.offersTextSettings:
            openTextPanel()
        case "menu.library" where screens.hasLibrary && screens.menuPolicy.offersLibrary:
            requestLibrary()
        default:
            break
        }
    }

    /// A jump elsewhere in the book (slider, contents, bookmark): the
    /// place left is offered as the way back.
    func jump(to offset: Int) {
        let from = (offset: currentOffset, page: pageIndexInBook + 1)
        show(offset: offset)
        let landed = currentOffset
        if let back = overlay.back {
            overlay.back = (back.offset, back.page, landed)
        } else if landed != from.offset {
            overlay.back = (from.offset, from.page, landed)
        }
        needsFrame = true
    }

    /// A page came to rest: a page turned by hand ends the way back.
    func pageSettled() {
        if let back = overlay.back, currentOffset != back.landed { overlay.back = nil }
    }

    // MARK: Keys

    /// Keys of the screens; false when the key is not theirs.
    func handleScreenCommand(_ command: ReaderCommand, at time: Double) -> Bool {
        screens.time = max(screens.time, time)
        // A menu for reading only: the keys of the text settings do nothing.
        if !screens.menuPolicy.offersTextSettings,
           [.toggleText, .increaseFontSize, .decreaseFontSize].contains(command) { return true }
        if command == .openLibrary {
            if screens.hasLibrary, screens.menuPolicy.offersLibrary { requestLibrary() }
            return true
        }
        if let list = screens.list {
            switch command {
            case .closeScreen, .closeScreenOrQuit, .toggleContents, .toggleMenu: closeList()
            case .nextPage: list.moveSelection(by: 1)
            case .previousPage: list.moveSelection(by: -1)
            case .activate:
                if let row = list.selected {
                    closeList()
                    jump(to: list.targets[row])
                }
            default: return true
            }
            needsFrame = true
            return true
        }
        if screens.textPanelOpen {
            switch command {
            case .closeScreen, .closeScreenOrQuit, .toggleText, .toggleMenu: closeTextPanel()
            case .increaseFontSize: applyTextControl("text.larger")
            case .decreaseFontSize: applyTextControl("text.smaller")
            case .nextPage: moveTextPanelFocus(by: 1)
            case .previousPage: moveTextPanelFocus(by: -1)
            case .firstPage: moveTextPanelFocus(by: -textPanelLayout().controls.count)
            case .lastPage: moveTextPanelFocus(by: textPanelLayout().controls.count)
            case .activate:
                if let focused = screens.textPanelFocus { applyTextControl(focused) }
            default: return true
            }
            return true
        }
        if screens.note != nil, handleNoteCommand(command) {
            needsFrame = true
            return true
        }
        switch command {
        case .toggleText:
            openTextPanel()
        case .toggleContents:
            openList(.contents)
        case .toggleMenu:
            if overlay.isVisible { overlay.close(at: time) } else { overlay.open(at: time) }
        case .toggleBookmark:
            toggleBookmark()
        case .closeScreen, .closeScreenOrQuit:
            overlay.close(at: time)
        case .nextPage, .previousPage, .firstPage, .lastPage:
            overlay.close(at: time)
            return false
        default:
            return false
        }
        needsFrame = true
        return true
    }

    // MARK: Frames

    /// Draws the open screens over the composed page and returns the rows they cover.
    func drawScreens() -> [Range<Int>] {
        let time = screens.time
        guard let painter = interfacePainter() else { return [] }
        if let list = screens.list { return drawList(list, painter: painter) }
        if screens.textPanelOpen { return drawTextPanel(painter: painter) + drawDogEar() }
        if let note = screens.note { return drawNote(note) + drawDogEar() }
        guard overlay.isShown(at: time) else { return drawDogEar() }
        let content = menuContent()
        let layout = MenuLayout(metrics: interfaceMetrics, content: content) { painter.width(of: $0) }
        // The menu's ribbon says what the corner would (the bar covers it).
        return MenuPainter.draw(layout, content: content, presence: overlay.presence(at: time), theme: settings.theme,
                                painter: painter, into: &frame)
    }

    /// The screens animate (the menu sliding in or out).
    var screensAreAnimating: Bool {
        overlay.isAnimating(at: screens.time) || screens.list?.scrollView.isAnimating == true
            || screens.note?.scrollView.isAnimating == true
    }

    /// A screen covers the whole page: the page need not be composed under it.
    var screenCoversPage: Bool { screens.list != nil }
}

extension ReaderSession {
    /// What `--describe` adds to the headless reader's final line: the
    /// book, the chapter, the page's character range, the text settings,
    /// the bookmarks' page numbers and every control on screen.
    public func describe(into line: inout JSONLine) {
        line.add("book", bookPath)
        line.add("chapter", chapterIndex(holding: currentOffset).map { book.chapters[$0].title } ?? "")
        let range = offsetRange
        line.add("offset_range", [Double(range.lowerBound), Double(range.upperBound)])
        line.add("font_size", settings.geometry.fontSize)
        line.add("theme", settings.theme.name)
        line.add("bookmarks", bookmarkPages.map(Double.init))
        line.add("controls", objects: visibleControls.map(\.json))
    }

    /// Every control on screen, in reading order (what `--describe` lists).
    public var describedControls: [ScreenControl] { visibleControls }
}

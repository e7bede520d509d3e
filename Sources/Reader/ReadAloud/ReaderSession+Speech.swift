import Geometry

extension ReaderSession {
    var offersReadAloud: Bool { speechChoice != nil }

    /// Closes the screens and reads aloud from the page shown (or on from
    /// where reading was paused).
    func requestReadAloud() {
        guard offersReadAloud else { return }
        openScreen.dismiss()
        needsFrame = true
        readAloudRequest?(screenTime)
    }

    /// The character under a point of the screen on the page shown, if text is there.
    func textOffset(atScreen point: Point) -> Int? {
        let pages = knownPages
        guard let pagePoint = controller.pagePoint(atScreen: point), pages.pages.indices.contains(currentPage) else {
            return nil
        }
        return renderer.typesetter.layoutPage(currentPage, of: pages).text.offset(atX: pagePoint.x, y: pagePoint.y)
    }
}

/// The Scrolling module.
enum ScrollingModule {}

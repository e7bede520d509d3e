/// The Gestures module.
enum GesturesModule {}

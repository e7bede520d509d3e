/// The LinuxInput module.
enum LinuxInputModule {}

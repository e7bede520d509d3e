#ifndef CLINUX_FUZZ_H
#define CLINUX_FUZZ_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, declared for Swift: SwiftPM renames an executable's
// entry point, so the fuzz build's main must start libFuzzer itself. Only
// the fuzz build (linked with -sanitize=fuzzer) calls it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif

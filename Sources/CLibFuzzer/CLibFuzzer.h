// libFuzzer's driver as a library call (llvm.org/docs/LibFuzzer.html, "Using libFuzzer as a library"): ohk-fuzz has
// its own `main`, because SwiftPM links every executable's entry point as `main`, and hands libFuzzer the command
// line from there. Only declared here: the definition is in the toolchain's libclang_rt.fuzzer, which
// `-sanitize=fuzzer` links (Scripts/fuzz); a build without it never calls the function.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

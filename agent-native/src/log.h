#pragma once

namespace candor {

// Writes one line "candor: <message>" to stderr. The only output channel of the library.
void log_line(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace candor

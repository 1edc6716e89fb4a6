#pragma once

// The native unit tests' harness: TEST(name) registers a test, CHECK(condition) records a failure.
#include <cstdio>
#include <string>

namespace unit {

using TestFunction = void (*)();

struct Registration {
    Registration(const char* name, TestFunction function);
};

void check(bool ok, const char* what, const char* file, int line);

inline bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

}  // namespace unit

#define CHECK(condition) ::unit::check((condition), #condition, __FILE__, __LINE__)
#define TEST(name)                                                          \
    static void name();                                                     \
    static const ::unit::Registration name##_registration(#name, name);     \
    static void name()

#pragma once

#include <cstdio>
#include <cstdlib>

// A property a fuzz target asserts on every input: a violation aborts, which libFuzzer and the
// standalone driver both report as a finding (with the input saved).
inline void fuzzCheck(bool holds, const char *property)
{
    if (holds)
        return;
    std::fprintf(stderr, "fuzz property violated: %s\n", property);
    std::abort();
}

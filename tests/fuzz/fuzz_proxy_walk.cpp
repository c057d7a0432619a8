// The table's sort/filter proxy under an operation program: every three bytes of the input are
// one ProxyWalk step (an operation and two arguments: filter texts, namespaces, sorts,
// selections, store changes, relists, resets, filter slices). A row shown twice, a current row
// that is not the user's choice, or shown rows that differ from a brute-force filter and sort
// of the source abort; so does any model-tester (Fatal) finding.
#include "tests/fuzz/FuzzCheck.h"
#include "tests/ui/table/ProxyWalk.h"

#include <QCoreApplication>

#include <cstdint>
#include <cstdio>

namespace {

// Longer programs add little: the model testers walk every row on each signal.
constexpr size_t kMaxSteps = 400;

void expectHolds(const QString &broken, const ProxyWalk &walk)
{
    if (!broken.isEmpty())
        std::fprintf(stderr, "%s\nlast steps:\n%s\n", qPrintable(broken), qPrintable(walk.trace()));
    fuzzCheck(broken.isEmpty(), "the proxy shows the reference's rows and keeps the choice");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // Timers and the background sort's pool want an application; argc outlives it (main's).
    static QCoreApplication application(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ProxyWalk walk;
    for (size_t at = 0; at + 3 <= size && at < 3 * kMaxSteps; at += 3) {
        walk.step(data[at], data[at + 1], data[at + 2]);
        expectHolds(walk.checkInvariants(), walk);
        // The operation byte's high bit: compare with the reference now (passes finished).
        if (data[at] & 0x80)
            expectHolds(walk.settleAndCheck(), walk);
    }
    expectHolds(walk.settleAndCheck(), walk);
    return 0;
}

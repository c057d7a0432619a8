// Runs a libFuzzer target without libFuzzer (gcc builds, CTest): every file of the given
// corpus/regression directories, then seeded pseudo-random mutations of them. A crash, a
// sanitizer report or an abort() from a target's checks fails the test like a fuzzer finding.
// Inputs run on a thread with a 1 MB stack, as on Windows.
//   fuzz_<target> [--runs N] [--seed S] DIR|FILE...
#include "tests/fuzz/FuzzMutator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

namespace {

constexpr uint kStackBytes = 1024 * 1024;
QByteArray g_current; // the input being run, saved by the crash handler

// Keeps the input that crashed as ./crash-input (async-signal-safe calls only), so it can be
// replayed and filed under regressions/.
void saveCrashInput(int signal)
{
    const int fd = ::open("crash-input", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        [[maybe_unused]] const ssize_t written =
            ::write(fd, g_current.constData(), size_t(g_current.size()));
        ::close(fd);
    }
    const char message[] = "fuzz driver: crashing input saved as ./crash-input\n";
    [[maybe_unused]] const ssize_t written = ::write(2, message, sizeof message - 1);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void runOne(const QByteArray &input)
{
    g_current = input;
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()),
                           size_t(input.size()));
}

bool addInputs(const QString &path, QList<QByteArray> &inputs)
{
    const QFileInfo info(path);
    QStringList files;
    if (info.isDir()) {
        const QDir dir(path);
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
            files.append(dir.filePath(name));
    } else if (info.isFile()) {
        files.append(path);
    } else {
        return false;
    }
    for (const QString &file : files) {
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(file));
            return false;
        }
        inputs.append(in.readAll());
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    for (int signal : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL})
        std::signal(signal, saveCrashInput);
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    long runs = 1000;
    quint32 seed = 1;
    QList<QByteArray> inputs;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = std::strtol(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = quint32(std::strtoul(argv[++i], nullptr, 10));
        } else if (!addInputs(QString::fromLocal8Bit(argv[i]), inputs)) {
            // A regression directory exists only once a finding was recorded.
            std::fprintf(stderr, "skipping missing input %s\n", argv[i]);
        }
    }
    if (inputs.isEmpty()) {
        std::fprintf(stderr, "no corpus inputs\n");
        return 2;
    }
    // On a thread with Windows' default 1 MB stack: deep recursion that Linux's 8 MB main
    // stack would survive is a crash there.
    std::unique_ptr<QThread> thread(QThread::create([&] {
        for (const QByteArray &input : inputs)
            runOne(input);
        FuzzMutator mutator(seed);
        for (long run = 0; run < runs; ++run)
            runOne(mutator.mutate(inputs.at(run % inputs.size()), inputs));
    }));
    thread->setStackSize(kStackBytes);
    thread->start();
    thread->wait();
    std::printf("%lld corpus inputs and %ld mutations ran clean\n", qint64(inputs.size()), runs);
    return 0;
}

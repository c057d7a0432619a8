// bench_usage: the window's usage polling against a kubeglass-sim started apart, so that the
// process's CPU time is the window's alone; prints a table beside a reference phase with
// polling stopped. bench/usage-benchmark.sh starts the simulator and runs it.
//   bench_usage --server http://127.0.0.1:8080 --resource pods --windows 4
#include "core/platform/HeapArenas.h"

#include "bench/usage/UsageBenchmark.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

int main(int argc, char *argv[])
{
    HeapArenas::useOne(); // as the kubeglass app does, so the figures are the app's
    // Offscreen unless told otherwise: the benchmark must run on a headless machine.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kubeglass-bench"));
    QApplication::setApplicationName(QStringLiteral("bench_usage"));
    // Every run from a fresh profile: nothing remembered from the last.
    QSettings().clear();

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures what polling the metrics API costs the kubeglass window."));
    parser.addHelpOption();
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("The kubeglass-sim to watch (started apart)."),
                                    QStringLiteral("url"));
    const QCommandLineOption resource(QStringLiteral("resource"),
                                      QStringLiteral("Show pods (default) or nodes."),
                                      QStringLiteral("pods|nodes"), QStringLiteral("pods"));
    const QCommandLineOption windows(
        QStringLiteral("windows"),
        QStringLiteral("Polls measured; the reference phase lasts as long (default 4)."),
        QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption sort(
        QStringLiteral("sort"),
        QStringLiteral("Sort the table by this column (its title), largest first; an empty "
                       "title leaves it unsorted (default CPU)."),
        QStringLiteral("title"), QStringLiteral("CPU"));
    parser.addOptions({server, resource, windows, sort});
    parser.process(app);

    UsageBenchmark::Options options;
    bool windowsOk = false;
    options.server = QUrl(parser.value(server));
    options.nodes = parser.value(resource) == u"nodes";
    options.windows = parser.value(windows).toInt(&windowsOk);
    options.sortColumn = parser.value(sort);
    if (options.server.isEmpty() || !windowsOk || options.windows <= 0 ||
        (!options.nodes && parser.value(resource) != u"pods")) {
        qCritical("bench_usage: --server URL, --resource pods or nodes, --windows a positive "
                  "integer");
        return 2;
    }
    UsageBenchmark benchmark(options);
    return benchmark.run();
}

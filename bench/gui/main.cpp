// bench_gui: the real window against an in-process simulator; prints a table of timings.
//   bench_gui --pods 100000 --rate 5000 --churn-seconds 10
//   bench_gui --server http://127.0.0.1:8080 --pods 100000   (a kubeglass-sim started apart)
//   bench_gui --kubeconfig FILE --context sim-1 --context sim-2 --pods 25000 --rate 1000
//     (several clusters in one window, each a kubeglass-sim started apart:
//      bench/multicluster-benchmark.sh)
#include "core/platform/HeapArenas.h"

#include "bench/gui/GuiBenchmark.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

#include <algorithm>
#include <cstring>

int main(int argc, char *argv[])
{
    HeapArenas::useOne(); // as the kubeglass app does, so the memory figures are the app's
    // Before QApplication, which loads the platform plugin: Qt generates accessibility events
    // only when QAccessible::isActive(), which only the xcb plugin's AT-SPI bridge turns on (on
    // an AT-SPI bus, always with this variable); the offscreen plugin has no bridge.
    const bool accessibility = std::any_of(argv + 1, argv + argc, [](const char *arg) {
        return std::strcmp(arg, "--accessibility") == 0;
    });
    if (accessibility) {
        qputenv("QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1");
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "xcb");
    }
    // Offscreen unless told otherwise: the benchmark must run on a headless machine.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kubeglass-bench"));
    QApplication::setApplicationName(QStringLiteral("bench_gui"));
    // Every run from a fresh profile: no type, namespaces or contexts remembered from the last.
    QSettings().clear();

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures the kubeglass window against a simulated cluster."));
    parser.addHelpOption();
    const QCommandLineOption pods(QStringLiteral("pods"),
                                  QStringLiteral("Pods in the cluster, in each (default 1000)."),
                                  QStringLiteral("n"), QStringLiteral("1000"));
    const QCommandLineOption rate(
        QStringLiteral("rate"),
        QStringLiteral("Churn in events per second, in each cluster (default 5000)."),
        QStringLiteral("r"), QStringLiteral("5000"));
    const QCommandLineOption seconds(
        QStringLiteral("churn-seconds"),
        QStringLiteral("How long to probe latency under churn (default 10)."), QStringLiteral("s"),
        QStringLiteral("10"));
    const QCommandLineOption server(
        QStringLiteral("server"),
        QStringLiteral("Watch a kubeglass-sim started apart instead of one in this process, so "
                       "that the memory figures are the window's alone (--pods is then the "
                       "simulator's)."),
        QStringLiteral("url"));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                        QStringLiteral("Kubeconfig file for --context."),
                                        QStringLiteral("file"));
    const QCommandLineOption context(
        QStringLiteral("context"),
        QStringLiteral("Watch this kubeconfig context (a simulator started apart; --pods is then "
                       "a simulator's). Repeat it to show several clusters in one window, as "
                       "kubeglass --context A --context B does."),
        QStringLiteral("name"));
    const QCommandLineOption sort(
        QStringLiteral("sort"),
        QStringLiteral("Sort the table by this column (its title, e.g. Namespace) before the "
                       "churn; default: the window's own, its first column."),
        QStringLiteral("title"));
    const QCommandLineOption resource(
        QStringLiteral("resource"),
        QStringLiteral("Show pods (default) or nodes; nodes skips the churn phase (the "
                       "simulator churns pods)."),
        QStringLiteral("pods|nodes"), QStringLiteral("pods"));
    const QCommandLineOption accessibilityOption(
        QStringLiteral("accessibility"),
        QStringLiteral("Qt accessibility on, as with a screen reader attached: needs an X display "
                       "and an AT-SPI bus (bench/accessibility-benchmark.sh sets them up); fails "
                       "if QAccessible::isActive() does not become true."));
    parser.addOptions(
        {pods, rate, seconds, server, kubeconfig, context, sort, resource, accessibilityOption});
    parser.process(app);

    GuiBenchmark::Options options;
    bool podsOk = false;
    bool rateOk = false;
    bool secondsOk = false;
    options.pods = parser.value(pods).toInt(&podsOk);
    options.eventsPerSecond = parser.value(rate).toDouble(&rateOk);
    options.churnSeconds = parser.value(seconds).toInt(&secondsOk);
    options.server = QUrl(parser.value(server));
    if (!podsOk || options.pods <= 0 || !rateOk || options.eventsPerSecond < 0 || !secondsOk ||
        options.churnSeconds <= 0) {
        qCritical("bench_gui: --pods and --churn-seconds must be positive integers, --rate a "
                  "number >= 0");
        return 2;
    }
    options.kubeconfig = parser.value(kubeconfig);
    options.contexts = parser.values(context);
    options.contexts.removeDuplicates();
    options.sortColumn = parser.value(sort);
    options.nodes = parser.value(resource) == u"nodes";
    options.accessibility = accessibility;
    if (!options.nodes && parser.value(resource) != u"pods") {
        qCritical("bench_gui: --resource pods or nodes");
        return 2;
    }
    if (!options.contexts.isEmpty() && !options.server.isEmpty()) {
        qCritical("bench_gui: --context or --server, not both");
        return 2;
    }
    GuiBenchmark benchmark(options);
    return benchmark.run();
}

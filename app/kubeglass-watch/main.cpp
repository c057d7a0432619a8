// kubeglass-watch: list and watch one resource with Kubeglass's reflector, in one cluster or
// several at once, reporting every step as JSON lines. The interface is fixed: acceptance tests
// drive it; with one context the output carries no context at all, as it always has.

#include "core/platform/HeapArenas.h"
#include "core/platform/StopSignalWatcher.h"

#include "app/kubeglass-watch/WatchCommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QUrl>

#include <cstdio>
#include <cstdlib>

namespace {

const char *const kDescription =
    R"(List and watch one Kubernetes resource, printing JSON lines on stdout.

RESOURCE is resolved through discovery as kubectl resolves it: a plural, singular, short
name or kind (deployments, deployment, deploy, Deployment), optionally qualified by group or
version and group (deployments.apps, deployments.v1.apps); a custom resource's names too.
Output lines (each with "ts", ms since start):
  {"ts":12,"phase":"listing","resourceVersion":""}        phase changes; phases are
                                                          idle, listing, watching,
                                                          backing-off, stopped
  {"ts":..,"synced":N,"resourceVersion":"..","ms":T}      a list or streaming list applied
  {"ts":..,"backoffMs":800,"reason":".."}                 backing off
  {"ts":..,"error":"..","code":410,"reason":"Expired"}    errors
  {"ts":..,"type":"MODIFIED","key":"ns/name","resourceVersion":".."}  with --events
--metrics polls metrics.k8s.io at the server's window instead (RESOURCE: pods or nodes, or
none for both; -n, -A and -l as for pods), one line an object each poll, and its states:
  {"ts":..,"kind":"PodMetrics","namespace":"default","name":"web","timestamp":"..",
   "window":"15s","cpu":"250m","memory":"128Mi","cpuNanocores":..,"memoryBytes":..}
  {"ts":..,"metrics":"notReady","message":"metrics-server not ready","code":503}
Several clusters: --context repeated watches each context's cluster at once, each with its
own connection and credentials (an exec plugin runs once per context). Every line then
starts with the context, as the first key: {"context":"prod","ts":12,"phase":"listing",..},
and diagnostics on stderr with "[prod] ". A cluster that fails or recovers says so on stderr
while the others go on. --snapshot is then given once per context, in the same order.
--exit-after-sync waits for every cluster and exits 1 if any gave up.
Exit status: 0 on --exit-after-sync, --duration or SIGINT/SIGTERM; 2 on a usage error;
1 when the server cannot be reached or authorised before the sync (--exit-after-sync).)";

int usageError(const QString &message)
{
    std::fprintf(stderr, "kubeglass-watch: %s\nRun 'kubeglass-watch --help' for usage.\n",
                 qPrintable(message));
    return 2;
}

bool parseCount(const QString &text, qint64 &value)
{
    bool ok = false;
    value = text.toLongLong(&ok);
    return ok && value >= 0;
}

} // namespace

int main(int argc, char **argv)
{
    HeapArenas::useOne();
    QElapsedTimer sinceStart;
    sinceStart.start();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kubeglass-watch"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromUtf8(kDescription));
    parser.addHelpOption();
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                        QStringLiteral("Kubeconfig file."), QStringLiteral("PATH"));
    const QCommandLineOption context(
        QStringLiteral("context"),
        QStringLiteral("Kubeconfig context; repeat it to watch several clusters at once."),
        QStringLiteral("NAME"));
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("API server URL (alone: no kubeconfig needed)."),
                                    QStringLiteral("URL"));
    const QCommandLineOption token(QStringLiteral("token"), QStringLiteral("Bearer token."),
                                   QStringLiteral("TOKEN"));
    const QCommandLineOption ca(QStringLiteral("certificate-authority"),
                                QStringLiteral("CA certificate file."), QStringLiteral("FILE"));
    const QCommandLineOption insecure(QStringLiteral("insecure-skip-tls-verify"),
                                      QStringLiteral("Do not verify the server certificate."));
    const QCommandLineOption ns(
        QStringList{QStringLiteral("n"), QStringLiteral("namespace")},
        QStringLiteral("Namespace (default: the context's, else \"default\")."),
        QStringLiteral("NAMESPACE"));
    const QCommandLineOption all(QStringList{QStringLiteral("A"), QStringLiteral("all-namespaces")},
                                 QStringLiteral("All namespaces."));
    const QCommandLineOption selector(QStringList{QStringLiteral("l"), QStringLiteral("selector")},
                                      QStringLiteral("Label selector."),
                                      QStringLiteral("SELECTOR"));
    const QCommandLineOption fieldSelector(QStringLiteral("field-selector"),
                                           QStringLiteral("Field selector."),
                                           QStringLiteral("SELECTOR"));
    const QCommandLineOption watchList(
        QStringLiteral("watch-list"),
        QStringLiteral("Streaming list (sendInitialEvents) instead of LIST."));
    const QCommandLineOption pageSize(QStringLiteral("page-size"),
                                      QStringLiteral("LIST page size (default: client-go's)."),
                                      QStringLiteral("N"));
    const QCommandLineOption resync(QStringLiteral("resync"),
                                    QStringLiteral("Store resync period."),
                                    QStringLiteral("SECONDS"));
    const QCommandLineOption maxRetry(
        QStringLiteral("max-internal-error-retry"),
        QStringLiteral("Retry 500 InternalError watch errors for this long."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption stallTimeout(
        QStringLiteral("stall-timeout"),
        QStringLiteral("Check the connection of a watch silent for this long (GET /version); "
                       "restart it only if that gets no answer (default 15, 0: never)."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption initialEventsTimeout(
        QStringLiteral("initial-events-timeout"),
        QStringLiteral("With --watch-list: give up a streaming list whose initial events have "
                       "not ended after this long without an event, then LIST and WATCH "
                       "(default 30, at most 60)."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption table(QStringLiteral("table"),
                                   QStringLiteral("Ask for server-side Table output."));
    const QCommandLineOption events(QStringLiteral("events"),
                                    QStringLiteral("One line per applied event."));
    const QCommandLineOption snapshot(
        QStringLiteral("snapshot"),
        QStringLiteral("Keep FILE equal to the store (JSON); once per "
                       "context when there are several."),
        QStringLiteral("FILE"));
    const QCommandLineOption exitAfterSync(QStringLiteral("exit-after-sync"),
                                           QStringLiteral("Exit 0 once synced."));
    const QCommandLineOption duration(QStringLiteral("duration"),
                                      QStringLiteral("Exit 0 after this long."),
                                      QStringLiteral("SECONDS"));
    parser.addOptions({kubeconfig, context,  server,   token,         ca,
                       insecure,   ns,       all,      selector,      fieldSelector,
                       watchList,  pageSize, resync,   maxRetry,      stallTimeout,
                       table,      events,   snapshot, exitAfterSync, duration});
    parser.addOption(initialEventsTimeout);
    const QCommandLineOption metrics(
        QStringLiteral("metrics"),
        QStringLiteral("Poll CPU and memory usage (metrics.k8s.io) of pods or nodes instead of "
                       "watching; one JSON line per object and poll."));
    parser.addOption(metrics);
    parser.addPositionalArgument(QStringLiteral("RESOURCE"),
                                 QStringLiteral("The resource to watch."));

    if (!parser.parse(QCoreApplication::arguments()))
        return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    const bool polling = parser.isSet(metrics);
    if (positional.size() > 1 || (positional.isEmpty() && !polling))
        return usageError(positional.isEmpty() ? QStringLiteral("RESOURCE is required")
                                               : QStringLiteral("exactly one RESOURCE expected"));
    static const QStringList kMetricsResources = {"pods", "pod", "po", "nodes", "node", "no"};
    if (polling && !positional.isEmpty() && !kMetricsResources.contains(positional.first()))
        return usageError(QStringLiteral("--metrics takes pods or nodes"));
    if (parser.isSet(ns) && parser.isSet(all))
        return usageError(QStringLiteral("-n and -A cannot be combined"));

    WatchCommandOptions options;
    options.resource = positional.value(0);
    options.metrics = polling;
    options.kubeconfig = parser.value(kubeconfig);
    options.contexts = parser.values(context);
    if (options.contexts.size() > 1 && parser.isSet(server))
        return usageError(QStringLiteral("--server cannot be combined with several --context"));
    options.contexts.removeAll(QString()); // --context "": the current context, as kubectl
    if (options.contexts.removeDuplicates() > 0)
        return usageError(QStringLiteral("a --context is given twice"));
    options.server = parser.value(server);
    options.token = parser.value(token);
    options.certificateAuthority = parser.value(ca);
    options.insecureSkipTlsVerify = parser.isSet(insecure);
    options.namespaceName = parser.value(ns);
    options.allNamespaces = parser.isSet(all);
    options.labelSelector = parser.value(selector);
    options.fieldSelector = parser.value(fieldSelector);
    options.watchList = parser.isSet(watchList);
    options.table = parser.isSet(table);
    options.events = parser.isSet(events);
    options.snapshotFiles = parser.values(snapshot);
    if (!options.snapshotFiles.isEmpty() &&
        options.snapshotFiles.size() != qMax(qsizetype(1), options.contexts.size()))
        return usageError(QStringLiteral("give --snapshot once, or once per --context"));
    options.exitAfterSync = parser.isSet(exitAfterSync);
    qint64 number = 0;
    if (parser.isSet(pageSize)) {
        if (!parseCount(parser.value(pageSize), number) || number > 1000000)
            return usageError(QStringLiteral("--page-size needs a non-negative integer"));
        options.pageSize = int(number);
    }
    if (parser.isSet(resync)) {
        if (!parseCount(parser.value(resync), number))
            return usageError(QStringLiteral("--resync needs a non-negative number of seconds"));
        options.resyncSeconds = number;
    }
    if (parser.isSet(maxRetry)) {
        if (!parseCount(parser.value(maxRetry), number))
            return usageError(QStringLiteral(
                "--max-internal-error-retry needs a non-negative number of seconds"));
        options.maxInternalErrorRetrySeconds = number;
    }
    if (parser.isSet(stallTimeout)) {
        if (!parseCount(parser.value(stallTimeout), number))
            return usageError(
                QStringLiteral("--stall-timeout needs a non-negative number of seconds"));
        options.stallTimeoutSeconds = number;
    }
    if (parser.isSet(initialEventsTimeout)) {
        if (!parseCount(parser.value(initialEventsTimeout), number) || number == 0)
            return usageError(
                QStringLiteral("--initial-events-timeout needs a positive number of seconds"));
        options.initialEventsTimeoutSeconds = number;
    }
    if (parser.isSet(duration)) {
        bool ok = false;
        options.durationSeconds = parser.value(duration).toDouble(&ok);
        if (!ok || options.durationSeconds <= 0)
            return usageError(QStringLiteral("--duration needs a positive number of seconds"));
    }
    if (!options.server.isEmpty()) {
        const QUrl url(options.server);
        if (!url.isValid() ||
            (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
            return usageError(QStringLiteral("--server needs an http:// or https:// URL"));
    }

    WatchCommand command(options, sinceStart);
    // Ctrl+C, SIGTERM or a closed console: the same clean finish, snapshot included.
    StopSignalWatcher stopSignals;
    QObject::connect(&stopSignals, &StopSignalWatcher::stopRequested, &command,
                     [&command] { command.finish(0); });
    if (!command.start())
        return command.exitCode();
    const int code = app.exec();
    if (options.exitAfterSync) {
        // Output is flushed and the snapshot committed; the OS takes the store back at once,
        // where freeing 100,000 objects one by one first would add 0.2 s to every sync.
        std::fflush(stdout);
        std::_Exit(code);
    }
    return code;
}

// kubeglass-sim: a simulated Kubernetes API server for tests, benchmarks and demos.
#include "core/platform/StopSignalWatcher.h"
#include "sim/SimServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kubeglass-sim"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A simulated Kubernetes API server on 127.0.0.1 (list, watch, tables, faults).\n"
        "Control API under /_sim/ (see sim/CONTROL.md). The first stdout line is\n"
        "\"kubeglass-sim listening on <url>\"."));
    parser.addHelpOption();
    const SimConfig defaults;
    const auto opt = [&](const char *name, const QString &help, const QString &value = {},
                         const QString &def = {}) {
        QCommandLineOption o(QString::fromLatin1(name), help, value, def);
        parser.addOption(o);
        return o;
    };
    const auto n = [](auto v) {
        return QString::number(v);
    };
    const auto port = opt("port", QStringLiteral("Port to listen on (0: any free port)."),
                          QStringLiteral("port"), QStringLiteral("0"));
    const auto namespaces = opt("namespaces", QStringLiteral("Number of namespaces."),
                                QStringLiteral("n"), n(defaults.namespaces));
    const auto pods =
        opt("pods", QStringLiteral("Number of pods."), QStringLiteral("n"), n(defaults.pods));
    const auto deployments = opt("deployments", QStringLiteral("Number of deployments."),
                                 QStringLiteral("n"), n(defaults.deployments));
    const auto nodes =
        opt("nodes", QStringLiteral("Number of nodes."), QStringLiteral("n"), n(defaults.nodes));
    const auto widgets = opt("widgets", QStringLiteral("Widgets (custom resource) per namespace."),
                             QStringLiteral("n"), n(defaults.widgetsPerNamespace));
    const auto churn = opt("churn", QStringLiteral("Pod add/modify/delete events per second."),
                           QStringLiteral("rate"), n(defaults.churnPerSecond));
    const auto logRate =
        opt("log-rate", QStringLiteral("Synthetic log lines per second per container."),
            QStringLiteral("rate"), n(defaults.logLinesPerSecond));
    const auto sidecarEvery = opt(
        "sidecar-every", QStringLiteral("About one pod in N gets a sidecar and an init container."),
        QStringLiteral("n"), n(defaults.sidecarEvery));
    const auto seed = opt("seed", QStringLiteral("Random seed (same seed, same cluster)."),
                          QStringLiteral("n"), n(defaults.seed));
    const auto managedFields =
        opt("managed-fields", QStringLiteral("Include metadata.managedFields in objects."));
    const auto troubled =
        opt("troubled", QStringLiteral("Add crash-looping, OOMKilled, "
                                       "ImagePullBackOff pods and a NotReady node."));
    const auto moreWorkloads =
        opt("more-workloads",
            QStringLiteral("Add to each namespace a CronJob with a finished Job, a StatefulSet "
                           "with PersistentVolumeClaims, a DaemonSet on every node, and an "
                           "EndpointSlice for every Service."));
    const auto bookmarkInterval =
        opt("bookmark-interval",
            QStringLiteral("Milliseconds between watch bookmarks, each sent only if its "
                           "resource changed since the last one."),
            QStringLiteral("ms"), n(defaults.bookmarkIntervalMs));
    const auto history = opt("history", QStringLiteral("Events kept for watch resume."),
                             QStringLiteral("n"), n(defaults.historyWindow));
    const auto paginateRv0 = opt(
        "paginate-rv0", QStringLiteral("Honour limit on resourceVersion=0 lists (default: ignored "
                                       "like the apiserver's watch cache)."));
    const auto fault = opt("fault",
                           QStringLiteral("A control call applied at startup, repeatable, e.g. "
                                          "\"fail?count=3&code=503\", \"stall?seconds=5\"."),
                           QStringLiteral("call"));
    const auto tlsGenerate = opt("tls-generate",
                                 QStringLiteral("Generate a CA, server and client certificate "
                                                "(openssl) into this directory and serve https."),
                                 QStringLiteral("dir"));
    const auto tlsCert =
        opt("tls-cert", QStringLiteral("Server certificate (PEM)."), QStringLiteral("file"));
    const auto tlsKey =
        opt("tls-key", QStringLiteral("Server private key (PEM)."), QStringLiteral("file"));
    const auto tlsClientCa =
        opt("tls-client-ca", QStringLiteral("CA for client certificates."), QStringLiteral("file"));
    const auto token =
        opt("token", QStringLiteral("Require this bearer token."), QStringLiteral("token"));
    const auto clientCert =
        opt("client-cert-auth", QStringLiteral("Accept client certificates signed by the CA."));
    const auto user = opt("user", QStringLiteral("User name in 403 messages."),
                          QStringLiteral("name"), defaults.userName);
    const auto forbid = opt("forbid-cluster-wide",
                            QStringLiteral("Comma-separated resources whose cluster-wide "
                                           "list/watch answers 403."),
                            QStringLiteral("resources"));
    const auto allow = opt("allow-namespaces",
                           QStringLiteral("Comma-separated namespaces where the forbidden "
                                          "resources may still be read."),
                           QStringLiteral("namespaces"));
    const auto noMetrics =
        opt("no-metrics", QStringLiteral("Serve no metrics.k8s.io API (404, absent from "
                                         "discovery), as a cluster without metrics-server."));
    const auto metricsWindow =
        opt("metrics-window",
            QStringLiteral("The metrics API's sample window: one new sample per window."),
            QStringLiteral("seconds"), QString::number(defaults.metricsWindowMs / 1000));
    parser.process(app);

    SimConfig config;
    bool ok = true;
    const auto toInt = [&](const QCommandLineOption &o) {
        bool good = false;
        const int v = parser.value(o).toInt(&good);
        if (!good || v < 0) {
            std::fprintf(stderr, "kubeglass-sim: invalid --%s: %s\n", qPrintable(o.names().first()),
                         qPrintable(parser.value(o)));
            ok = false;
        }
        return v;
    };
    const int listenPort = toInt(port);
    config.namespaces = toInt(namespaces);
    config.pods = toInt(pods);
    config.deployments = toInt(deployments);
    config.nodes = toInt(nodes);
    config.widgetsPerNamespace = toInt(widgets);
    config.seed = quint32(toInt(seed));
    config.bookmarkIntervalMs = toInt(bookmarkInterval);
    config.historyWindow = toInt(history);
    config.sidecarEvery = toInt(sidecarEvery);
    bool churnOk = false;
    config.churnPerSecond = parser.value(churn).toDouble(&churnOk);
    bool logRateOk = false;
    config.logLinesPerSecond = parser.value(logRate).toDouble(&logRateOk);
    bool windowOk = false;
    const double windowSeconds = parser.value(metricsWindow).toDouble(&windowOk);
    config.metricsWindowMs = int(windowSeconds * 1000);
    config.metricsApi = !parser.isSet(noMetrics);
    if (!ok || !churnOk || !logRateOk || !windowOk || windowSeconds < 0.001 ||
        windowSeconds > 3600 || config.churnPerSecond < 0 || config.logLinesPerSecond < 0 ||
        config.sidecarEvery < 0 || listenPort > 65535) {
        std::fprintf(stderr, "kubeglass-sim: invalid arguments (see --help)\n");
        return 2;
    }
    config.managedFields = parser.isSet(managedFields);
    config.troubledObjects = parser.isSet(troubled);
    config.moreWorkloads = parser.isSet(moreWorkloads);
    config.paginateRv0 = parser.isSet(paginateRv0);
    config.startupFaults = parser.values(fault);
    config.tlsGenerateDir = parser.value(tlsGenerate);
    config.tlsCertFile = parser.value(tlsCert);
    config.tlsKeyFile = parser.value(tlsKey);
    config.tlsClientCaFile = parser.value(tlsClientCa);
    config.bearerToken = parser.value(token);
    config.clientCertAuth = parser.isSet(clientCert);
    config.userName = parser.value(user);
    config.forbiddenClusterWide = parser.value(forbid).split(u',', Qt::SkipEmptyParts);
    config.allowedNamespaces = parser.value(allow).split(u',', Qt::SkipEmptyParts);

    // Before the listening line: whoever reads it may signal us at once.
    StopSignalWatcher stopSignals;
    QObject::connect(&stopSignals, &StopSignalWatcher::stopRequested, &app,
                     &QCoreApplication::quit);
    SimServer server(config);
    if (!server.listen(quint16(listenPort))) {
        std::fprintf(stderr, "kubeglass-sim: %s\n", qPrintable(server.errorString()));
        return 1;
    }
    std::printf("kubeglass-sim listening on %s\n", qPrintable(server.baseUrl().toString()));
    if (!server.caFile().isEmpty())
        std::printf("kubeglass-sim CA certificate: %s\n", qPrintable(server.caFile()));
    std::fflush(stdout);
    return app.exec();
}

// kubeglass: the desktop app. `--demo` runs it on the embedded simulated cluster,
// `--server URL [--token T]` connects directly, otherwise the kubeconfig decides (`--context A
// --context B` shows both clusters in one table).
#include "core/config/KubeconfigLoader.h"
#include "core/platform/HeapArenas.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/common/UiLogging.h"
#include "ui/window/KubeconfigFollower.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <memory>

namespace {

// The window icon from the PNGs (no SVG plugin on every platform); QIcon picks the nearest size.
QIcon applicationIcon()
{
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/icons/%1/kubeglass.png").arg(size), QSize(size, size));
    return icon;
}

SimConfig demoConfig(int pods)
{
    SimConfig config;
    config.namespaces = 5;
    config.pods = pods;
    config.deployments = std::max(4, pods / 12);
    config.nodes = 3;
    config.churnPerSecond = 4; // a few events per second keep the demo alive
    config.sidecarEvery = 5;   // some multi-container pods for the Logs page
    config.logLinesPerSecond = 5;
    config.troubledObjects = true; // something for the Problems view and the history to show
    config.moreWorkloads = true;   // Jobs, StatefulSets, DaemonSets... for the Related tab
    return config;
}

} // namespace

int main(int argc, char *argv[])
{
    HeapArenas::useOne(); // the network threads decode whole lists
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kubeglass"));
    QApplication::setApplicationName(QStringLiteral("kubeglass"));
    QApplication::setApplicationVersion(QStringLiteral(KUBEGLASS_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("Kubeglass"));
    // Wayland and the desktop shell match the window to kubeglass.desktop (and its icon) by this.
    QGuiApplication::setDesktopFileName(QStringLiteral("kubeglass"));
    QApplication::setWindowIcon(applicationIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Watch Kubernetes resources live."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(QStringLiteral("demo"),
                                  QStringLiteral("Run on an embedded simulated cluster."));
    const QCommandLineOption demoPods(QStringLiteral("demo-pods"),
                                      QStringLiteral("Pods in the demo cluster (default 300)."),
                                      QStringLiteral("n"), QStringLiteral("300"));
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("Connect to this API server URL directly."),
                                    QStringLiteral("url"));
    const QCommandLineOption token(QStringLiteral("token"),
                                   QStringLiteral("Bearer token for --server."),
                                   QStringLiteral("token"));
    const QCommandLineOption insecure(QStringLiteral("insecure-skip-tls-verify"),
                                      QStringLiteral("Do not verify the --server certificate."));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                        QStringLiteral("Use this kubeconfig file."),
                                        QStringLiteral("path"));
    const QCommandLineOption context(
        QStringLiteral("context"),
        QStringLiteral("Show this kubeconfig context; repeat it to show several clusters in one "
                       "table (default: the ones shown last, or the current context)."),
        QStringLiteral("name"));
    parser.addOptions({demo, demoPods, server, token, insecure, kubeconfig, context});
    parser.process(app);

    std::unique_ptr<SimServerThread> sim; // outlives the window (declared first)
    MainWindow window;
    const auto startDemo = [&] {
        if (!sim) {
            sim = std::make_unique<SimServerThread>();
            bool ok = false;
            const int pods = parser.value(demoPods).toInt(&ok);
            const QUrl url = sim->start(demoConfig(ok && pods > 0 ? pods : 300));
            if (url.isEmpty()) {
                qCCritical(lcUi) << "demo cluster failed to start:" << sim->errorString();
                window.showNoKubeconfig(
                    QObject::tr("The demo cluster could not start: %1").arg(sim->errorString()));
                sim.reset();
                return;
            }
            qCInfo(lcUi) << "demo cluster at" << url.toDisplayString();
            RestConfig config;
            config.server = url;
            config.origin = QStringLiteral("the embedded demo cluster");
            window.connectTo(QStringLiteral("demo"), config, QString());
        }
    };
    QObject::connect(&window, &MainWindow::demoRequested, &window, startDemo);

    if (parser.isSet(demo)) {
        startDemo();
    } else if (parser.isSet(server)) {
        const QUrl url = QUrl::fromUserInput(parser.value(server));
        if (!url.isValid() || url.host().isEmpty()) {
            qCCritical(lcUi) << "invalid --server URL:" << parser.value(server);
            return 2;
        }
        RestConfig config;
        config.server = url;
        config.bearerToken = parser.value(token).toUtf8();
        config.insecureSkipTlsVerify = parser.isSet(insecure);
        config.origin = QStringLiteral("--server");
        window.connectTo(url.toDisplayString(), config, QString());
    } else {
        KubeconfigLoader loader;
        if (parser.isSet(kubeconfig))
            loader.setExplicitPath(parser.value(kubeconfig));
        const Kubeconfig config = loader.load();
        if (!config.isValid() || config.contexts().isEmpty()) {
            QString details = config.isValid()
                                  ? QObject::tr("No context was found in: %1")
                                        .arg(loader.candidateFiles().join(QStringLiteral(", ")))
                                  : config.errorString();
            details += u'\n' + QObject::tr("Run kubeglass --server URL to connect directly, or "
                                           "try the simulated demo cluster:");
            window.showNoKubeconfig(details);
        } else {
            window.setKubeconfig(config, parser.values(context));
            // Edited files are picked up without a restart (contexts, tokens, exec setups).
            new KubeconfigFollower(&window, loader, config); // owned by the window
        }
    }
    window.show();
    const int rc = app.exec();
    return rc;
}

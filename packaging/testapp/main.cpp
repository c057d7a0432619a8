// Stand-in Qt Widgets + Network program that proves the packaging pipeline (library and plugin
// bundling, AppRun dispatch, TLS backend) on a real Qt binary, independent of the Kubeglass
// programs.
#include <QApplication>
#include <QLabel>
#include <QSslSocket>
#include <QTextStream>
#include <QTimer>

int main(int argc, char *argv[])
{
    const QStringList args = [&] {
        QStringList list;
        for (int i = 1; i < argc; ++i)
            list << QString::fromLocal8Bit(argv[i]);
        return list;
    }();
    QTextStream out(stdout);
    if (args.contains(QLatin1String("--help"))) {
        out << "Usage: kubeglass-pkgtest [--help|--tls|--window|--print-env|--exit-code N]\n";
        return 0;
    }
    if (args.contains(QLatin1String("--print-env"))) {
        // What the AppImage runtime promises the payload.
        for (const char *name : {"APPIMAGE", "APPDIR", "ARGV0"})
            out << name << "=" << qEnvironmentVariable(name) << "\n";
        return 0;
    }
    if (const qsizetype at = args.indexOf(QLatin1String("--exit-code"));
        at >= 0 && at + 1 < args.size())
        return args.at(at + 1).toInt();
    if (args.contains(QLatin1String("--tls"))) {
        // The TLS plugin and OpenSSL are loaded at run time: only loading them proves they are
        // there.
        QCoreApplication app(argc, argv);
        out << "tls-backend: " << QSslSocket::activeBackend() << "\n"
            << "ssl-library: " << QSslSocket::sslLibraryVersionString() << "\n"
            << "ssl-supported: " << (QSslSocket::supportsSsl() ? "yes" : "no") << "\n";
        return QSslSocket::supportsSsl() ? 0 : 1;
    }
    QApplication app(argc, argv);
    QLabel window(QStringLiteral("Kubeglass packaging test"));
    window.setWindowTitle(QStringLiteral("kubeglass-pkgtest"));
    window.resize(320, 120);
    window.show();
    out << "platform: " << QGuiApplication::platformName() << "\n";
    out.flush();
    QTimer::singleShot(1500, &app, &QCoreApplication::quit);
    return app.exec();
}

// bench_qt_download: GETs URL through QNetworkAccessManager and drops the body as it arrives,
// read the way RestCall and ListPager read a list (at most 1 MB buffered in the reply, read out
// at every readyRead), and prints the bytes received. bench/sync-benchmark.sh runs it next to
// curl, so that the sync's cost can be told apart from Qt's network stack's. Not a test.
//
//   bench_qt_download URL
#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <cstdio>
#include <vector>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() != 2) {
        std::fprintf(stderr, "usage: bench_qt_download URL\n");
        return 2;
    }
    constexpr qint64 kReadAheadBytes = 1 << 20; // as RestCall bounds a reply
    QNetworkAccessManager manager;
    QNetworkReply *reply = manager.get(QNetworkRequest(QUrl(arguments.at(1))));
    reply->setReadBufferSize(kReadAheadBytes);
    std::vector<char> buffer(kReadAheadBytes);
    qint64 received = 0;
    const auto drain = [&] {
        qint64 read = 0;
        while ((read = reply->read(buffer.data(), qint64(buffer.size()))) > 0)
            received += read;
    };
    QObject::connect(reply, &QNetworkReply::readyRead, &app, drain);
    QObject::connect(reply, &QNetworkReply::finished, &app, [&] {
        drain();
        app.exit(reply->error() == QNetworkReply::NoError ? 0 : 1);
    });
    const int status = app.exec();
    if (status != 0)
        std::fprintf(stderr, "%s\n", qPrintable(reply->errorString()));
    std::printf("%lld bytes\n", received);
    return status;
}

#include "app/kubeglass-watch/SnapshotWriter.h"

#include "core/store/ObjectStore.h"

#include "app/kubeglass-watch/JsonLine.h"

#include <QSaveFile>

#include <cstdio>

SnapshotWriter::SnapshotWriter(ObjectStore *store, const QString &path, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_path(path)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kMinIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &SnapshotWriter::writeNow);
}

void SnapshotWriter::schedule()
{
    if (!m_timer.isActive())
        m_timer.start();
}

bool SnapshotWriter::writeNow()
{
    m_timer.stop();
    QByteArray text =
        "{\"resourceVersion\":" + JsonLine::quoted(m_store->resourceVersion()) + ",\"objects\":{";
    QStringList keys = m_store->keys();
    keys.sort();
    bool first = true;
    for (const QString &key : std::as_const(keys)) {
        if (!first)
            text += ',';
        first = false;
        text += JsonLine::quoted(key) + ':' +
                JsonLine::quoted(m_store->get(key)->resourceVersion.toString());
    }
    text += "}}\n";
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit()) {
        std::fprintf(stderr, "kubeglass-watch: cannot write snapshot %s: %s\n", qPrintable(m_path),
                     qPrintable(file.errorString()));
        return false;
    }
    return true;
}

#include "sim/SimLogStream.h"

#include "sim/SimHttpConnection.h"
#include "sim/SimLogs.h"

namespace {
// How often a following stream looks for new lines on the grid.
constexpr int kTickMs = 20;
} // namespace

SimLogStream::SimLogStream(SimHttpConnection *connection, const SimLogs *logs, Options options)
    : QObject(connection)
    , m_connection(connection)
    , m_logs(logs)
    , m_options(std::move(options))
    , m_next(m_options.firstIndex)
{
    m_tick.setInterval(kTickMs);
    connect(&m_tick, &QTimer::timeout, this, &SimLogStream::pump);
}

void SimLogStream::start()
{
    m_connection->beginChunked(200, "text/plain");
    connect(m_connection, &SimHttpConnection::drained, this, &SimLogStream::pump);
    connect(m_connection, &SimHttpConnection::closed, this, [this] {
        m_finished = true;
        m_tick.stop();
    });
    if (m_options.endIndex < 0 && !m_options.fixed)
        m_tick.start();
    pump();
}

bool SimLogStream::write(qint64 ns, const QByteArray &text)
{
    QByteArray line;
    if (m_options.timestamps)
        line = SimLogs::rfc3339Nano(ns) + ' ';
    line += text;
    line += '\n';
    if (m_options.limitBytes >= 0 && m_written + line.size() >= m_options.limitBytes) {
        // limitBytes cuts mid-line, as the kubelet does.
        m_connection->writeChunk(QByteArrayView(line).first(m_options.limitBytes - m_written));
        m_written = m_options.limitBytes;
        return false;
    }
    m_written += line.size();
    m_connection->writeChunk(line);
    return true;
}

void SimLogStream::pump()
{
    if (m_finished)
        return;
    if (m_options.fixed) {
        for (const auto &[ns, text] : m_options.fixedLines) {
            if (!write(ns, text))
                break;
        }
        finish();
        return;
    }
    if (m_options.endIndex < 0 && !m_logs->podAlive(m_options.podKey, m_options.podUid)) {
        finish(); // the kubelet ends the stream when the container goes
        return;
    }
    const qint64 end =
        m_options.endIndex >= 0 ? m_options.endIndex : m_logs->linesUntil(SimLogs::nowNs());
    while (m_next < end && m_connection->pendingBytes() < SimHttpConnection::kLowWater) {
        const qint64 index = m_next++;
        if (!write(m_logs->lineNs(index),
                   SimLogs::lineText(m_options.pod, m_options.container, index))) {
            finish();
            return;
        }
    }
    if (m_options.endIndex >= 0 && m_next >= m_options.endIndex)
        finish();
}

void SimLogStream::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_tick.stop();
    disconnect(m_connection, &SimHttpConnection::drained, this, &SimLogStream::pump);
    m_connection->endChunked();
    deleteLater();
}

void SimLogStream::drop()
{
    if (m_finished)
        return;
    m_finished = true;
    m_tick.stop();
    m_connection->abort();
}

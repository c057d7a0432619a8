#include "ui/detail/logs/LogLineModel.h"

#include <QDateTime>

LogLineModel::LogLineModel(QObject *parent)
    : QAbstractListModel(parent)
{}

int LogLineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

QVariant LogLineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LogLine &l = m_lines[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return render(l, true);
    case TimeRole:
        return l.hasTime ? QVariant(l.timeNs) : QVariant();
    case SourceRole:
        return l.source;
    case TextRole:
        return l.text;
    default:
        return {};
    }
}

QHash<int, QByteArray> LogLineModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"},
            {TimeRole, "time"},
            {SourceRole, "source"},
            {TextRole, "text"}};
}

namespace {
// The timestamp prefix: fixed width, so a line's shown length needs no formatting.
const QString kTimeFormat = QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ ");
} // namespace

QString LogLineModel::render(const LogLine &l, bool timestamps)
{
    QString out;
    if (!l.source.isEmpty())
        out += QLatin1Char('[') + l.source + QLatin1String("] ");
    if (timestamps && l.hasTime) {
        const qint64 ms = l.timeNs / 1000000;
        out += QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(kTimeFormat);
    }
    return out + l.text;
}

qsizetype LogLineModel::renderedLength(const LogLine &l, bool timestamps)
{
    // "[source] ", then the prefix kTimeFormat formats to as many characters as it has.
    return (l.source.isEmpty() ? 0 : l.source.size() + 3) +
           (timestamps && l.hasTime ? kTimeFormat.size() : 0) + l.text.size();
}

void LogLineModel::append(const QList<LogLine> &lines)
{
    if (lines.isEmpty())
        return;
    const int first = int(m_lines.size());
    beginInsertRows({}, first, first + int(lines.size()) - 1);
    m_lines.insert(m_lines.end(), lines.begin(), lines.end());
    endInsertRows();
    trim();
}

void LogLineModel::trim()
{
    const qsizetype excess = qsizetype(m_lines.size()) - m_cap;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, int(excess) - 1);
    m_lines.erase(m_lines.begin(), m_lines.begin() + excess);
    m_dropped += excess;
    endRemoveRows();
}

void LogLineModel::clear()
{
    // A reset: every row goes at once (a new pod, container or instance).
    beginResetModel();
    m_lines.clear();
    m_dropped = 0;
    endResetModel();
}

void LogLineModel::setLineCap(int cap)
{
    m_cap = qMax(1, cap);
    trim();
}

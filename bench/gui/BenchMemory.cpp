#include "bench/gui/BenchMemory.h"

#include "core/store/StoreDelta.h"
#include "ui/clusters/ClusterMember.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"

#include <QFile>

#include <algorithm>
#include <malloc.h>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

qint64 BenchMemory::currentRssKb()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLongLong() * sysconf(_SC_PAGESIZE) / 1024 : 0;
}

qint64 BenchMemory::peakRssKb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

double BenchMemory::tableHeapBytesPerRow(const QList<ClusterMember *> &members, bool nodes)
{
    // Second models and a proxy over the same (shared) objects, as the window stacks them (one
    // model per cluster, merged), sorted and filtered once: what the table adds per row on top
    // of the stores, from the heap's own count (RSS moves in pages and keeps freed memory).
    std::vector<StoreDelta> all(size_t(members.size()));
    for (qsizetype i = 0; i < members.size(); ++i) {
        const ObjectTableModel *model = members[i]->model();
        all[size_t(i)].added.reserve(model->rowCount());
        for (int row = 0; row < model->rowCount(); ++row)
            all[size_t(i)].added.append(model->objectAt(row));
    }
    const size_t before = mallinfo2().uordblks;
    {
        std::vector<std::unique_ptr<ObjectTableModel>> copies;
        QList<ClusterTableModel::Cluster> clusters;
        for (const ClusterMember *member : members) {
            const ObjectTableModel *model = member->model();
            auto copy = std::make_unique<ObjectTableModel>();
            copy->setResourceKind(nodes ? QStringLiteral("Node") : QStringLiteral("Pod"), !nodes);
            // The window's columns by title (the Namespace column is the model's own).
            QList<TableColumn> columns;
            for (int column = 1; column < model->columnCount(); ++column)
                columns.append({model->columnTitle(column), QStringLiteral("string"), QString(),
                                QString(), 0});
            copy->setServerColumns(columns);
            clusters.append({member->name(), copy.get(), QColor()});
            copies.push_back(std::move(copy));
        }
        ClusterTableModel merged;
        merged.setClusters(clusters);
        ObjectSortFilterProxy proxy;
        proxy.setSourceModel(&merged);
        proxy.sort(1, Qt::AscendingOrder);
        for (size_t i = 0; i < copies.size(); ++i) {
            copies[i]->applyDelta(all[i]);
            copies[i]->flushPending();
        }
        proxy.setText(QStringLiteral("no-such-pod"));
        proxy.finishFiltering();
        proxy.setText(QString());
        proxy.finishFiltering();
        const double bytes = double(mallinfo2().uordblks - before);
        return bytes / std::max(1, merged.rowCount());
    }
}

#include "ui/table/PodHealth.h"

#include <QStringView>

namespace {

bool isReadyShort(const QString &ready)
{
    // "1/2": fewer ready containers than declared.
    const qsizetype slash = ready.indexOf(u'/');
    if (slash <= 0)
        return false;
    bool ok1 = false, ok2 = false;
    const int have = QStringView(ready).left(slash).toInt(&ok1);
    const int want = QStringView(ready).mid(slash + 1).toInt(&ok2);
    return ok1 && ok2 && have < want;
}

} // namespace

RowHealth PodHealth::of(const QString &status, const QString &ready)
{
    if (status.isEmpty() || status == u"Completed" || status == u"Succeeded")
        return RowHealth::Normal;
    if (status != u"Running")
        return status == u"Pending" || status == u"ContainerCreating" || status == u"Terminating"
                   ? RowHealth::Warning
                   : RowHealth::Failed;
    return isReadyShort(ready) ? RowHealth::Warning : RowHealth::Normal;
}

RowHealth PodHealth::ofRow(const QList<TableColumn> &columns, const StoredObject &pod)
{
    QString status, ready;
    for (int i = 0; i < columns.size() && i < pod.cells.size(); ++i) {
        if (columns.at(i).name == u"Status")
            status = pod.cells.at(i).toString();
        else if (columns.at(i).name == u"Ready")
            ready = pod.cells.at(i).toString();
    }
    return of(status, ready);
}

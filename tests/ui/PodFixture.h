#pragma once

#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"

#include <QList>
#include <QString>

#include <memory>

// Pod rows as the server's Table output gives them, shared by the model and proxy tests.
inline const QList<TableColumn> kPodColumns = {
    {"Name", "string", "name", "", 0}, {"Ready", "string", "", "", 0},
    {"Status", "string", "", "", 0},   {"Restarts", "string", "", "", 0},
    {"Age", "string", "", "", 0},      {"IP", "string", "", "", 1},
};

inline StoredObjectPtr makePod(const QString &ns, const QString &name, int rv,
                               const QString &status = QStringLiteral("Running"),
                               const QString &restarts = QStringLiteral("0"),
                               const QString &app = QStringLiteral("web"), qint64 createdMs = 1000)
{
    auto o = std::make_shared<StoredObject>();
    o->setName(ns, name);
    o->uid = ObjectUid(o->key);
    o->resourceVersion = ResourceVersion(QString::number(rv));
    o->creationTimestampMs = createdMs;
    o->labels = LabelSet(ObjectLabels{{QStringLiteral("app"), app}});
    o->cells = TableCells({name, QStringLiteral("1/1"), status, restarts, QStringLiteral("5m"),
                           QStringLiteral("10.0.0.1")});
    return o;
}

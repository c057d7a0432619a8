#pragma once

#include "core/store/StoreDelta.h"

#include <QObject>
#include <QSet>
#include <QStringList>

// The namespace names the namespaces session delivers, for the namespace picker: a set of names
// kept from store deltas, announced sorted once per delta that changes it.
class NamespaceList : public QObject
{
    Q_OBJECT

public:
    explicit NamespaceList(QObject *parent = nullptr);

    // Sorted.
    QStringList names() const;

public slots:
    void applyDelta(const StoreDelta &delta);
    void clear();

signals:
    void namesChanged(const QStringList &names);

private:
    QSet<QString> m_names;
};

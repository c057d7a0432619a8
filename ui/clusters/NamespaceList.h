#pragma once

#include "core/store/StoreDelta.h"

#include <QObject>
#include <QSet>
#include <QStringList>

// The namespace names for the namespace picker: those the namespaces session lists (kept from
// its store deltas) and those known readable otherwise (for a user who may not list namespaces:
// the context's namespace, those the table reads one by one), announced sorted once per change.
class NamespaceList : public QObject
{
    Q_OBJECT

public:
    explicit NamespaceList(QObject *parent = nullptr);

    // Sorted.
    QStringList names() const;

public slots:
    void applyDelta(const StoreDelta &delta);
    // Forgets the listed names (the namespaces watch starts again); the readable ones stay.
    void clear();
    // Names known readable though perhaps not listed; replaces the previous ones.
    void setReadable(const QStringList &names);

signals:
    void namesChanged(const QStringList &names);

private:
    void announceIfChanged(const QStringList &before);

    QSet<QString> m_listed;
    QSet<QString> m_readable;
};

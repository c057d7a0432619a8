#pragma once

#include "core/store/SharedValue.h"

#include <QList>
#include <QVariant>

// A Table row's cells, as the server computed them for ObjectStore::columns(). One pointer wide,
// where a QVariantList is three, and null for the objects of a plain list or watch, which have
// none: StoredObject is then a malloc size class smaller (16 bytes an object). A row that has
// cells pays one small block for the pointer's target instead.
class TableCells
{
public:
    using const_iterator = QVariantList::const_iterator;

    TableCells() = default;
    explicit TableCells(QVariantList cells)
        : m_cells(cells.isEmpty() ? SharedValue<QVariantList>()
                                  : SharedValue<QVariantList>(std::move(cells)))
    {}

    qsizetype size() const { return m_cells ? m_cells->size() : 0; }
    bool isEmpty() const { return !m_cells; }
    const QVariant &at(qsizetype i) const { return m_cells->at(i); }
    const_iterator begin() const { return m_cells ? m_cells->cbegin() : const_iterator(); }
    const_iterator end() const { return m_cells ? m_cells->cend() : const_iterator(); }
    // The cells as a list (empty when there are none).
    const QVariantList &list() const
    {
        static const QVariantList none;
        return m_cells ? *m_cells : none;
    }

    friend bool operator==(const TableCells &, const TableCells &) = default;

private:
    SharedValue<QVariantList> m_cells;
};

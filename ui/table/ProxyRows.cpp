#include "ui/table/ProxyRows.h"

#include <algorithm>

void ProxyRows::clear()
{
    m_slots.clear();
    m_slotOfRow.clear();
    m_freeSlots.clear();
}

void ProxyRows::insert(size_t at, size_t count)
{
    std::vector<int> added(count);
    for (int &slot : added) {
        if (m_freeSlots.empty()) {
            slot = int(m_slots.size());
            m_slots.emplace_back();
        } else {
            slot = m_freeSlots.back();
            m_freeSlots.pop_back();
        }
    }
    m_slotOfRow.insert(m_slotOfRow.begin() + qsizetype(at), added.begin(), added.end());
}

void ProxyRows::erase(size_t first, size_t last)
{
    for (size_t row = first; row < last; ++row) {
        const int slot = m_slotOfRow[row];
        m_slots[size_t(slot)] = ProxyRow{}; // lets go of the object and the strings now
        m_freeSlots.push_back(slot);
    }
    m_slotOfRow.erase(m_slotOfRow.begin() + qsizetype(first),
                      m_slotOfRow.begin() + qsizetype(last));
}

void ProxyRows::permute(const std::vector<int> &newRowOf)
{
    std::vector<int> moved(m_slotOfRow.size());
    for (size_t row = 0; row < m_slotOfRow.size(); ++row)
        moved[size_t(newRowOf[row])] = m_slotOfRow[row];
    m_slotOfRow = std::move(moved);
}

std::vector<int> ProxyRows::placeSorted(const std::vector<int> &entriesInOrder,
                                        std::vector<int> *changed) const
{
    int entryCount = 0;
    for (int entry : entriesInOrder)
        entryCount = std::max(entryCount, entry + 1);
    std::vector<int> rowOfEntry(size_t(entryCount), -1);
    for (int sourceRow = 0; sourceRow < int(size()); ++sourceRow) {
        const ProxyRow &row = (*this)[size_t(sourceRow)];
        if (!row.accepted)
            continue;
        if (row.sortEntry >= 0)
            rowOfEntry[size_t(row.sortEntry)] = sourceRow;
        else
            changed->push_back(sourceRow);
    }
    std::vector<int> placed;
    placed.reserve(entriesInOrder.size());
    for (int entry : entriesInOrder) {
        if (const int sourceRow = rowOfEntry[size_t(entry)]; sourceRow >= 0)
            placed.push_back(sourceRow);
    }
    return placed;
}

bool ProxyRows::sortsLike(const ProxyRows &other) const
{
    if (size() != other.size())
        return false;
    for (size_t row = 0; row < size(); ++row) {
        const ProxyRow &mine = (*this)[row];
        const ProxyRow &theirs = other[row];
        if (mine.object != theirs.object || mine.accepted != theirs.accepted || mine.keyStale ||
            theirs.keyStale || mine.key != theirs.key)
            return false;
    }
    return true;
}

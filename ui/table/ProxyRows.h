#pragma once

#include "ui/table/ProxyRow.h"

#include <vector>

// ObjectSortFilterProxy's state of each source row, addressed by source row but kept in stable
// slots: when the source compacts removals and every later row moves up, only the slot numbers
// move (ints), not the states (a shared pointer, strings and keys each).
class ProxyRows
{
public:
    size_t size() const { return m_slotOfRow.size(); }
    ProxyRow &operator[](size_t row) { return m_slots[size_t(m_slotOfRow[row])]; }
    const ProxyRow &operator[](size_t row) const { return m_slots[size_t(m_slotOfRow[row])]; }

    void clear();
    // count fresh rows before row at.
    void insert(size_t at, size_t count);
    // Rows [first, last).
    void erase(size_t first, size_t last);
    // Row r becomes row newRowOf[r] (a permutation).
    void permute(const std::vector<int> &newRowOf);
    // The accepted rows that a background sort's result (its entries in sorted order) places,
    // in that order, and in changed the accepted rows it cannot place (their sortEntry is gone).
    std::vector<int> placeSorted(const std::vector<int> &entriesInOrder,
                                 std::vector<int> *changed) const;
    // Whether every row holds the same object, acceptance and current sort key as in other, so
    // that other's shown order is this one's too.
    bool sortsLike(const ProxyRows &other) const;

private:
    std::vector<ProxyRow> m_slots;
    std::vector<int> m_slotOfRow;
    std::vector<int> m_freeSlots;
};

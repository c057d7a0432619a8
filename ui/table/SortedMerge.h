#pragma once

#include <algorithm>
#include <bit>
#include <iterator>
#include <vector>

// Merges sorted additions into a sorted sequence. A few additions go in with a binary search
// each and range copies, instead of std::merge's comparison per element: 200 new rows in
// 100,000 cost about 3,400 comparisons (of strings, often), not 100,000. Many additions go
// through std::merge. less must be a strict total order over both.
template <typename Less>
std::vector<int> mergeSorted(std::vector<int>::const_iterator begin,
                             std::vector<int>::const_iterator end,
                             const std::vector<int> &additions, Less less)
{
    std::vector<int> merged;
    merged.reserve(size_t(end - begin) + additions.size());
    const size_t searchSteps = std::bit_width(size_t(end - begin));
    if (additions.size() * searchSteps >= size_t(end - begin)) {
        std::merge(begin, end, additions.begin(), additions.end(), std::back_inserter(merged),
                   less);
        return merged;
    }
    auto from = begin;
    for (int addition : additions) {
        const auto to = std::lower_bound(from, end, addition, less);
        merged.insert(merged.end(), from, to);
        merged.push_back(addition);
        from = to;
    }
    merged.insert(merged.end(), from, end);
    return merged;
}

template <typename Less>
std::vector<int> mergeSorted(const std::vector<int> &sorted, const std::vector<int> &additions,
                             Less less)
{
    return mergeSorted(sorted.cbegin(), sorted.cend(), additions, less);
}

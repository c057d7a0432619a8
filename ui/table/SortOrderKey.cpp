#include "ui/table/SortOrderKey.h"

#include <algorithm>
#include <cstring>

namespace {

// Sixteen characters, one byte each (clamped, so the packing keeps the order of strings);
// exact when the string fits and every character is a byte.
void packPrefix(const QString &text, quint64 (&out)[2], bool &exact)
{
    exact = text.size() <= 16;
    out[0] = out[1] = 0;
    const qsizetype n = std::min<qsizetype>(text.size(), 16);
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = text.at(i).unicode();
        if (c == 0 || c >= 255)
            exact = false;
        const quint64 byte = std::min<char16_t>(c, 255);
        out[i / 8] |= byte << (8 * (7 - i % 8));
    }
}

// Doubles as unsigned integers in the same order.
quint64 orderedBits(double number)
{
    if (number == 0)
        number = 0; // -0 sorts with +0
    quint64 bits;
    std::memcpy(&bits, &number, sizeof bits);
    return (bits & (quint64(1) << 63)) ? ~bits : bits | (quint64(1) << 63);
}

int compareHeads(const quint64 (&a)[2], const quint64 (&b)[2])
{
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    if (a[1] != b[1])
        return a[1] < b[1] ? -1 : 1;
    return 0;
}

} // namespace

void SortOrderKey::setSortKey(const ObjectRowModel::SortKey &key)
{
    numeric = key.numeric;
    if (key.numeric) {
        head[0] = orderedBits(key.number);
        head[1] = 0;
        headExact = true;
    } else {
        packPrefix(key.text, head, headExact);
    }
}

void SortOrderKey::setTie(const QString &objectKey)
{
    packPrefix(objectKey, tie, tieExact);
}

int SortOrderKey::compare(const SortOrderKey &a, const QString &aText, const QString &aTie,
                          const SortOrderKey &b, const QString &bText, const QString &bTie)
{
    if (a.numeric != b.numeric)
        return a.numeric ? -1 : 1; // numbers before text ("<none>", "")
    if (const int order = compareHeads(a.head, b.head); order != 0)
        return order;
    if (!(a.headExact && b.headExact)) {
        if (const int order = aText.compare(bText); order != 0)
            return order;
    }
    // Ties by key, so equal cells keep a stable, predictable order.
    if (const int order = compareHeads(a.tie, b.tie); order != 0)
        return order;
    if (!(a.tieExact && b.tieExact))
        return aTie.compare(bTie);
    return 0;
}

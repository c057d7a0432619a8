#include "tests/fuzz/FuzzMutator.h"

namespace {
// Tokens that move parsers into their interesting states far faster than random bytes.
const char *const kTokens[] = {"{",
                               "}",
                               "[",
                               "]",
                               "\"",
                               "\\",
                               ",",
                               ":",
                               "\\u0000",
                               "\\\"",
                               "null",
                               "-1",
                               "1e999",
                               "\n",
                               "\"items\":[",
                               "\"rows\":[",
                               "{\"type\":\"ADDED\",\"object\":",
                               "\"metadata\":{",
                               "\"name\":",
                               "- ",
                               ": ",
                               "&a ",
                               "*a",
                               "!!binary ",
                               "\t",
                               "---\n",
                               "? ",
                               "|\n ",
                               "\xff",
                               "\xc3",
                               "18446744073709551616"};
} // namespace

FuzzMutator::FuzzMutator(quint32 seed)
    : m_random(seed)
{}

qsizetype FuzzMutator::below(qsizetype bound)
{
    if (bound <= 0)
        return 0;
    return qsizetype(std::uniform_int_distribution<qint64>(0, bound - 1)(m_random));
}

QByteArray FuzzMutator::mutate(const QByteArray &input, const QList<QByteArray> &corpus)
{
    QByteArray data = input;
    const qsizetype rounds = 1 + below(4);
    for (qsizetype i = 0; i < rounds; ++i)
        mutateOnce(data, corpus);
    return data;
}

void FuzzMutator::mutateOnce(QByteArray &data, const QList<QByteArray> &corpus)
{
    switch (below(8)) {
    case 0: // flip a bit
        if (!data.isEmpty())
            data[below(data.size())] ^= char(1 << below(8));
        break;
    case 1: // set a random byte
        if (!data.isEmpty())
            data[below(data.size())] = char(below(256));
        break;
    case 2: // insert a token
        data.insert(below(data.size() + 1), kTokens[below(std::size(kTokens))]);
        break;
    case 3: { // delete a block
        const qsizetype at = below(data.size());
        data.remove(at, 1 + below(qMin<qsizetype>(16, data.size() - at)));
        break;
    }
    case 4: { // duplicate a block elsewhere
        if (data.isEmpty())
            break;
        const qsizetype from = below(data.size());
        const QByteArray block = data.mid(from, 1 + below(64));
        data.insert(below(data.size() + 1), block);
        break;
    }
    case 5: // truncate
        data.truncate(below(data.size() + 1));
        break;
    case 6: { // splice: our head, another seed's tail
        const QByteArray &other = corpus.at(below(corpus.size()));
        data = data.left(below(data.size() + 1)) + other.mid(below(other.size() + 1));
        break;
    }
    default: // the first byte steers chunking in the stream targets
        if (!data.isEmpty())
            data[0] = char(below(256));
        break;
    }
}

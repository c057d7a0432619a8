#pragma once

#include <QByteArray>
#include <QList>

#include <random>

// The standalone driver's stand-in for libFuzzer's mutator (gcc builds have no libFuzzer):
// byte flips, inserts, deletes, block copies, splices with another seed and JSON/YAML tokens.
// Seeded, so every run of the CTest explores the same inputs and a failure reproduces.
class FuzzMutator
{
public:
    explicit FuzzMutator(quint32 seed);

    QByteArray mutate(const QByteArray &input, const QList<QByteArray> &corpus);

private:
    void mutateOnce(QByteArray &data, const QList<QByteArray> &corpus);
    qsizetype below(qsizetype bound); // uniform in [0, bound), 0 when bound <= 0

    std::mt19937 m_random;
};

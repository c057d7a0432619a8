#pragma once

#include <QList>
#include <QString>

class QTextStream;

// The benchmark's figures as printed: one row per metric, its value, and its target with
// whether it was met.
class ResultSheet
{
public:
    // target < 0: none. A NaN value prints as "n/a" (and misses its target).
    void add(const QString &metric, double value, const QString &unit, double target);
    // A row of text (details under a figure), without a target.
    void addText(const QString &metric, const QString &text);
    void print(QTextStream &out) const;

private:
    struct Row
    {
        QString metric;
        QString value;
        QString target;
        bool met = true;
    };
    QList<Row> m_rows;
};

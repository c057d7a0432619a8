#pragma once

#include <QString>

// What is wrong with one object, in words, and since when.
struct Problem
{
    enum class Severity
    {
        Warning = 1,
        Error = 2,
        Critical = 3
    };

    Severity severity = Severity::Warning;
    QString text;       // "CrashLoopBackOff, 5 restarts", "0/3 available", "NotReady for 4m"
    qint64 sinceMs = 0; // ms since the epoch (UTC) the problem started, 0 when unknown
};

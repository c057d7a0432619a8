#pragma once

#include <QString>

// One value read from a kubeconfig file, with the line it came from so that errors found
// later (a missing certificate file, an unsupported plugin version) can point at it.
template <typename T> struct KubeconfigField
{
    T value{};
    int line = 0; // 1-based; 0: the field is absent

    // What the field says: where it was read does not count (an entry moved in its file is
    // the same entry).
    friend bool operator==(const KubeconfigField &a, const KubeconfigField &b)
    {
        return a.value == b.value;
    }
};

// "file:line: field: " prefix shared by every kubeconfig error message.
inline QString kubeconfigLocation(const QString &file, int line, const QString &field)
{
    QString text = file;
    if (line > 0)
        text += QLatin1Char(':') + QString::number(line);
    if (!field.isEmpty())
        text += QLatin1String(": ") + field;
    return text + QLatin1String(": ");
}

#include "core/access/NamespaceName.h"

#include <QRegularExpression>

QString namespaceNameError(const QString &name)
{
    static const QRegularExpression label(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    if (name.isEmpty())
        return QStringLiteral("a namespace name must not be empty");
    if (name.size() > 63)
        return QStringLiteral("namespace name \"%1\" is longer than 63 characters").arg(name);
    if (!label.match(name).hasMatch())
        return QStringLiteral("namespace name \"%1\" must consist of lower case letters, digits "
                              "and '-', and start and end with a letter or digit")
            .arg(name);
    return {};
}

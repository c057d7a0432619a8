#include "ui/table/ShellQuoting.h"

#include <algorithm>

namespace {

// Letters, digits and these are plain words to both shells, anywhere in an argument (kubeconfig
// context names such as gke_proj_zone_name or arn:aws:eks:region:account:cluster/prod).
bool isPlain(QChar c)
{
    return (c.unicode() < 0x80 && c.isLetterOrNumber()) || QStringView(u"-_./:=").contains(c);
}

// PowerShell ends a single-quoted string at the typographic single quotes too.
bool isPowerShellQuote(QChar c)
{
    return QStringView(u"'\u2018\u2019\u201A\u201B").contains(c);
}

} // namespace

namespace ShellQuoting {

QString quote(const QString &argument, Shell shell)
{
    if (!argument.isEmpty() && std::all_of(argument.cbegin(), argument.cend(), isPlain))
        return argument;
    QString quoted(u'\'');
    for (const QChar c : argument) {
        if (shell == Shell::Posix && c == u'\'')
            quoted += QStringLiteral("'\\''");
        else if (shell == Shell::PowerShell && isPowerShellQuote(c))
            quoted += QString(2, c);
        else
            quoted += c;
    }
    return quoted + u'\'';
}

} // namespace ShellQuoting

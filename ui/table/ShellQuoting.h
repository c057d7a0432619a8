#pragma once

#include <QString>

// Quotes one argument for the shell a user pastes a command into: a POSIX shell (bash, zsh) on
// Linux and macOS, PowerShell on Windows (the terminal Windows opens by default). Arguments made
// only of characters neither shell treats specially are left bare, so common commands read as a
// person would type them.
namespace ShellQuoting {

enum class Shell
{
    Posix,
    PowerShell
};

// The shell of the platform the app was built for.
constexpr Shell native()
{
#ifdef Q_OS_WIN
    return Shell::PowerShell;
#else
    return Shell::Posix;
#endif
}

// POSIX: 'it'\''s' (a quote cannot appear inside single quotes: close, escape it, reopen).
// PowerShell: 'it''s' (a doubled quote inside single quotes; the typographic single quotes,
// which PowerShell takes for quotes too, are doubled the same way). Nothing expands inside either.
QString quote(const QString &argument, Shell shell);

} // namespace ShellQuoting

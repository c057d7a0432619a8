#pragma once

#include <QLabel>

// The coloured bar above the table that says when what it shows may be out of date:
// "Loading…" while the first list is in flight, "Stale since HH:MM:SS" when not watching.
class StatusBanner : public QLabel
{
    Q_OBJECT

public:
    enum class Kind
    {
        Loading,
        Stale
    };

    explicit StatusBanner(QWidget *parent = nullptr);

    void showMessage(Kind kind, const QString &text);
    Kind kind() const { return m_kind; }

private:
    // Saturated fills with white text read well in light and dark themes alike.
    void applyColours();

    Kind m_kind = Kind::Loading;
};

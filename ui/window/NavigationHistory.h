#pragma once

#include <QList>
#include <QString>

#include <optional>

// The window's Back/Forward history, as a browser keeps one: each object selected (a row chosen
// in the table or an object reached from the Related tab) is a place; going back and forward
// moves through them, and a new place after going back drops the ones ahead. Bounded: the
// oldest places go first.
class NavigationHistory
{
public:
    static constexpr int kMaxPlaces = 100;

    // What the table showed: the cluster, the type (qualified name, "deployments.apps") and the
    // selected object's namespace and name.
    struct Place
    {
        QString cluster;
        QString type;
        QString namespaceName;
        QString name;
        bool operator==(const Place &other) const = default;
    };

    // A place reached: becomes the current one (the same place again changes nothing).
    void visit(const Place &place);
    bool canGoBack() const { return m_current > 0; }
    bool canGoForward() const { return m_current + 1 < m_places.size(); }
    // The place before (after) the current one, which becomes current; nullopt when none.
    std::optional<Place> back();
    std::optional<Place> forward();
    std::optional<Place> current() const;
    int size() const { return int(m_places.size()); }
    void clear();

private:
    QList<Place> m_places;
    int m_current = -1; // index into m_places; -1 when empty
};

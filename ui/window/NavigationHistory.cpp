#include "ui/window/NavigationHistory.h"

void NavigationHistory::visit(const Place &place)
{
    if (m_current >= 0 && m_places.at(m_current) == place)
        return;
    m_places.resize(m_current + 1); // a new way from here: the places ahead are gone
    m_places.append(place);
    if (m_places.size() > kMaxPlaces)
        m_places.removeFirst();
    m_current = int(m_places.size()) - 1;
}

std::optional<NavigationHistory::Place> NavigationHistory::back()
{
    if (!canGoBack())
        return std::nullopt;
    return m_places.at(--m_current);
}

std::optional<NavigationHistory::Place> NavigationHistory::forward()
{
    if (!canGoForward())
        return std::nullopt;
    return m_places.at(++m_current);
}

std::optional<NavigationHistory::Place> NavigationHistory::current() const
{
    if (m_current < 0)
        return std::nullopt;
    return m_places.at(m_current);
}

void NavigationHistory::clear()
{
    m_places.clear();
    m_current = -1;
}

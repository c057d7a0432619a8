#include "ui/window/NamespaceSelector.h"

#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QVBoxLayout>
#include <QWidgetAction>

namespace {
constexpr int kAllRole = Qt::UserRole + 1;
constexpr int kNameRole = Qt::UserRole + 2; // the namespace (the text may name clusters too)
} // namespace

NamespaceSelector::NamespaceSelector(QWidget *parent)
    : QToolButton(parent)
{
    setObjectName(QStringLiteral("namespaceSelector"));
    setAccessibleName(tr("Namespaces"));
    setAccessibleDescription(tr("Choose which namespaces the table shows"));
    setPopupMode(QToolButton::InstantPopup);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    setMinimumWidth(140);

    auto *menu = new QMenu(this);
    auto *panel = new QWidget(menu);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(4, 4, 4, 4);
    m_search = new QLineEdit(panel);
    m_search->setObjectName(QStringLiteral("namespaceSearch"));
    m_search->setPlaceholderText(tr("Find namespace"));
    m_search->setAccessibleName(tr("Find namespace"));
    m_search->setClearButtonEnabled(true);
    m_list = new QListWidget(panel);
    m_list->setObjectName(QStringLiteral("namespaceList"));
    m_list->setAccessibleName(tr("Namespace list"));
    m_list->setAccessibleDescription(tr("Check the namespaces to show"));
    m_list->setMinimumSize(240, 280);
    layout->addWidget(m_search);
    layout->addWidget(m_list);
    auto *action = new QWidgetAction(menu);
    action->setDefaultWidget(panel);
    menu->addAction(action);
    setMenu(menu);
    connect(menu, &QMenu::aboutToShow, m_search, [this] { m_search->setFocus(); });
    connect(m_list, &QListWidget::itemChanged, this, &NamespaceSelector::onItemChanged);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        for (int i = 1; i < m_list->count(); ++i)
            m_list->item(i)->setHidden(
                !m_list->item(i)->data(kNameRole).toString().contains(text, Qt::CaseInsensitive));
    });
    rebuildList();
}

void NamespaceSelector::setAvailable(const QStringList &namespaces,
                                     const QHash<QString, QStringList> &clusters)
{
    QStringList sorted = namespaces;
    sorted.sort();
    if (sorted == m_available && clusters == m_clusters)
        return;
    m_available = sorted;
    m_clusters = clusters;
    rebuildList();
}

void NamespaceSelector::setSelected(const QStringList &namespaces)
{
    QStringList sorted = namespaces;
    sorted.sort();
    sorted.removeDuplicates();
    if (sorted == m_selected)
        return;
    m_selected = sorted;
    // Called from the list's own itemChanged: update checks in place, never delete items then.
    bool allListed = true;
    for (const QString &name : std::as_const(m_selected))
        allListed = allListed &&
                    !m_list->model()
                         ->match(m_list->model()->index(1, 0), kNameRole, name, 1, Qt::MatchExactly)
                         .isEmpty();
    if (allListed) {
        m_rebuilding = true;
        m_list->item(0)->setCheckState(m_selected.isEmpty() ? Qt::Checked : Qt::Unchecked);
        for (int i = 1; i < m_list->count(); ++i) {
            QListWidgetItem *item = m_list->item(i);
            item->setCheckState(m_selected.contains(item->data(kNameRole).toString())
                                    ? Qt::Checked
                                    : Qt::Unchecked);
        }
        m_rebuilding = false;
        updateText();
    } else {
        rebuildList();
    }
    emit selectionChanged(m_selected);
}

void NamespaceSelector::rebuildList()
{
    m_rebuilding = true;
    m_list->clear();
    auto *all = new QListWidgetItem(tr("All namespaces"), m_list);
    all->setData(kAllRole, true);
    all->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
    all->setCheckState(m_selected.isEmpty() ? Qt::Checked : Qt::Unchecked);
    // Selected namespaces stay listed even before the namespaces reflector reports them.
    QStringList names = m_available;
    for (const QString &name : std::as_const(m_selected)) {
        if (!names.contains(name))
            names.append(name);
    }
    names.sort();
    const QString filter = m_search->text();
    for (const QString &name : std::as_const(names)) {
        // With several clusters, a namespace only some of them have says which.
        const QStringList clusters = m_clusters.value(name);
        auto *item = new QListWidgetItem(
            clusters.isEmpty() ? name : tr("%1  (%2)").arg(name, clusters.join(u", ")), m_list);
        item->setData(kNameRole, name);
        if (!clusters.isEmpty())
            item->setToolTip(tr("Namespace %1 exists in %2 only").arg(name, clusters.join(u", ")));
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(m_selected.contains(name) ? Qt::Checked : Qt::Unchecked);
        item->setHidden(!filter.isEmpty() && !name.contains(filter, Qt::CaseInsensitive));
    }
    m_rebuilding = false;
    updateText();
}

void NamespaceSelector::onItemChanged(QListWidgetItem *item)
{
    if (m_rebuilding)
        return;
    QStringList selected;
    if (!item->data(kAllRole).toBool() || item->checkState() != Qt::Checked) {
        for (int i = 1; i < m_list->count(); ++i) {
            if (m_list->item(i)->checkState() == Qt::Checked)
                selected.append(m_list->item(i)->data(kNameRole).toString());
        }
    }
    setSelected(selected);
}

void NamespaceSelector::updateText()
{
    QString text;
    if (m_selected.isEmpty())
        text = tr("All namespaces");
    else if (m_selected.size() == 1)
        text = m_selected.first();
    else
        text = tr("%n namespaces", nullptr, int(m_selected.size()));
    setText(text);
    setToolTip(m_selected.isEmpty() ? text : m_selected.join(QStringLiteral(", ")));
    setAccessibleName(tr("Namespaces: %1").arg(text));
}

#include "ui/ResourceChooser.h"

#include "core/session/ResourceCatalog.h"
#include "ui/ClusterMessages.h"
#include "ui/ClusterSet.h"
#include "ui/MainToolBar.h"
#include "ui/MessageBar.h"
#include "ui/problems/ProblemsPage.h"

#include <QComboBox>

ResourceChooser::ResourceChooser(MainToolBar *toolBar, ClusterSet *clusters, MessageBar *messages,
                                 ClusterMessages *clusterMessages,
                                 std::function<ResourceType()> shown, QObject *parent)
    : QObject(parent)
    , m_toolBar(toolBar)
    , m_clusters(clusters)
    , m_messages(messages)
    , m_clusterMessages(clusterMessages)
    , m_shown(std::move(shown))
{
    connect(m_toolBar->resourcePicker(), &QComboBox::activated, this,
            &ResourceChooser::onActivated);
}

void ResourceChooser::rebuild(bool problemsShown)
{
    const ResourceType shown = m_shown();
    m_toolBar->setResourceTypes(
        m_clusters->anyCatalogReady() ? m_clusters->types() : QList<ResourceType>{shown},
        problemsShown ? ProblemsPage::pickerEntry() : shown.qualifiedName());
}

bool ResourceChooser::select(const QString &qualifiedName)
{
    const int index = m_toolBar->resourcePicker()->findData(qualifiedName);
    if (index < 0)
        return false;
    m_toolBar->resourcePicker()->setCurrentIndex(index);
    onActivated();
    return true;
}

void ResourceChooser::onActivated()
{
    const QString text = m_toolBar->resourcePicker()->currentText().trimmed();
    if (!m_clusters->anyCatalogReady()) {
        if (text != m_shown().qualifiedName())
            m_messages->showInfo(tr("Still asking the server which resource types it serves; "
                                    "try again in a moment."));
        return;
    }
    if (text.compare(ProblemsPage::pickerEntry(), Qt::CaseInsensitive) == 0)
        return emit problemsChosen();
    const std::optional<ResourceType> type = m_clusters->findType(text);
    m_clusterMessages->detach();
    if (!type) {
        m_messages->showError(
            tr("Unknown resource type \"%1\". Pick one from the list (Ctrl+T).").arg(text));
        return;
    }
    if (!ResourceCatalog::isWatchable(*type)) {
        m_messages->showError(tr("%1 cannot be listed or watched: the server allows only %2.")
                                  .arg(type->qualifiedName(), type->verbs.join(u", ")));
        return;
    }
    emit typeChosen(*type);
}

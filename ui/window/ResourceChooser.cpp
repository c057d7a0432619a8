#include "ui/window/ResourceChooser.h"

#include "core/session/ResourceCatalog.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/status/MessageBar.h"
#include "ui/window/ClusterMessages.h"
#include "ui/window/MainToolBar.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QLineEdit>

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
    QComboBox *picker = m_toolBar->resourcePicker();
    // A list entry or completion picked: activated. Text typed and entered: QComboBox
    // activates only text equal to an entry, so the line edit's Enter is handled here.
    connect(picker, &QComboBox::activated, this,
            [this] { choose(m_toolBar->resourcePicker()->currentText()); });
    connect(picker->lineEdit(), &QLineEdit::returnPressed, this, &ResourceChooser::onReturnPressed);
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
    QComboBox *picker = m_toolBar->resourcePicker();
    const int index = picker->findData(qualifiedName);
    if (index < 0)
        return false;
    picker->setCurrentIndex(index);
    choose(picker->currentText());
    return true;
}

void ResourceChooser::onReturnPressed()
{
    // A completion the user moved to is the completer's to apply; it then emits activated.
    const QAbstractItemView *popup = m_toolBar->resourcePicker()->completer()->popup();
    if (popup->isVisible() && popup->currentIndex().isValid())
        return;
    choose(m_toolBar->resourcePicker()->lineEdit()->text());
}

void ResourceChooser::choose(const QString &typed)
{
    const QString text = typed.trimmed();
    if (text.isEmpty())
        return;
    if (!m_clusters->anyCatalogReady()) {
        if (text != m_shown().qualifiedName())
            m_messages->showInfo(tr("Still asking the server which resource types it serves; "
                                    "try again in a moment."));
        return;
    }
    QComboBox *picker = m_toolBar->resourcePicker();
    if (text.compare(ProblemsPage::pickerEntry(), Qt::CaseInsensitive) == 0) {
        picker->setCurrentIndex(picker->findData(ProblemsPage::pickerEntry()));
        forgetError();
        return emit problemsChosen();
    }
    m_clusterMessages->detach();
    // The entry of the type shown keeps its version (one entered as name.version.group): Enter
    // can come twice while the completer's popup is open, the second time with that entry.
    const ResourceType shown = m_shown();
    if (text == shown.qualifiedName()) {
        forgetError();
        return emit typeChosen(shown);
    }
    const ResourceResolution resolution = m_clusters->resolveType(text);
    switch (resolution.outcome) {
    case ResourceResolution::Outcome::Unknown:
        return showError(tr("Cannot show \"%1\": %2. Pick a type from the list (Ctrl+T).")
                             .arg(text, resolution.error));
    case ResourceResolution::Outcome::Ambiguous:
        return showError(tr("Cannot show \"%1\": %2. Pick one of them from the list (Ctrl+T).")
                             .arg(text, resolution.error));
    case ResourceResolution::Outcome::Found:
        break;
    }
    const ResourceType &type = resolution.type;
    if (ResourceCatalog::isUsage(type) && !ResourceCatalog::isShowable(type))
        return showError(tr("%1 is shown as the CPU and MEMORY columns of pods and nodes.")
                             .arg(type.qualifiedName()));
    if (!ResourceCatalog::isShowable(type))
        return showError(tr("%1 cannot be listed or watched: the server allows only %2.")
                             .arg(type.qualifiedName(), type.verbs.join(u", ")));
    forgetError();
    // The entry of what the name means, so the box shows the type the table shows.
    picker->setCurrentIndex(picker->findData(type.qualifiedName()));
    emit typeChosen(type);
}

void ResourceChooser::showError(const QString &text)
{
    m_error = text;
    m_messages->showError(text);
}

void ResourceChooser::forgetError()
{
    // Only this chooser's own message: a kubeconfig warning or a cluster's problem stays.
    if (!m_error.isEmpty() && m_messages->isVisible() && m_messages->text() == m_error)
        m_messages->hide();
    m_error.clear();
}

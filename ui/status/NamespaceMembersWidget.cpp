#include "ui/status/NamespaceMembersWidget.h"

#include "core/session/WatchSession.h"
#include "ui/common/PhaseColour.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {
enum Column
{
    NamespaceColumn,
    PhaseColumn,
    ObjectsColumn,
    ErrorColumn,
    ColumnCount
};
} // namespace

NamespaceMembersWidget::NamespaceMembersWidget(WatchSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("namespaceMembers"));
    setAccessibleName(tr("Namespaces read one by one"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);

    m_forbidden = new QLabel(this);
    m_forbidden->setObjectName(QStringLiteral("forbiddenLabel"));
    m_forbidden->setAccessibleDescription(tr("Why the resource is read namespace by namespace"));
    m_forbidden->setWordWrap(true);
    m_forbidden->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_forbidden);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("namespaceMemberTable"));
    m_table->setAccessibleName(tr("Status per namespace"));
    m_table->setHorizontalHeaderLabels(
        {tr("Namespace"), tr("Phase"), tr("Objects"), tr("Last error")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setMinimumHeight(80);
    layout->addWidget(m_table, 1);

    m_verdicts = new QLabel(this);
    m_verdicts->setObjectName(QStringLiteral("accessVerdictsLabel"));
    m_verdicts->setAccessibleDescription(tr("Namespaces that may not be read, and why"));
    m_verdicts->setWordWrap(true);
    m_verdicts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_verdicts);

    m_add = new QPushButton(tr("Add namespace…"), this);
    m_add->setObjectName(QStringLiteral("addNamespaceButton"));
    m_add->setAccessibleName(tr("Add namespace"));
    m_add->setToolTip(tr("Read one more namespace you have access to (remembered for this "
                         "context)"));
    m_addError = new QLabel(this);
    m_addError->setObjectName(QStringLiteral("addNamespaceError"));
    m_addError->setWordWrap(true);
    auto *addRow = new QHBoxLayout;
    addRow->addWidget(m_add);
    addRow->addWidget(m_addError, 1);
    layout->addLayout(addRow);
    connect(m_add, &QPushButton::clicked, this, &NamespaceMembersWidget::askForNamespace);

    connect(session, &QObject::destroyed, this, &QObject::deleteLater);
    connect(session, &WatchSession::restarted, this, &NamespaceMembersWidget::refresh);
    connect(session, &WatchSession::stateChanged, this, &NamespaceMembersWidget::refresh);
    refresh();
}

QString NamespaceMembersWidget::forbiddenText() const
{
    return m_forbidden->text();
}

QString NamespaceMembersWidget::verdictText() const
{
    return m_verdicts->text();
}

void NamespaceMembersWidget::askForNamespace()
{
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("addNamespaceDialog"));
    dialog.setAccessibleName(tr("Add namespace"));
    dialog.setWindowTitle(tr("Add namespace"));
    dialog.setLabelText(tr("Namespace to read (you need list and watch rights there):"));
    if (dialog.exec() == QDialog::Accepted)
        addNamespace(dialog.textValue());
}

QString NamespaceMembersWidget::addNamespace(const QString &namespaceName)
{
    if (!m_session)
        return {};
    const QString error = m_session->addNamespace(namespaceName);
    const QString text =
        error.isEmpty() ? QString() : tr("Could not add \"%1\": %2").arg(namespaceName, error);
    m_addError->setText(text);
    m_addError->setAccessibleName(text);
    return error;
}

void NamespaceMembersWidget::refresh()
{
    if (!m_session)
        return;
    setVisible(m_session->isPerNamespace());
    const QString forbidden = m_session->forbiddenMessage();
    QString text;
    if (!forbidden.isEmpty()) {
        text = m_session->namespaceMode() == NamespacedReflectorGroup::Mode::ResolvingAccess
                   ? tr("Cluster-wide list forbidden (%1): checking which namespaces you may "
                        "read…")
                         .arg(forbidden)
                   : tr("Cluster-wide list forbidden (%1): reading %2 namespaces one by one")
                         .arg(forbidden, QString::number(m_session->members().size()));
    }
    if (m_forbidden->text() != text) {
        m_forbidden->setText(text);
        m_forbidden->setAccessibleName(text);
    }
    m_forbidden->setVisible(!text.isEmpty());
    m_add->setEnabled(m_session->namespaceMode() == NamespacedReflectorGroup::Mode::PerNamespace);
    refreshRows();
    refreshVerdicts();
}

void NamespaceMembersWidget::refreshRows()
{
    const QList<NamespaceMemberStatus> &members = m_session->members();
    m_table->setRowCount(int(members.size()));
    const QLocale locale;
    const auto setCell = [this](int row, int column, const QString &text) {
        QTableWidgetItem *item = m_table->item(row, column);
        if (!item) {
            item = new QTableWidgetItem;
            m_table->setItem(row, column, item);
        }
        if (item->text() != text) {
            item->setText(text);
            item->setToolTip(text);
        }
        return item;
    };
    for (int row = 0; row < members.size(); ++row) {
        const NamespaceMemberStatus &member = members.at(row);
        setCell(row, NamespaceColumn,
                member.namespaceName.isEmpty() ? tr("(all namespaces)") : member.namespaceName);
        QTableWidgetItem *phase = setCell(row, PhaseColumn, reflectorPhaseName(member.phase));
        phase->setBackground(reflectorPhaseColour(member.phase));
        phase->setForeground(Qt::white);
        setCell(row, ObjectsColumn, locale.toString(member.objectCount));
        setCell(row, ErrorColumn,
                member.stats.lastError.isNull() ? tr("none") : member.stats.lastError.toString());
    }
}

void NamespaceMembersWidget::refreshVerdicts()
{
    const NamespaceAccessResult &result = m_session->accessResult();
    QStringList lines;
    if (!result.error.isEmpty())
        lines << tr("Access check failed: %1").arg(result.error);
    if (!result.namespaceListError.isEmpty())
        lines << tr("Namespaces cannot be listed (%1): only the context's namespace and those "
                    "added by hand are tried.")
                     .arg(result.namespaceListError);
    QStringList denied;
    for (const NamespaceAccess &access : result.namespaces) {
        if (access.verdict == NamespaceAccess::Verdict::Denied)
            denied << tr("%1 (%2)").arg(access.namespaceName, access.reason);
        else if (access.verdict == NamespaceAccess::Verdict::Unknown)
            denied << tr("%1 (not checked: %2)").arg(access.namespaceName, access.reason);
    }
    if (!denied.isEmpty())
        lines << tr("Not readable: %1").arg(denied.join(QStringLiteral("; ")));
    const QString text = lines.join(u'\n');
    if (m_verdicts->text() != text) {
        m_verdicts->setText(text);
        m_verdicts->setAccessibleName(text);
    }
    m_verdicts->setVisible(!text.isEmpty());
}

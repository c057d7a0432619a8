#include "ui/detail/history/HistoryView.h"

#include "core/history/ChangeHistory.h"
#include "ui/detail/history/HistoryModel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTreeView>
#include <QVBoxLayout>

HistoryView::HistoryView(QWidget *parent)
    : QWidget(parent)
    , m_model(new HistoryModel(this))
    , m_caption(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_copy(new QPushButton(tr("&Copy"), this))
{
    setObjectName(QStringLiteral("historyView"));
    m_caption->setObjectName(QStringLiteral("historyCaption"));
    m_caption->setAccessibleDescription(tr("How many changes of the selected object were seen"));
    m_caption->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("changeHistory"));
    m_view->setAccessibleName(tr("Change history"));
    m_view->setAccessibleDescription(
        tr("Changes of the selected object seen since Kubeglass started watching, newest first; "
           "expand an entry for its fields"));
    m_view->setModel(m_model);
    m_view->setHeaderHidden(true);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_copy->setObjectName(QStringLiteral("copyHistory"));
    m_copy->setAccessibleName(tr("Copy changes"));
    m_copy->setToolTip(tr("Copy the selected entries (all when none is selected) as text"));
    auto *copyAction = new QAction(tr("Copy"), m_view);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(copyAction);

    auto *top = new QHBoxLayout;
    top->addWidget(m_caption, 1);
    top->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_copy, &QPushButton::clicked, this, &HistoryView::copySelection);
    connect(copyAction, &QAction::triggered, this, &HistoryView::copySelection);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &HistoryView::updateCaption);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &HistoryView::updateCaption);
    connect(m_model, &QAbstractItemModel::modelReset, this, &HistoryView::updateCaption);
    updateCaption();
}

void HistoryView::setHistory(ChangeHistory *history)
{
    m_model->setHistory(history);
}

void HistoryView::showObject(const QString &historyKey)
{
    m_model->setObjectKey(historyKey);
}

QString HistoryView::selectedText() const
{
    QList<int> rows;
    QSet<int> seen;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows()) {
        const QModelIndex top = index.parent().isValid() ? index.parent() : index;
        if (!seen.contains(top.row())) {
            seen.insert(top.row());
            rows.append(top.row());
        }
    }
    if (rows.isEmpty()) {
        for (int row = 0; row < m_model->rowCount(); ++row)
            rows.append(row);
    }
    std::sort(rows.begin(), rows.end());
    QString text;
    for (int row : std::as_const(rows))
        text += m_model->entryAt(m_model->index(row, 0)).toText();
    return text;
}

void HistoryView::copySelection() const
{
    QApplication::clipboard()->setText(selectedText());
}

void HistoryView::updateCaption()
{
    const int count = m_model->rowCount();
    if (m_model->objectKey().isEmpty())
        m_caption->setText(tr("Select a row to see its changes"));
    else if (count == 0)
        m_caption->setText(tr("No changes seen since Kubeglass started watching"));
    else
        m_caption->setText(count == 1 ? tr("1 change seen")
                                      : tr("%1 changes seen, newest first").arg(count));
    m_copy->setEnabled(count > 0);
}

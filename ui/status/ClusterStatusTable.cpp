#include "ui/status/ClusterStatusTable.h"

#include "core/session/WatchSession.h"
#include "ui/clusters/ClusterSet.h"
#include "ui/common/PhaseColour.h"

#include <QHeaderView>
#include <QLocale>

namespace {

enum Column
{
    ContextColumn,
    PhaseColumn,
    VersionColumn,
    ObjectsColumn,
    ErrorColumn,
    ColumnCount
};

} // namespace

ClusterStatusTable::ClusterStatusTable(ClusterSet *clusters, QWidget *parent)
    : QTableWidget(int(clusters->members().size()), ColumnCount, parent)
{
    setObjectName(QStringLiteral("clusterStatus"));
    setAccessibleName(tr("Clusters"));
    setAccessibleDescription(tr("Each cluster's watch: phase, resourceVersion, objects and last "
                                "error"));
    setHorizontalHeaderLabels(
        {tr("Context"), tr("Phase"), tr("resourceVersion"), tr("Objects"), tr("Last error")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(ErrorColumn, QHeaderView::Stretch);
    for (int row = 0; row < rowCount(); ++row) {
        const ClusterMember *member = clusters->members().at(row);
        for (int column = 0; column < ColumnCount; ++column)
            setItem(row, column, new QTableWidgetItem);
        item(row, ContextColumn)->setText(member->name());
        m_sessions.append(member->session());
        m_paused.append(PauseMark());
        showState(row, member->session()->state());
        connect(member->session(), &WatchSession::stateChanged, this,
                [this, row](const SessionState &state) { showState(row, state); });
    }
}

void ClusterStatusTable::markPaused(const WatchSession *session)
{
    const int row = int(m_sessions.indexOf(session));
    if (row < 0)
        return;
    m_paused[row].set(session->phase());
    showState(row, session->state());
}

void ClusterStatusTable::showState(int row, const SessionState &state)
{
    const bool paused = m_paused[row].follow(state.phase);
    item(row, PhaseColumn)->setText(paused ? PauseMark::name() : reflectorPhaseName(state.phase));
    item(row, PhaseColumn)
        ->setForeground(paused ? PauseMark::colour() : reflectorPhaseColour(state.phase));
    item(row, VersionColumn)->setText(state.stats.resourceVersion);
    item(row, ObjectsColumn)->setText(QLocale().toString(state.objectCount));
    const ApiError &error = state.stats.lastError;
    item(row, ErrorColumn)->setText(error.isNull() ? QString() : error.toString());
    item(row, ErrorColumn)->setToolTip(error.isNull() ? QString() : error.toString());
}

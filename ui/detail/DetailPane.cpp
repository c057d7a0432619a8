#include "ui/detail/DetailPane.h"

#include "core/history/ChangeHistory.h"
#include "core/net/ApiError.h"
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "core/yaml/YamlRenderer.h"
#include "ui/common/UiLogging.h"
#include "ui/detail/history/HistoryView.h"
#include "ui/detail/logs/LogsPanel.h"
#include "ui/detail/related/RelatedPanel.h"
#include "ui/detail/usage/UsagePanel.h"
#include "ui/table/CellValues.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

DetailPane::DetailPane(SessionSource sessions, QWidget *parent)
    : QWidget(parent)
    , m_sessions(std::move(sessions))
    , m_title(new QLabel(this))
    , m_managedFields(new QCheckBox(tr("Show &managedFields"), this))
    , m_reveal(new QPushButton(tr("&Reveal data"), this))
    , m_yaml(new QPlainTextEdit(this))
    , m_eventsView(new QTableView(this))
    , m_eventsModel(new QStandardItemModel(0, 4, this))
    , m_logs(new LogsPanel(this))
    , m_usage(new UsagePanel(this))
    , m_related(new RelatedPanel(this))
    , m_historyView(new HistoryView(this))
{
    setObjectName(QStringLiteral("detailPane"));
    setAccessibleName(tr("Object details"));
    m_title->setObjectName(QStringLiteral("detailTitle"));
    m_title->setAccessibleDescription(tr("The selected object"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long name or message wraps: unwrapped, its width is the pane's minimum and the splitter
    // moved to make room, narrowing the table.
    m_title->setWordWrap(true);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_managedFields->setObjectName(QStringLiteral("managedFieldsToggle"));
    m_managedFields->setAccessibleName(tr("Show managedFields"));
    m_managedFields->setToolTip(tr("Show metadata.managedFields (Alt+M)"));
    m_reveal->setObjectName(QStringLiteral("revealSecret"));
    m_reveal->setAccessibleName(tr("Reveal secret data"));
    m_reveal->setCheckable(true);
    m_reveal->setToolTip(tr("Show the Secret's data values (Alt+R)"));
    m_reveal->hide();
    m_yaml->setObjectName(QStringLiteral("yamlView"));
    m_yaml->setAccessibleName(tr("Object YAML"));
    m_yaml->setAccessibleDescription(tr("The selected object as YAML, updated live"));
    m_yaml->setReadOnly(true);
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_eventsView->setObjectName(QStringLiteral("eventsTable"));
    m_eventsView->setAccessibleName(tr("Events of the selected object"));
    m_eventsView->setModel(m_eventsModel);
    m_eventsView->verticalHeader()->hide();
    m_eventsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_eventsView->horizontalHeader()->setStretchLastSection(true);
    m_eventsView->setWordWrap(false);
    m_eventsModel->setHorizontalHeaderLabels({tr("Type"), tr("Reason"), tr("Age"), tr("Message")});
    m_eventsView->setColumnWidth(0, 70);
    m_eventsView->setColumnWidth(1, 130);
    m_eventsView->setColumnWidth(2, 60);

    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_managedFields);
    header->addWidget(m_reveal);
    auto *eventsLabel = new QLabel(tr("Events"), this);
    eventsLabel->setAccessibleDescription(tr("Caption of the events table"));
    auto *eventsBox = new QWidget(this);
    auto *eventsLayout = new QVBoxLayout(eventsBox);
    eventsLayout->setContentsMargins(0, 0, 0, 0);
    eventsLayout->addWidget(eventsLabel);
    eventsLayout->addWidget(m_eventsView);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("detailSplitter"));
    split->addWidget(m_yaml);
    split->addWidget(eventsBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("detailTabs"));
    tabs->setAccessibleName(tr("Object pages"));
    tabs->addTab(split, tr("Object"));
    tabs->addTab(m_historyView, tr("Hi&story"));
    tabs->addTab(m_logs, tr("Logs"));
    tabs->addTab(m_usage, tr("Usage"));
    tabs->addTab(m_related, tr("Related"));
    layout->addWidget(tabs, 1);

    connect(m_managedFields, &QCheckBox::toggled, this, &DetailPane::render);
    connect(m_reveal, &QPushButton::toggled, this, [this](bool on) {
        m_revealed = on;
        m_reveal->setText(on ? tr("&Hide data") : tr("&Reveal data"));
        render();
    });
    showObject(nullptr, {});
}

DetailPane::~DetailPane() = default;

void DetailPane::setHistory(ChangeHistory *history)
{
    m_historyView->setHistory(history);
}

void DetailPane::setConnection(ClusterConnection *connection)
{
    if (connection == m_connection)
        return;
    delete m_events;
    m_events = nullptr;
    delete m_objectWatch;
    m_objectWatch = nullptr;
    m_watchedObject.clear();
    m_connection = connection;
    m_logs->setConnection(connection);
    m_related->setConnection(connection);
    m_fieldSelectorRefused = false;
    if (m_connection) {
        m_events = m_sessions(m_connection, Watch::Events, tr("object events"), this);
        connect(m_events, &WatchSession::storeChanged, this, &DetailPane::onEventsDelta);
        connect(m_events, &WatchSession::errorOccurred, this, &DetailPane::onEventsError);
        connect(m_events, &WatchSession::restarted, this, [this] {
            m_eventObjects.clear();
            rebuildEventsTable();
        });
        m_objectWatch = m_sessions(m_connection, Watch::Object, tr("selected object"), this);
        connect(m_objectWatch, &WatchSession::storeChanged, this, &DetailPane::onObjectDelta);
        connect(m_objectWatch, &WatchSession::errorOccurred, this, &DetailPane::onObjectError);
    }
    showObject(nullptr, {});
}

void DetailPane::setMetrics(MetricsSession *metrics)
{
    m_usage->setMetrics(metrics);
}

void DetailPane::setCluster(const QString &name, const QColor &colour)
{
    m_cluster = name;
    // A context's colour (e.g. red for production) tints the title of what is shown.
    m_title->setStyleSheet(colour.isValid()
                               ? QStringLiteral("background-color: rgba(%1, %2, %3, 80); "
                                                "border-radius: 3px; padding: 2px 6px;")
                                     .arg(colour.red())
                                     .arg(colour.green())
                                     .arg(colour.blue())
                               : QString());
    render();
}

void DetailPane::clear(const QString &reason)
{
    showObject(nullptr, {});
    m_emptyReason = reason;
    render();
}

void DetailPane::showObject(const StoredObjectPtr &row, const WatchTarget &source)
{
    m_emptyReason.clear();
    const bool sameObject = row && m_row && row->uid == m_row->uid && row->key == m_row->key;
    if (!sameObject && m_revealed)
        m_reveal->setChecked(false); // a newly selected Secret starts masked
    const bool rowsAreWhole =
        !source.table || source.tableObject == WatchTarget::TableObject::Object;
    m_row = row;
    m_historyView->showObject(
        row ? ChangeHistory::historyKey(source.group, source.resource, row->key,
                                        m_connection ? m_connection->name() : QString())
            : QString());
    m_kind = source.kind;
    m_apiVersion = source.resource.isEmpty() ? QString() : source.apiVersion();
    if (rowsAreWhole)
        m_shown = row;
    else if (!sameObject)
        m_shown = nullptr; // until the object watch delivers it
    if (!sameObject) {
        m_objectError.clear();
        watchEvents();
    }
    watchObject(rowsAreWhole ? WatchTarget() : source);
    render();
}

QString DetailPane::yamlText() const
{
    return m_yaml->toPlainText();
}

void DetailPane::render()
{
    m_logs->showObject(m_kind, m_row ? m_shown : nullptr);
    m_usage->showObject(m_kind, !m_row ? nullptr : m_shown ? m_shown : m_row);
    m_related->showObject(m_kind, m_row ? m_shown : nullptr);
    if (!m_row) {
        m_title->setText(m_emptyReason.isEmpty() ? tr("Select a row to see the object")
                                                 : m_emptyReason);
        m_title->setAccessibleName(m_title->text());
        m_yaml->clear();
        m_yaml->setPlaceholderText(QString());
        m_reveal->hide();
        return;
    }
    m_title->setText(m_cluster.isEmpty() ? QStringLiteral("%1 %2").arg(m_kind, m_row->key)
                                         : tr("%1 %2 on %3").arg(m_kind, m_row->key, m_cluster));
    m_title->setAccessibleName(m_title->text());
    if (!m_shown) {
        m_yaml->clear();
        m_yaml->setPlaceholderText(
            m_objectError.isEmpty()
                ? tr("Loading the object...")
                : tr("Cannot load the object (retrying): %1").arg(m_objectError));
        m_reveal->setVisible(m_kind == u"Secret");
        return;
    }
    const bool secret = m_kind == u"Secret" || YamlRenderer::isSecret(m_shown->raw);
    m_reveal->setVisible(secret);
    YamlRenderer::Options options;
    options.showManagedFields = m_managedFields->isChecked();
    options.revealSecretData = m_revealed;
    options.apiVersion = m_apiVersion; // list items carry neither apiVersion nor kind
    options.kind = m_kind;
    const QString yaml = YamlRenderer::render(m_shown->raw, options);
    if (yaml == m_yaml->toPlainText())
        return;
    const int scroll = m_yaml->verticalScrollBar()->value();
    m_yaml->setPlainText(yaml);
    m_yaml->verticalScrollBar()->setValue(scroll);
}

void DetailPane::watchObject(const WatchTarget &source)
{
    if (!m_objectWatch)
        return;
    // A list and watch narrowed to one name: the full object, kept live by the same reflector
    // machinery (backoff, relist, status) as the table.
    WatchTarget target = source;
    target.table = false;
    target.labelSelector.clear();
    if (m_row && !source.resource.isEmpty()) {
        target.namespaceName = m_row->namespaceName;
        target.fieldSelector = QStringLiteral("metadata.name=%1").arg(m_row->name());
    }
    const QString watched =
        target.fieldSelector.isEmpty() ? QString() : target.path() + u'?' + target.fieldSelector;
    if (watched == m_watchedObject)
        return;
    m_watchedObject = watched;
    if (watched.isEmpty())
        m_objectWatch->stop();
    else
        m_objectWatch->start(target);
}

void DetailPane::onObjectDelta(const StoreDelta &delta)
{
    // Removals are ignored: a deleted object stays on show, as its row's last state does.
    for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated}) {
        for (const StoredObjectPtr &object : *list) {
            if (m_row && object->key == m_row->key) {
                m_shown = object;
                m_objectError.clear();
            }
        }
    }
    render();
}

void DetailPane::onObjectError(const ApiError &error)
{
    m_objectError = error.toString();
    if (!m_shown)
        render();
}

void DetailPane::watchEvents()
{
    m_eventObjects.clear();
    rebuildEventsTable();
    if (!m_events)
        return;
    if (!m_row || m_kind == u"Event") {
        m_events->stop();
        return;
    }
    WatchTarget target = ResourceCatalog::targetFor(ResourceCatalog::events());
    target.namespaceName = m_row->namespaceName;
    if (!m_fieldSelectorRefused) {
        target.fieldSelector =
            m_row->uid.isEmpty()
                ? QStringLiteral("involvedObject.name=%1").arg(m_row->name())
                : QStringLiteral("involvedObject.uid=%1").arg(m_row->uid.toString());
    }
    m_events->start(target);
}

void DetailPane::onEventsError(const ApiError &error)
{
    // Servers that cannot select events by involvedObject (400): watch the namespace's events
    // and keep the ones about this object here instead.
    if (error.httpStatus == 400 && !m_fieldSelectorRefused && m_row) {
        qCInfo(lcUi) << "events field selector refused; filtering events locally:" << error.message;
        m_fieldSelectorRefused = true;
        watchEvents();
    }
}

bool DetailPane::concernsObject(const QByteArray &eventJson) const
{
    if (!m_fieldSelectorRefused)
        return true;
    const QJsonObject involved = QJsonDocument::fromJson(eventJson)
                                     .object()
                                     .value(QLatin1String("involvedObject"))
                                     .toObject();
    const QString uid = involved.value(QLatin1String("uid")).toString();
    if (!uid.isEmpty() && m_row)
        return ObjectUid(uid) == m_row->uid;
    return m_row && involved.value(QLatin1String("name")).toString() == m_row->name() &&
           (m_kind.isEmpty() || involved.value(QLatin1String("kind")).toString() == m_kind);
}

void DetailPane::onEventsDelta(const StoreDelta &delta)
{
    for (const QString &key : delta.removed)
        m_eventObjects.remove(key);
    for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated}) {
        for (const StoredObjectPtr &event : *list) {
            if (concernsObject(event->raw))
                m_eventObjects.insert(event->key, event);
            else
                m_eventObjects.remove(event->key);
        }
    }
    rebuildEventsTable();
}

void DetailPane::rebuildEventsTable()
{
    // A handful of events per object: rebuilding the small table is simplest and cheap.
    struct Row
    {
        qint64 lastMs;
        QStringList cells;
    };
    QList<Row> rows;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const StoredObjectPtr &event : std::as_const(m_eventObjects)) {
        const QJsonObject o = QJsonDocument::fromJson(event->raw).object();
        qint64 last =
            CellValues::parseTimestampMs(o.value(QLatin1String("lastTimestamp")).toString());
        if (last < 0)
            last = event->creationTimestampMs;
        rows.append({last,
                     {o.value(QLatin1String("type")).toString(),
                      o.value(QLatin1String("reason")).toString(),
                      last > 0 ? CellValues::formatAge(now - last) : QString(),
                      o.value(QLatin1String("message")).toString()}});
    }
    std::sort(rows.begin(), rows.end(),
              [](const Row &a, const Row &b) { return a.lastMs > b.lastMs; });
    m_eventsModel->setRowCount(0);
    for (const Row &row : std::as_const(rows)) {
        QList<QStandardItem *> items;
        for (const QString &cell : row.cells)
            items.append(new QStandardItem(cell));
        m_eventsModel->appendRow(items);
    }
}

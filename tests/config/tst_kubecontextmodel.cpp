#include "core/config/KubeContextModel.h"
#include "core/config/KubeconfigLoader.h"

#include "tests/config/TestFiles.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

// The context picker model over a loaded kubeconfig.
class TestKubeContextModel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void shouldListContextsWithCurrentMarked();
    void shouldMoveCurrentMarkWhenSwitching();
    void shouldReplaceRowsOnReload();

private:
    Kubeconfig load(const QByteArray &yaml);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<KubeContextModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

namespace {

const QByteArray TwoContexts = R"(current-context: b
clusters:
- name: c1
  cluster: {server: https://one}
contexts:
- name: b
  context: {cluster: c1, user: u, namespace: team}
- name: a
  context: {cluster: missing}
)";

} // namespace

void TestKubeContextModel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_model = std::make_unique<KubeContextModel>();
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

Kubeconfig TestKubeContextModel::load(const QByteArray &yaml)
{
    KubeconfigLoader loader;
    loader.setExplicitPath(TestFiles::write(m_dir->path(), "config", yaml));
    return loader.load();
}

void TestKubeContextModel::shouldListContextsWithCurrentMarked()
{
    // Given a kubeconfig with two contexts, the second current
    m_model->setKubeconfig(load(TwoContexts));

    // Then rows are sorted by name with their details, the current one marked
    QCOMPARE(m_model->rowCount(), 2);
    QCOMPARE(m_model->columnCount(), int(KubeContextModel::ColumnCount));
    QCOMPARE(m_model->index(0, KubeContextModel::NameColumn).data().toString(),
             QStringLiteral("a"));
    QCOMPARE(m_model->index(0, KubeContextModel::ServerColumn).data().toString(), QString());
    QCOMPARE(m_model->index(0, KubeContextModel::NamespaceColumn).data().toString(),
             QStringLiteral("default"));
    QCOMPARE(m_model->index(1, KubeContextModel::ServerColumn).data().toString(),
             QStringLiteral("https://one"));
    QCOMPARE(m_model->index(1, KubeContextModel::UserColumn).data().toString(),
             QStringLiteral("u"));
    QCOMPARE(m_model->index(1, KubeContextModel::NamespaceColumn).data().toString(),
             QStringLiteral("team"));
    QVERIFY(!m_model->index(0, 0).data(KubeContextModel::IsCurrentRole).toBool());
    QVERIFY(m_model->index(1, 0).data(KubeContextModel::IsCurrentRole).toBool());
    QCOMPARE(m_model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Context"));
}

void TestKubeContextModel::shouldMoveCurrentMarkWhenSwitching()
{
    // Given the model with "b" current
    m_model->setKubeconfig(load(TwoContexts));
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);

    // When the user switches to "a"
    m_model->setCurrentContext(QStringLiteral("a"));

    // Then both rows are updated and only "a" is marked
    QCOMPARE(changed.size(), 2);
    QVERIFY(m_model->index(0, 0).data(KubeContextModel::IsCurrentRole).toBool());
    QVERIFY(!m_model->index(1, 0).data(KubeContextModel::IsCurrentRole).toBool());
    QCOMPARE(m_model->currentContext(), QStringLiteral("a"));
}

void TestKubeContextModel::shouldReplaceRowsOnReload()
{
    // Given a loaded model
    m_model->setKubeconfig(load(TwoContexts));
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);

    // When a failed load replaces it
    m_model->setKubeconfig(load("clusters: [\n"));

    // Then the rows are gone
    QCOMPARE(reset.size(), 1);
    QCOMPARE(m_model->rowCount(), 0);
    QCOMPARE(m_model->rowOfContext(QStringLiteral("a")), -1);
}

QTEST_GUILESS_MAIN(TestKubeContextModel)
#include "tst_kubecontextmodel.moc"

#include "core/access/RememberedNamespaces.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

// Hand-added namespaces, remembered per kubeconfig context in a settings file.
class TestRememberedNamespaces : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_file;

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_file = m_dir->filePath(QStringLiteral("kubeglass.ini"));
    }

    void shouldRememberNamespacesPerContextAcrossInstances()
    {
        // Given namespaces added for two contexts
        {
            RememberedNamespaces remembered(m_file);
            QCOMPARE(remembered.add(QStringLiteral("dev"), QStringLiteral("team-b")), QString());
            QCOMPARE(remembered.add(QStringLiteral("dev"), QStringLiteral("team-a")), QString());
            QCOMPARE(remembered.add(QStringLiteral("dev"), QStringLiteral("team-a")), QString());
            QCOMPARE(remembered.add(QStringLiteral("prod"), QStringLiteral("payments")), QString());
        }

        // When the settings are read again by a new instance
        const RememberedNamespaces reread(m_file);

        // Then each context has its own sorted list without duplicates
        QCOMPARE(reread.namespaces(QStringLiteral("dev")),
                 QStringList({QStringLiteral("team-a"), QStringLiteral("team-b")}));
        QCOMPARE(reread.namespaces(QStringLiteral("prod")),
                 QStringList({QStringLiteral("payments")}));
        QCOMPARE(reread.namespaces(QStringLiteral("other")), QStringList());
    }

    void shouldKeepContextsWithSeparatorCharactersApart()
    {
        // Given contexts whose names contain QSettings' group separator and escapes
        RememberedNamespaces remembered(m_file);
        const QString eksContext = QStringLiteral("arn:aws:eks:eu-west-1:1234:cluster/prod");
        const QString nested = QStringLiteral("arn:aws:eks:eu-west-1:1234:cluster");

        // When namespaces are added to both
        QCOMPARE(remembered.add(eksContext, QStringLiteral("web")), QString());
        QCOMPARE(remembered.add(nested, QStringLiteral("db")), QString());

        // Then neither sees the other's
        QCOMPARE(remembered.namespaces(eksContext), QStringList({QStringLiteral("web")}));
        QCOMPARE(remembered.namespaces(nested), QStringList({QStringLiteral("db")}));
    }

    void shouldRejectInvalidNamespaceNames()
    {
        // Given a store
        RememberedNamespaces remembered(m_file);

        // When invalid names are added
        const QStringList bad = {QString(), QStringLiteral("Team_A"), QStringLiteral("-x"),
                                 QStringLiteral("a/b"), QString(64, QLatin1Char('a'))};

        // Then each is refused with a message and nothing is stored
        for (const QString &name : bad)
            QVERIFY2(!remembered.add(QStringLiteral("dev"), name).isEmpty(), qPrintable(name));
        QVERIFY(!remembered.add(QString(), QStringLiteral("ok")).isEmpty());
        QCOMPARE(remembered.namespaces(QStringLiteral("dev")), QStringList());
    }

    void shouldForgetRemovedNamespaces()
    {
        // Given two remembered namespaces
        RememberedNamespaces remembered(m_file);
        remembered.add(QStringLiteral("dev"), QStringLiteral("a"));
        remembered.add(QStringLiteral("dev"), QStringLiteral("b"));

        // When one is removed (and one that was never there)
        remembered.remove(QStringLiteral("dev"), QStringLiteral("a"));
        remembered.remove(QStringLiteral("dev"), QStringLiteral("zzz"));

        // Then only the other one is remembered, also by a new instance
        QCOMPARE(RememberedNamespaces(m_file).namespaces(QStringLiteral("dev")),
                 QStringList({QStringLiteral("b")}));
    }
};

QTEST_GUILESS_MAIN(TestRememberedNamespaces)
#include "tst_rememberednamespaces.moc"

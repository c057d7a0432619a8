#include "core/config/KubeconfigWatcher.h"

#include "tests/config/TestFiles.h"
#include "tests/support/ManualClock.h"

#include <QSignalSpy>
#include <QTest>

#include <filesystem>

// Noticing kubeconfig edits on disk (real inotify; the debounce runs on a ManualClock).
class TestKubeconfigWatcher : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void shouldSignalOnceWhenAWatchedFileChanges();
    void shouldSignalWhenAMissingFileAppears();
    void shouldSignalWhenAFileIsReplacedByRename();
    void shouldIgnoreOtherFilesInTheDirectory();

private:
    // Waits for the watcher to schedule its debounce, then lets it run.
    bool settle();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<KubeconfigWatcher> m_watcher;
    std::unique_ptr<QSignalSpy> m_changed;
    QString m_path;
};

void TestKubeconfigWatcher::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    m_watcher = std::make_unique<KubeconfigWatcher>(m_clock.get());
    m_changed = std::make_unique<QSignalSpy>(m_watcher.get(), &KubeconfigWatcher::changed);
    m_path = m_dir->filePath(QStringLiteral("config"));
}

bool TestKubeconfigWatcher::settle()
{
    if (!QTest::qWaitFor([this] { return m_clock->pendingCount() > 0; }, 10000))
        return false;
    m_clock->advance(KubeconfigWatcher::DebounceMs);
    return true;
}

void TestKubeconfigWatcher::shouldSignalOnceWhenAWatchedFileChanges()
{
    // Given a watched file
    TestFiles::write(m_dir->path(), "config", "a: 1\n");
    m_watcher->watch({m_path});

    // When it is written twice in a burst
    TestFiles::write(m_dir->path(), "config", "a: 22\n");
    TestFiles::write(m_dir->path(), "config", "a: 333\n");

    // Then one change is reported
    QVERIFY(settle());
    QCOMPARE(m_changed->size(), 1);
}

void TestKubeconfigWatcher::shouldSignalWhenAMissingFileAppears()
{
    // Given a watched file that does not exist yet
    m_watcher->watch({m_path});

    // When it is created
    TestFiles::write(m_dir->path(), "config", "a: 1\n");

    // Then a change is reported
    QVERIFY(settle());
    QCOMPARE(m_changed->size(), 1);
}

void TestKubeconfigWatcher::shouldSignalWhenAFileIsReplacedByRename()
{
    // Given a watched file
    TestFiles::write(m_dir->path(), "config", "a: 1\n");
    m_watcher->watch({m_path});

    // When another file is renamed over it, twice
    for (const char *content : {"b: 22\n", "c: 333\n"}) {
        const QString temp = TestFiles::write(m_dir->path(), "config.tmp", content);
        // std::filesystem replaces an existing target on Windows too (MoveFileEx), as editors do.
        std::error_code error;
        std::filesystem::rename(temp.toStdWString(), m_path.toStdWString(), error);
        QVERIFY2(!error, error.message().c_str());
        QVERIFY(settle());
    }

    // Then each replacement is reported
    QCOMPARE(m_changed->size(), 2);
}

void TestKubeconfigWatcher::shouldIgnoreOtherFilesInTheDirectory()
{
    // Given a watched file
    TestFiles::write(m_dir->path(), "config", "a: 1\n");
    m_watcher->watch({m_path});

    // When a neighbour file is written
    TestFiles::write(m_dir->path(), "other", "x");

    // Then nothing is reported
    QVERIFY(settle());
    QCOMPARE(m_changed->size(), 0);
}

QTEST_GUILESS_MAIN(TestKubeconfigWatcher)
#include "tst_kubeconfigwatcher.moc"

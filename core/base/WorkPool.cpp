#include "core/base/WorkPool.h"

#include <QThreadPool>

Q_GLOBAL_STATIC(QThreadPool, s_workPool)

QThreadPool *workPool()
{
    return s_workPool();
}

#pragma once

#include <QLoggingCategory>

// One category per engine area, so users can enable e.g.
// QT_LOGGING_RULES="kubeglass.reflector.debug=true". Nothing logged through these may contain a
// token, key, password or exec-plugin output.
Q_DECLARE_LOGGING_CATEGORY(lcReflector)
Q_DECLARE_LOGGING_CATEGORY(lcWatch)
Q_DECLARE_LOGGING_CATEGORY(lcStore)
Q_DECLARE_LOGGING_CATEGORY(lcNet)
Q_DECLARE_LOGGING_CATEGORY(lcDiscovery)
Q_DECLARE_LOGGING_CATEGORY(lcConfig)
Q_DECLARE_LOGGING_CATEGORY(lcAuth)
Q_DECLARE_LOGGING_CATEGORY(lcSession)
Q_DECLARE_LOGGING_CATEGORY(lcLogs)
Q_DECLARE_LOGGING_CATEGORY(lcMetrics)
Q_DECLARE_LOGGING_CATEGORY(lcRelated)

#include "core/Logging.h"

Q_LOGGING_CATEGORY(lcReflector, "kubeglass.reflector", QtInfoMsg)
Q_LOGGING_CATEGORY(lcWatch, "kubeglass.watch", QtInfoMsg)
Q_LOGGING_CATEGORY(lcStore, "kubeglass.store", QtInfoMsg)
Q_LOGGING_CATEGORY(lcNet, "kubeglass.net", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDiscovery, "kubeglass.discovery", QtInfoMsg)
Q_LOGGING_CATEGORY(lcConfig, "kubeglass.config", QtInfoMsg)
Q_LOGGING_CATEGORY(lcAuth, "kubeglass.auth", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSession, "kubeglass.session", QtInfoMsg)
Q_LOGGING_CATEGORY(lcLogs, "kubeglass.logs", QtInfoMsg)
Q_LOGGING_CATEGORY(lcMetrics, "kubeglass.metrics", QtInfoMsg)
Q_LOGGING_CATEGORY(lcRelated, "kubeglass.related", QtInfoMsg)

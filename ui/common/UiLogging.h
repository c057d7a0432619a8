#pragma once

#include <QLoggingCategory>

// The desktop app's category: QT_LOGGING_RULES="kubeglass.ui.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcUi)

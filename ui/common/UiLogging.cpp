#include "ui/common/UiLogging.h"

Q_LOGGING_CATEGORY(lcUi, "kubeglass.ui", QtInfoMsg)

#pragma once

#include "core/session/ErrorAdvice.h"

#include <QCoreApplication>
#include <QString>

struct ApiError;

// The window's error-to-hint policy for the main watch, apart from any widget so that each rule
// is tested on its own.
class ErrorAdvisor
{
    Q_DECLARE_TR_FUNCTIONS(ErrorAdvisor)

public:
    // What the failing watch was about.
    struct Situation
    {
        QString server;       // the cluster's address as the user knows it
        QString resource;     // plural, e.g. "pods"
        QString groupVersion; // e.g. "apps/v1"
        bool tableRequested = false;
        bool labelSelectorSet = false;
        bool fieldSelectorSet = false;
    };

    static ErrorAdvice advise(const ApiError &error, const Situation &situation);
};

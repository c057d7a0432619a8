#pragma once

#include <QString>

// What the window does about a watch error: the hint under the error, and what it does itself.
struct ErrorAdvice
{
    enum class Action
    {
        None,
        // The server refuses Table output: watch again with the built-in columns, say nothing.
        FallBackToBuiltInColumns,
        // The resource is not served (any more): ask discovery whether it moved.
        RecheckResourceTypes,
    };
    QString hint;
    Action action = Action::None;
};

#include "core/session/ErrorAdvisor.h"

#include "core/net/ApiError.h"

ErrorAdvice ErrorAdvisor::advise(const ApiError &error, const Situation &situation)
{
    ErrorAdvice advice;
    if (error.httpStatus == 406 && situation.tableRequested) {
        advice.action = ErrorAdvice::Action::FallBackToBuiltInColumns;
    } else if (error.httpStatus == 0) {
        advice.hint = tr("Cannot reach %1. Check that the cluster is running and the address and "
                         "proxy are right; kubeglass retries automatically.")
                          .arg(situation.server);
    } else if (error.httpStatus == 401) {
        advice.hint =
            tr("The server did not accept your credentials. Refresh the token or log in "
               "again (for exec plugins, run the plugin's login command), then press F5.");
    } else if (error.httpStatus == 403) {
        advice.hint = tr("You may not list or watch %1 here. Pick a namespace you have access to, "
                         "or ask for list/watch rights.")
                          .arg(situation.resource);
    } else if (error.httpStatus == 404) {
        // A custom resource may have been removed or moved to another version.
        advice.hint = tr("The server does not serve %1 (%2); checking which resource types it "
                         "serves now.")
                          .arg(situation.resource, situation.groupVersion);
        advice.action = ErrorAdvice::Action::RecheckResourceTypes;
    } else if (error.httpStatus == 400 && situation.labelSelectorSet) {
        advice.hint = tr("Check the label selector syntax, e.g. app=web,tier!=db.");
    } else if (error.httpStatus == 400 && situation.fieldSelectorSet) {
        // Each kind serves its own few fields (pods: spec.nodeName, status.phase, ...).
        advice.hint = tr("Check the field selector: %1 may not be selected by that field.")
                          .arg(situation.resource);
    } else {
        advice.hint = tr("kubeglass retries automatically; press F5 to list again now.");
    }
    return advice;
}

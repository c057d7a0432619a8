#pragma once

#include "core/discovery/ResourceType.h"

#include <functional>

class ClusterTableModel;
class ObjectTableView;

// The kubectl half of the objects table's row menu: Kubeglass never changes a cluster, so where
// an admin would act it copies the command instead (KubectlCommands), with the row's own
// context (in the multi-cluster table, the row's cluster), its namespace and name, quoted for
// the platform's shell.
namespace RowCommandMenu {

// shown: the type the table shows. directServer: the URL of a cluster given directly (no
// kubeconfig context names it), empty for a context.
void install(ObjectTableView *table, ClusterTableModel *rows, std::function<ResourceType()> shown,
             std::function<QString(const QString &cluster)> directServer);

} // namespace RowCommandMenu

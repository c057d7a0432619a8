#pragma once

#include "core/discovery/ResourceType.h"

#include <QObject>

#include <functional>

class ClusterMessages;
class ClusterSet;
class MainToolBar;
class MessageBar;

// The resource picker's side of the window: offers the clusters' types (until discovery
// answers, only what is shown) and turns what the user picks, or types as kubectl takes it
// ("deploy", "Deployment", "deployments.v1.apps") and enters, into the Problems view or a type
// to watch, or says in the message bar why it cannot: unknown, ambiguous (naming the choices)
// or not listable (a type listed but not watched is shown, listed on a period).
class ResourceChooser : public QObject
{
    Q_OBJECT

public:
    // shown: the type the window shows now.
    ResourceChooser(MainToolBar *toolBar, ClusterSet *clusters, MessageBar *messages,
                    ClusterMessages *clusterMessages, std::function<ResourceType()> shown,
                    QObject *parent);

    // Offers the types again, with the Problems entry or the shown type selected.
    void rebuild(bool problemsShown);
    // As if the user picked qualifiedName ("deployments.apps"); false when not offered.
    bool select(const QString &qualifiedName);

signals:
    void problemsChosen();
    // A watchable type, maybe the one shown.
    void typeChosen(const ResourceType &type);

private:
    void onReturnPressed();
    void choose(const QString &typed);
    void showError(const QString &text);
    void forgetError();

    MainToolBar *m_toolBar;             // Not owned.
    ClusterSet *m_clusters;             // Not owned.
    MessageBar *m_messages;             // Not owned.
    ClusterMessages *m_clusterMessages; // Not owned.
    std::function<ResourceType()> m_shown;
    QString m_error; // the message this chooser showed last, until a type is chosen
};

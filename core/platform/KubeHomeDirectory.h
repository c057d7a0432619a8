#pragma once

#include <QProcessEnvironment>
#include <QString>

// The home folder that holds .kube/config, chosen the way kubectl (client-go's homedir.HomeDir)
// chooses it, so Kubeglass reads the same kubeconfig as kubectl on the same machine.
//  - Unix: $HOME.
//  - Windows: the first of %HOME%, %HOMEDRIVE%%HOMEPATH%, %USERPROFILE% that has a .kube\config;
//    else the first of %HOME%, %USERPROFILE%, %HOMEDRIVE%%HOMEPATH% that is a writable folder;
//    else the first of them that exists; else the first that is set.
// Both rules are plain functions of the environment, so each is tested on every platform.
class KubeHomeDirectory
{
public:
    enum class Rules
    {
        Unix,
        Windows
    };

    // The rules of the platform this was built for.
    static Rules nativeRules();

    static QString find(const QProcessEnvironment &environment, Rules rules = nativeRules());

    // <home>/.kube/config for find()'s home, or an empty string when no home is known.
    static QString defaultKubeconfig(const QProcessEnvironment &environment,
                                     Rules rules = nativeRules());
};

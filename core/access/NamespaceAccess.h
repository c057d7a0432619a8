#pragma once

#include <QString>

// What NamespaceAccessFinder found out about one namespace.
struct NamespaceAccess
{
    // Why the namespace was a candidate.
    enum class Source
    {
        Listed,    // the user may list namespaces and it was listed
        Context,   // the kubeconfig context's namespace
        HandAdded, // the user added it by hand
    };
    enum class Verdict
    {
        Allowed, // list and watch allowed
        Denied,  // list or watch denied
        Unknown, // the check itself failed (see reason)
    };

    QString namespaceName;
    Source source = Source::Listed;
    Verdict verdict = Verdict::Unknown;
    // For people: "list, watch allowed (SelfSubjectRulesReview)" (or SelfSubjectAccessReview,
    // or both), "watch denied: ...", or the error that kept the check from answering.
    QString reason;

    bool isAllowed() const { return verdict == Verdict::Allowed; }
};

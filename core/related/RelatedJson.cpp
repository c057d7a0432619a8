#include "core/related/RelatedJson.h"

#include "core/base/Utf8View.h"

#include <simdjson.h>

using namespace simdjson;

struct RelatedJson::Parser
{
    dom::parser parser;
};

namespace {

QString stringAt(dom::element element, std::string_view pointer)
{
    std::string_view value;
    return element.at_pointer(pointer).get(value) == SUCCESS ? qStringFromUtf8View(value)
                                                             : QString();
}

RelatedJson::Labels mapAt(dom::element element, std::string_view pointer)
{
    RelatedJson::Labels out;
    dom::object map;
    if (element.at_pointer(pointer).get(map) != SUCCESS)
        return out;
    for (dom::key_value_pair field : map) {
        std::string_view value;
        if (field.value.get(value) == SUCCESS)
            out.append({qStringFromUtf8View(field.key), qStringFromUtf8View(value)});
    }
    return out;
}

void addUse(QList<RelatedJson::Reference> &uses, const QString &kind, const QString &name)
{
    const RelatedJson::Reference reference{kind, name};
    if (!name.isEmpty() && !uses.contains(reference))
        uses.append(reference);
}

// What the pod's containers read from ConfigMaps and Secrets, by name.
void addContainerUses(dom::element pod, std::string_view containers,
                      QList<RelatedJson::Reference> &uses)
{
    dom::array list;
    if (pod.at_pointer(containers).get(list) != SUCCESS)
        return;
    for (dom::element container : list) {
        dom::array envFrom;
        if (container["envFrom"].get(envFrom) == SUCCESS) {
            for (dom::element source : envFrom) {
                addUse(uses, QStringLiteral("ConfigMap"), stringAt(source, "/configMapRef/name"));
                addUse(uses, QStringLiteral("Secret"), stringAt(source, "/secretRef/name"));
            }
        }
        dom::array env;
        if (container["env"].get(env) == SUCCESS) {
            for (dom::element var : env) {
                addUse(uses, QStringLiteral("ConfigMap"),
                       stringAt(var, "/valueFrom/configMapKeyRef/name"));
                addUse(uses, QStringLiteral("Secret"),
                       stringAt(var, "/valueFrom/secretKeyRef/name"));
            }
        }
    }
}

// A pod's references by name: never the referenced objects' contents.
QList<RelatedJson::Reference> podUses(dom::element pod)
{
    QList<RelatedJson::Reference> uses;
    dom::array volumes;
    if (pod.at_pointer("/spec/volumes").get(volumes) == SUCCESS) {
        for (dom::element volume : volumes) {
            addUse(uses, QStringLiteral("PersistentVolumeClaim"),
                   stringAt(volume, "/persistentVolumeClaim/claimName"));
            addUse(uses, QStringLiteral("ConfigMap"), stringAt(volume, "/configMap/name"));
            addUse(uses, QStringLiteral("Secret"), stringAt(volume, "/secret/secretName"));
            dom::array sources;
            if (volume.at_pointer("/projected/sources").get(sources) != SUCCESS)
                continue;
            for (dom::element source : sources) {
                addUse(uses, QStringLiteral("ConfigMap"), stringAt(source, "/configMap/name"));
                addUse(uses, QStringLiteral("Secret"), stringAt(source, "/secret/name"));
            }
        }
    }
    addContainerUses(pod, "/spec/initContainers", uses);
    addContainerUses(pod, "/spec/containers", uses);
    dom::array pullSecrets;
    if (pod.at_pointer("/spec/imagePullSecrets").get(pullSecrets) == SUCCESS) {
        for (dom::element secret : pullSecrets)
            addUse(uses, QStringLiteral("Secret"), stringAt(secret, "/name"));
    }
    addUse(uses, QStringLiteral("ServiceAccount"), stringAt(pod, "/spec/serviceAccountName"));
    return uses;
}

void readEndpoints(dom::element slice, RelatedJson::Object *out)
{
    dom::array endpoints;
    if (slice["endpoints"].get(endpoints) != SUCCESS)
        return;
    for (dom::element endpoint : endpoints) {
        if (stringAt(endpoint, "/targetRef/kind") != u"Pod")
            continue;
        // An absent ready condition means ready (discovery.k8s.io/v1).
        bool ready = true;
        if (endpoint.at_pointer("/conditions/ready").get(ready) != SUCCESS)
            ready = true;
        (ready ? out->readyPods : out->unreadyPods).append(stringAt(endpoint, "/targetRef/name"));
    }
}

void read(dom::element element, RelatedJson::Object *out)
{
    out->namespaceName = stringAt(element, "/metadata/namespace");
    out->name = stringAt(element, "/metadata/name");
    out->uid = stringAt(element, "/metadata/uid");
    out->labels = mapAt(element, "/metadata/labels");
    dom::array owners;
    if (element.at_pointer("/metadata/ownerReferences").get(owners) == SUCCESS) {
        for (dom::element owner : owners) {
            out->owners.append({stringAt(owner, "/kind"), stringAt(owner, "/name")});
            out->ownerUids.append(stringAt(owner, "/uid"));
        }
    }
    dom::object selector;
    if (element.at_pointer("/spec/selector").get(selector) == SUCCESS) {
        // Workloads wrap a LabelSelector; a Service's selector is the map itself.
        if (selector["matchExpressions"].error() == SUCCESS)
            out->selector.clear();
        else if (selector["matchLabels"].error() == SUCCESS)
            out->selector = mapAt(element, "/spec/selector/matchLabels");
        else
            out->selector = mapAt(element, "/spec/selector");
    }
    out->nodeName = stringAt(element, "/spec/nodeName");
    if (element.at_pointer("/spec/containers").error() == SUCCESS)
        out->uses = podUses(element);
    readEndpoints(element, out);
    out->raw = QByteArray::fromStdString(simdjson::to_string(element));
}

} // namespace

RelatedJson::RelatedJson()
    : m_parser(std::make_unique<Parser>())
{}

RelatedJson::~RelatedJson() = default;

bool RelatedJson::readObject(const QByteArray &json, Object *out)
{
    dom::element element;
    if (m_parser->parser.parse(json.constData(), size_t(json.size())).get(element) != SUCCESS)
        return false;
    read(element, out);
    return !out->name.isEmpty();
}

bool RelatedJson::readList(const QByteArray &json, QList<Object> *out)
{
    dom::element element;
    dom::element itemsElement;
    dom::array items;
    if (m_parser->parser.parse(json.constData(), size_t(json.size())).get(element) != SUCCESS ||
        element["items"].get(itemsElement) != SUCCESS)
        return false;
    // "items": null is an empty list.
    if (itemsElement.is_null())
        return true;
    if (itemsElement.get(items) != SUCCESS)
        return false;
    out->reserve(out->size() + qsizetype(items.size()));
    for (dom::element item : items) {
        Object object;
        read(item, &object);
        out->append(std::move(object));
    }
    return true;
}

QString RelatedJson::labelSelector(const Labels &selector)
{
    QStringList terms;
    for (const auto &[key, value] : selector)
        terms.append(key + u'=' + value);
    return terms.join(u',');
}

bool RelatedJson::selects(const Labels &selector, const Labels &labels)
{
    if (selector.isEmpty())
        return false;
    for (const auto &term : selector) {
        if (!labels.contains(term))
            return false;
    }
    return true;
}

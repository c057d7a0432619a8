#include "tests/sim/SimTestClient.h"

#include <QEventLoop>
#include <QTimer>

QByteArray SimTestClient::Reply::header(const QByteArray &name) const
{
    for (const auto &[k, v] : headers) {
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    }
    return {};
}

SimTestClient::SimTestClient(const QUrl &base)
    : m_base(base)
{}

QUrl SimTestClient::url(const QString &pathAndQuery) const
{
    return QUrl(m_base.toString() + pathAndQuery);
}

QNetworkRequest SimTestClient::request(const QString &pathAndQuery, const QByteArray &accept) const
{
    QNetworkRequest r(url(pathAndQuery));
    if (!accept.isEmpty())
        r.setRawHeader("Accept", accept);
    if (!m_token.isEmpty())
        r.setRawHeader("Authorization", "Bearer " + m_token);
    if (m_useTls)
        r.setSslConfiguration(m_tls);
    r.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    return r;
}

SimTestClient::Reply SimTestClient::run(QNetworkReply *reply)
{
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    Reply out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = reply->readAll();
    out.error = reply->error();
    out.headers = reply->rawHeaderPairs();
    reply->deleteLater();
    return out;
}

SimTestClient::Reply SimTestClient::get(const QString &pathAndQuery, const QByteArray &accept)
{
    return run(m_manager.get(request(pathAndQuery, accept)));
}

SimTestClient::Reply SimTestClient::post(const QString &pathAndQuery, const QByteArray &body)
{
    QNetworkRequest r = request(pathAndQuery, {});
    r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    return run(m_manager.post(r, body));
}

QJsonObject SimTestClient::control(const QString &callAndQuery)
{
    const Reply r = post(QStringLiteral("/_sim/") + callAndQuery);
    if (r.status != 200)
        qWarning() << "control call failed" << callAndQuery << r.status << r.body;
    return r.json();
}

QJsonArray SimTestClient::requests()
{
    return QJsonDocument::fromJson(get(QStringLiteral("/_sim/requests")).body).array();
}

std::unique_ptr<SimTestClient::Watch> SimTestClient::watch(const QString &pathAndQuery,
                                                           const QByteArray &accept)
{
    return std::make_unique<Watch>(url(pathAndQuery), accept, m_useTls ? &m_tls : nullptr);
}

SimTestClient::Watch::Watch(const QUrl &url, const QByteArray &accept, const QSslConfiguration *tls)
{
    QNetworkRequest r(url);
    if (!accept.isEmpty())
        r.setRawHeader("Accept", accept);
    if (tls)
        r.setSslConfiguration(*tls);
    r.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    m_reply = m_manager.get(r);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] {
        status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    });
    connect(m_reply, &QNetworkReply::readyRead, this, [this] {
        const QByteArray data = m_reply->readAll();
        bytes += data.size();
        partial.append(data);
        qsizetype nl;
        while ((nl = partial.indexOf('\n')) >= 0) {
            const QByteArray line = partial.left(nl);
            partial.remove(0, nl + 1);
            QJsonParseError e;
            const QJsonDocument doc = QJsonDocument::fromJson(line, &e);
            if (e.error == QJsonParseError::NoError && doc.isObject())
                events.append(doc.object());
            else
                garbage.append(line);
        }
    });
    connect(m_reply, &QNetworkReply::finished, this, [this] {
        status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        error = m_reply->error();
        finished = true;
    });
}

SimTestClient::Watch::~Watch()
{
    abort();
}

void SimTestClient::Watch::abort()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

int SimTestClient::Watch::count(const QString &type) const
{
    int n = 0;
    for (const QJsonObject &e : events)
        n += e.value(QLatin1String("type")).toString() == type ? 1 : 0;
    return n;
}

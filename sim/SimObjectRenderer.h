#pragma once

#include "sim/SimConfig.h"
#include "sim/SimObject.h"

#include <QByteArray>

// Renders a SimObject's JSON as the apiserver sends it (metadata, spec and status of each
// simulated type), its metadata range and its table cells, from the model fields.
class SimObjectRenderer
{
public:
    explicit SimObjectRenderer(const SimConfig &config);

    // Renders json, the metadata range and the table cells from the model fields.
    void render(SimObject &o) const;

private:
    void renderMetadata(QByteArray &out, const SimObject &o) const;
    void renderBody(QByteArray &out, const SimObject &o) const;
    void renderPod(QByteArray &out, const SimObject &o) const;
    void renderDeployment(QByteArray &out, const SimObject &o) const;
    void renderWidget(QByteArray &out, const SimObject &o) const;
    void renderCrd(QByteArray &out) const;

    SimConfig m_config;
};

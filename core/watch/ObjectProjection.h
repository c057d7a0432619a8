#pragma once

#include <QByteArray>
#include <QByteArrayView>

// What a store keeps of each object's JSON as StoredObject::raw (WatchTarget::keepOfObject):
// null keeps all of it. A watch read for a few fields (the pods' requests and limits for the
// usage columns) keeps only those, so 100,000 pods cost bytes each instead of kilobytes. Runs on
// whichever thread decodes the object (list pages are decoded on the work pool).
using ObjectProjection = QByteArray (*)(QByteArrayView objectJson);

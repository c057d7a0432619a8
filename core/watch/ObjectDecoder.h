#pragma once

#include "core/store/StringInterner.h"
#include "core/watch/DecodedObject.h"
#include "core/watch/ListEnvelope.h"
#include "core/watch/ObjectProjection.h"
#include "core/watch/PaddedJson.h"
#include "core/watch/WatchEvent.h"

#include <QByteArrayView>
#include <QString>

#include <memory>

// Turns the JSON of list items, watch events and list envelopes into engine types, with
// simdjson on-demand (the only place that parses object bodies). A QByteArrayView input needs no
// padding: it is parsed from the decoder's own zero-padded copy; a PaddedJson one (a unit of
// JsonSplitter) is parsed in place. Repeated strings go through one
// StringInterner, so every object decoded by one decoder shares them.
class ObjectDecoder
{
public:
    ObjectDecoder();
    ~ObjectDecoder();

    // An object, or a Table with one row (watch events with Table output).
    bool decodeObject(QByteArrayView json, DecodedObject &out, QString *error);
    bool decodeObject(PaddedJson json, DecodedObject &out, QString *error);
    // One element of a list's items (tableRow false) or a Table's rows (tableRow true). Of a
    // plain item only metadata and what precedes it is read: the record is made of it.
    bool decodeListItem(QByteArrayView json, bool tableRow, DecodedObject &out, QString *error);
    bool decodeListItem(PaddedJson json, bool tableRow, DecodedObject &out, QString *error);
    bool decodeWatchEvent(QByteArrayView json, WatchEvent &out, QString *error);
    bool decodeWatchEvent(PaddedJson json, WatchEvent &out, QString *error);
    // Any JSON; copied into a padded buffer first.
    bool decodeListEnvelope(QByteArrayView json, ListEnvelope &out, QString *error);

    StringInterner &interner() { return m_interner; }
    // What each decoded object keeps as its raw JSON from now on (null: all of it).
    void setProjection(ObjectProjection projection) { m_projection = projection; }

private:
    struct Parsers;

    bool decodeObject(PaddedJson json, DecodedObject &out, QString *error, bool upToMetadata);

    StringInterner m_interner;
    std::unique_ptr<Parsers> m_parsers;
    ObjectProjection m_projection = nullptr;
};

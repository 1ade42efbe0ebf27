// libxml2 built with ICU includes the system's ICU headers from encoding.h; they clash with the ICU that Foundation
// bundles. Nothing here reads the ICU fields of xmlCharEncodingHandler, so the headers are read without them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>

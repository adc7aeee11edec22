/* platform/load/json_text.h - JSON text to a Boost.JSON value, with an error that points at the
 * line and column where parsing stopped ("FILE:LINE:COL: invalid JSON: why"). Shared by the
 * config loader and the NoC trace loader. */
#ifndef BH_JSON_TEXT_H
#define BH_JSON_TEXT_H
#include <string>
#include <boost/json/value.hpp>

namespace bh
{

/* false with *err set on malformed JSON; `shown` names the input in the message */
bool parse_json_text(const std::string &text, const std::string &shown, boost::json::value *v,
                     std::string *err);

} // namespace bh
#endif

/* platform/config_keys.h - what the configuration loader (config.cpp) uses of the key table
 * (config_keys.cpp); not part of the platform's interface. */
#ifndef BH_CONFIG_KEYS_H
#define BH_CONFIG_KEYS_H
#include <string>
#include <boost/json.hpp>
#include "platform/params.h"

namespace bh
{
namespace config_keys
{

struct Param; /* one key: its name, type, place in BhParams, default and range */

const Param *find_param(const std::string &key);
/* a value given as text (--set) or as JSON (a file), checked and stored; `where` ends the
 * message, e.g. " (in --set)" */
bool set_text(BhParams *p, const Param &d, const std::string &text, const std::string &where,
              std::string *err);
bool set_json(BhParams *p, const Param &d, const boost::json::value &v, const std::string &where,
              std::string *err);
/* false with "unknown key ... (did you mean ...)", or why the key itself is bad */
bool unknown_key(const std::string &key, const std::string &in, std::string *err);
bool control_chars(const std::string &s);
std::string quote(const std::string &s); /* as a JSON string, control characters escaped */
std::string trim(const std::string &s);
bool fail(std::string *err, const std::string &msg);

} // namespace config_keys
} // namespace bh
#endif

/* platform/config.h - loading, validating and listing the configuration keys of params.def.
 *
 * A configuration is a JSON object whose keys are nested ({"noc": {"vc_buffer_flits": 8}}) or
 * dotted ({"noc.vc_buffer_flits": 8}); both name the same key. A top-level "include" (a name
 * or an array of names) loads other configs first, and the including file's keys override
 * them; a top-level "description" string is ignored. A name without '/' that does not end in
 * ".json" is a product, looked up as <name>.json in $BHSIM_CONFIG_DIR, then
 * <executable dir>/../platform/configs, then (in libbhsim.so) the installed configs next to the
 * library (<prefix>/share/bhsim/configs), then the source tree's platform/configs; anything else
 * is a file path (relative to the including file's directory for includes).
 * Every key is declared once, in params.def; unknown keys, wrong types, out-of-range values
 * and bad enum values are errors naming the key and the file.
 */
#ifndef BH_CONFIG_H
#define BH_CONFIG_H
#include <iosfwd>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include <boost/json/object.hpp>
#include "platform/params.h"

namespace bh
{

BhParams config_defaults();

/* Defaults, then the file named by name_or_path (and its includes; an empty name is an
 * error), then `sets` ("key=value", in order), then a check that the directories of
 * output.report, output.heatmap and output.vcd exist and are writable. Files are read only if
 * regular and at most 16 MiB (platform/load/file_read.h). On success fills *out and returns true;
 * otherwise leaves *out untouched, puts one message naming the key and file in *err and
 * returns false. */
bool config_load(const std::string &name_or_path, const std::vector<std::string> &sets,
                 BhParams *out, std::string *err);

/* Every key with type, default, range or values and documentation: an aligned text table
 * grouped by the key's first component, or a GitHub markdown table (docs/configuration.md's). */
void config_list_params(std::ostream &os, bool markdown);

/* {"chip.product": "p150b", "noc.vc_buffer_flits": 20, ...} in params.def order. */
boost::json::object config_to_json(const BhParams &p);

/* "7,10" -> {7, 10}; "" -> {}. Each item must be an integer in lo..hi. key names the
 * parameter in the message. */
bool parse_int_list(const std::string &key, const std::string &text, int lo, int hi,
                    std::vector<int> *out, std::string *err);

/* "1,2;3,4" -> {(1,2), (3,4)}; also a single "x,y"; "" -> {}. Coordinates must be >= 0. */
bool parse_xy_list(const std::string &key, const std::string &text,
                   std::vector<std::pair<int, int>> *out, std::string *err);

/* A 32-bit number: 0x-prefixed hex, or decimal (bare digits read as hex if hex_default);
 * no sign, nothing after it. */
bool parse_u32(const std::string &tok, bool hex_default, uint32_t *v);

} // namespace bh
#endif

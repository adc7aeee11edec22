/* platform/load/tensix_stream_load.h - reads a tensix_stream text file: one item a line, `#` starts
 * a comment, blank lines are ignored:
 *   <hex word>          push that Tensix instruction (e.g. 0x02000000 or 02000000)
 *   mmio ADDR VALUE     a 32-bit store by the core to its tile's address map (hex or decimal)
 *   wait N              the core idles N cycles
 * Errors name the file and line. */
#ifndef BH_TENSIX_STREAM_LOAD_H
#define BH_TENSIX_STREAM_LOAD_H
#include <string>
#include <vector>
#include "model/workload/tensix_stream.h"

namespace bh
{

bool load_tensix_stream(const std::string &path, std::vector<TensixStreamItem> *out,
                        std::string *err);
bool parse_tensix_stream(const std::string &text, const std::string &shown,
                         std::vector<TensixStreamItem> *out, std::string *err);

} // namespace bh
#endif

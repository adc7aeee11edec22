/* platform/output/stats.h - the models' statistics tables (model/common/bh_stats.h) in the
 * report and in the docs: every table once, in stats_tables(); a table's counters become a
 * report object in table order; --list-stats prints the docs page (docs/statistics.md). */
#ifndef BH_STATS_OUT_H
#define BH_STATS_OUT_H
#include <boost/json.hpp>
#include <string>
#include <vector>
#include "model/common/bh_stats.h"

namespace bh
{

const std::vector<const BhStatTable *> &stats_tables();
/* the table's statistics of the struct at base, added to o in table order */
void stats_add(boost::json::object &o, const BhStatTable &t, const void *base);
inline boost::json::object stats_object(const BhStatTable &t, const void *base)
{
    boost::json::object o;
    stats_add(o, t, base);
    return o;
}
/* the docs page: every model table, then the host library's (null: none) */
std::string stats_markdown(const BhStatTable *host = nullptr);

} // namespace bh
#endif

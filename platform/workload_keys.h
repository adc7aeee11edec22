/* platform/workload_keys.h - which workload.* keys each workload (workload.name) reads: one
 * table, the platform's workloads in workload_keys.cpp (as plan_chip and the workload models
 * read them), the host programs beside the programs (host/host_workloads.h, BH_HOST_PROGRAMS).
 * workload.name and workload.l1_init (bytes placed in L1 before any workload) belong to every
 * workload.
 *
 * The configuration loader refuses a key the chosen workload does not read, and the report's
 * workload block shows the keys it does. A key counts as set when a --set or a configuration
 * file named by path gives it a value other than its default (params.def); a product's file
 * (a name such as mesh8, and what it includes) gives its chip's defaults, which may be for
 * other workloads (mesh8's multicast rectangle). */
#ifndef BH_WORKLOAD_KEYS_H
#define BH_WORKLOAD_KEYS_H
#include <set>
#include <string>
#include <vector>
#include <boost/json/object.hpp>
#include "platform/params.h"

namespace bh
{

/* the workload.* keys `workload` reads besides workload.name and workload.l1_init, in its
 * row's order; empty for an unknown name (the loader has checked workload.name) */
std::vector<std::string> workload_keys(const std::string &workload);

/* false, with "workload.KEY: W does not use this key (it reads ...)" in *err, if a key of
 * `chosen` (the keys given by --set or a file named by path) is a workload.* key the chosen
 * workload does not read and its value differs from its default */
bool check_workload_keys(const BhParams &p, const std::set<std::string> &chosen, std::string *err);

/* {"name": W, "<key>": value, ...}: the workload's keys as configured, named without
 * "workload." (the report's workload block) */
boost::json::object workload_keys_json(const BhParams &p);

} // namespace bh
#endif

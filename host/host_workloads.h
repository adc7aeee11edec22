/* host/host_workloads.h - the host programs (host/programs/, bh_host_workload_run), the
 * workloads a host program drives: it boots firmware on every Tensix tile's cores and runs
 * its kernels. The platform offers them as values of workload.name (platform/params.def) and
 * bh_workload_is_host reads the list.
 *
 * BH_HOST_PROGRAMS: one row per program, its name and the workload.* keys it reads (through
 * hp_text, hp_u32, hp_grid, hp_op, hp_fidelity, hp_kernel_path; the keys are declared in
 * host_params.def and platform/params.def), in the order the report's workload block shows
 * them. The platform refuses any other workload.* key set for the program
 * (platform/workload_keys.cpp); a program that reads a new key lists it here. host boots the
 * firmware and reads none. */
#ifndef BH_HOST_WORKLOADS_H
#define BH_HOST_WORKLOADS_H
/* clang-format off */
#define BH_HOST_PROGRAMS(X)                                                                        \
    X(host, "")                                                                                    \
    X(eltwise, "workload.grid workload.tiles workload.op workload.fidelity workload.reader "       \
               "workload.writer workload.compute")                                                 \
    X(matmul, "workload.grid workload.m workload.n workload.k workload.fidelity workload.mcast "   \
              "workload.k_block workload.reader workload.writer workload.compute")                 \
    X(dram_copy, "workload.grid workload.tiles workload.reader workload.writer")                   \
    X(sfpu, "workload.grid workload.tiles workload.op workload.reader workload.writer "            \
            "workload.compute")                                                                    \
    X(dram_bw, "workload.grid workload.tiles workload.page_bytes workload.in_flight workload.op "  \
               "workload.reader")                                                                  \
    X(dm, "workload.dm_test workload.dm_noc workload.grid workload.tiles workload.packet_bytes "  \
           "workload.reader")
/* clang-format on */
/* the names of BH_HOST_PROGRAMS as one string, for the enum of workload.name (a literal, so
 * params.def can join it; platform/workload_keys.cpp checks at compile time that it matches) */
#define BH_HOST_WORKLOADS "host|eltwise|matmul|dram_copy|sfpu|dram_bw|dm"
#endif

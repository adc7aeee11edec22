/* host/host_workloads.h - the names of the host programs (host/programs/, bh_host_workload_run),
 * the workloads a host program drives: it boots firmware on every Tensix tile's cores and runs
 * its kernels. The platform offers them as values of workload.name (platform/params.def) and
 * bh_workload_is_host reads the list; each program reads its own keys (host_params.def). */
#ifndef BH_HOST_WORKLOADS_H
#define BH_HOST_WORKLOADS_H
#define BH_HOST_WORKLOADS "host|eltwise|matmul|dram_copy|sfpu|dram_bw|dm"
#endif

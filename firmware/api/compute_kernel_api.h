/* firmware/api/compute_kernel_api.h - the compute kernel API in one include (tt-metal's name). */
#ifndef BH_COMPUTE_KERNEL_API_H
#define BH_COMPUTE_KERNEL_API_H
#include "compute_kernel_api/cb_api.h"
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/pack.h"
#include "compute_kernel_api/reg_api.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#endif

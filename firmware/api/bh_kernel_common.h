/* firmware/api/bh_kernel_common.h - what every kernel and the firmware share on a core: its
 * role, runtime and compile-time arguments, the CB interface, L1 words that other agents
 * write, the wall clock and profiler zones (bh_zone.h). Freestanding C or C++ for RV32:
 * riscv64-unknown-elf-g++ -march=rv32im_zicsr_zba_zbb -mabi=ilp32.
 *
 * The build of a kernel defines (host/, tt-metal's names where tt-metal has them):
 *   COMPILE_FOR_BRISC, COMPILE_FOR_NCRISC   data-movement kernels
 *   COMPILE_FOR_TRISC=0|1|2 with TRISC_UNPACK, TRISC_MATH or TRISC_PACK (and UCK_CHLKC_*)
 *   KERNEL_COMPILE_TIME_ARGS=a,b,...        get_compile_time_arg_val(i)
 *   NOC_INDEX=0|1                           data movement: the NoC of the dataflow API
 *   MATH_FIDELITY, DST_ACCUM_MODE, APPROX   compute */
#ifndef BH_KERNEL_COMMON_H
#define BH_KERNEL_COMMON_H
#include <stdint.h>
#include "firmware/include/bh_cb.h"
#include "firmware/include/bh_l1_layout.h"
#include "firmware/api/bh_zone.h"

#if defined(COMPILE_FOR_BRISC)
#define BH_MY_ROLE BH_ROLE_BRISC
#elif defined(COMPILE_FOR_NCRISC)
#define BH_MY_ROLE BH_ROLE_NCRISC
#elif defined(COMPILE_FOR_TRISC)
#define BH_MY_ROLE (BH_ROLE_TRISC0 + COMPILE_FOR_TRISC)
#endif

#define BH_RISCV_DEBUG_REGS 0xFFB12000u
#define BH_WALL_CLOCK_L (BH_RISCV_DEBUG_REGS + 0x1F0u)

/* a word of L1 that another core, the NoC or the host writes: read around the L0 data cache
 * (not coherent with L1; a fence drops its lines) */
static inline uint32_t bh_l1_read_fresh(uint32_t addr)
{
    __asm__ volatile("fence" ::: "memory");
    return *(volatile uint32_t *)addr;
}

static inline void bh_l1_write(uint32_t addr, uint32_t v)
{
    *(volatile uint32_t *)addr = v;
}

static inline uint32_t bh_wall_clock(void)
{
    return *(volatile uint32_t *)BH_WALL_CLOCK_L;
}

/* Fills this core's CB interfaces (local data RAM) from the CB configuration in L1, for the
 * CBs of cb_mask; the firmware calls it before each kernel. */
static inline void bh_cb_interface_init(uint32_t cb_mask)
{
    const volatile BhCbConfig *cfg = (const volatile BhCbConfig *)BH_L1_CB_CONFIG;
    for (uint32_t i = 0; i < BH_CB_COUNT; i++) {
        if (!(cb_mask >> i & 1))
            continue;
        BhCbInterface *cb = &BH_CB_INTERFACE[i];
        cb->fifo_addr = cfg[i].addr;
        cb->fifo_size = cfg[i].size;
        cb->fifo_limit = cfg[i].addr + cfg[i].size;
        cb->num_pages = cfg[i].num_pages;
        cb->page_size = cfg[i].page_size;
        cb->format = cfg[i].format;
        cb->rd_ptr = cfg[i].addr;
        cb->wr_ptr = cfg[i].addr;
        cb->received = 0;
        cb->acked = 0;
    }
}

#ifdef __cplusplus
#ifdef BH_MY_ROLE
/* runtime argument i of this core's kernel (bh_program_set_runtime_args) */
template <typename T> static inline T get_arg_val(int i)
{
    static_assert(sizeof(T) == 4, "runtime arguments are 32-bit words");
    return *(volatile T *)(BH_L1_RTA_OF(BH_MY_ROLE) + 4u * (uint32_t)i);
}
static inline uint32_t get_arg_addr(int i)
{
    return BH_L1_RTA_OF(BH_MY_ROLE) + 4u * (uint32_t)i;
}
#endif

#ifdef KERNEL_COMPILE_TIME_ARGS
constexpr uint32_t bh_kernel_compile_time_args[] = {KERNEL_COMPILE_TIME_ARGS};
#define get_compile_time_arg_val(i) (bh_kernel_compile_time_args[(i)])
#endif
#endif /* __cplusplus */

#endif

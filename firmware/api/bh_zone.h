// SPDX-License-Identifier: Apache-2.0
/* firmware/api/bh_zone.h - profiler zones in kernels and firmware, under tt-metal's macro names
 * (DeviceZoneScopedN("name") and its Main/MainChild forms), so kernels written for tt-metal's
 * device profiler need no change.
 *
 * A zone costs one store when it opens and one when it closes: the address of its name, then
 * 0, to the tile register SIM_ZONE (bhsim's own, docs/hardware.md#riscv). The simulator reads
 * the name from the core's memory at that moment and draws the zone on the core's "zones" track
 * of the timeline (docs/timeline.md#zones), with the cycles between the two stores. Nothing is
 * buffered in L1 and nothing has to be read back. Zones are always compiled in, so a run
 * with a timeline and one without execute the same instructions. The compiler barriers keep
 * the zone's work between its two stores. */
#ifndef BH_ZONE_H
#define BH_ZONE_H
#include <stdint.h>

#define BH_SIM_ZONE 0xFFB12FF0u /* RISCV_DEBUG_REGS + 0xFF0 */

static inline void bh_zone_begin(const char *name)
{
    __asm__ volatile("" ::: "memory");
    *(volatile uint32_t *)BH_SIM_ZONE = (uint32_t)(uintptr_t)name;
    __asm__ volatile("" ::: "memory");
}

static inline void bh_zone_end(void)
{
    __asm__ volatile("" ::: "memory");
    *(volatile uint32_t *)BH_SIM_ZONE = 0;
    __asm__ volatile("" ::: "memory");
}

#ifdef __cplusplus
struct BhZoneScope {
    explicit BhZoneScope(const char *name)
    {
        bh_zone_begin(name);
    }
    ~BhZoneScope()
    {
        bh_zone_end();
    }
    BhZoneScope(const BhZoneScope &) = delete;
    BhZoneScope &operator=(const BhZoneScope &) = delete;
};
#define BH_ZONE_JOIN2(a, b) a##b
#define BH_ZONE_JOIN(a, b) BH_ZONE_JOIN2(a, b)
/* the zone lasts until the end of the enclosing block; name is a string literal */
#define DeviceZoneScopedN(name) BhZoneScope BH_ZONE_JOIN(bh_zone_, __LINE__)(name)
#define DeviceZoneScopedMainN(name) DeviceZoneScopedN(name)
#define DeviceZoneScopedMainChildN(name) DeviceZoneScopedN(name)
#endif

#endif

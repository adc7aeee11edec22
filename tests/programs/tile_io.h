/* tests/programs/tile_io.h - what the test programs touch on a Tensix tile
 * (docs/hardware.md#tile-map): 32-bit MMIO, and .ttinsn, the rotated Tensix instruction word a
 * core executes to push it. */
#ifndef BH_TEST_TILE_IO_H
#define BH_TEST_TILE_IO_H
#include <stdint.h>

#define INSTRN_BUF_BASE 0xFFE40000u /* push a Tensix instruction (TRISC i: thread i) */
#define TENSIX_MOP_CFG_BASE 0xFFB80000u
#define TENSIX_CFG_BASE 0xFFEF0000u
#define PC_BUF_BASE 0xFFE80000u
#define SEMAPHORE_BASE (PC_BUF_BASE + 0x20u) /* a TRISC's view: semaphore i at + 4 * i */
/* mailbox i names core i of (B, T0, T1, T2): a write pushes to it, a read pops from it */
#define TENSIX_MAILBOX0_BASE 0xFFEC0000u
#define TENSIX_MAILBOX1_BASE 0xFFEC1000u
#define TENSIX_MAILBOX2_BASE 0xFFEC2000u
#define TENSIX_MAILBOX3_BASE 0xFFEC3000u
#define MAILBOX_STATUS 0x4u /* read: 1 if the mailbox holds a value, else 0 (never waits) */
#define RISCV_DEBUG_REGS 0xFFB12000u
#define WALL_CLOCK_L (RISCV_DEBUG_REGS + 0x1F0u)

static inline void mmio_write(uint32_t addr, uint32_t v)
{
    *(volatile uint32_t *)addr = v;
}

static inline uint32_t mmio_read(uint32_t addr)
{
    return *(volatile uint32_t *)addr;
}

/* .ttinsn: the instruction word rotated left by 2 (it must be below 0xC0000000, so the low two
 * bits of the result are not 0b11 and the core takes it as a push) */
#define TT_ROTL2(x) ((((x##u) << 2) | ((x##u) >> 30)) & 0xFFFFFFFFu)
#define TTINSN(x) __asm__ volatile(".word %0" : : "i"(TT_ROTL2(x)) : "memory")

#endif

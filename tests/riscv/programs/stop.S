/* A program that ends the way STOP (a -D of the build) says: rv_flat_run must report the stop
 * with its pc and disassembly and exit non-zero, or exit 0 after ebreak with a0 = 0. */
    .section .text.start, "ax"
    .globl _start
_start:
    li a0, 0
    la a1, data
#if STOP == 1
    .word 0xffffffff            /* illegal */
#elif STOP == 2
    lw a2, 2(a1)                /* misaligned load */
#elif STOP == 3
    fadd.s fa0, fa1, fa2        /* F: not implemented */
#elif STOP == 4
    ebreak                      /* a0 = 0: success */
#elif STOP == 5
    lw a2, 0(zero)              /* no device at 0 */
#endif
1:  j 1b
    .data
data: .word 0, 0

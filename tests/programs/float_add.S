/* tests/programs/float_add.S - an F instruction, which Blackhole's cores have in part and the
 * model does not implement: the run stops naming it. */
    .section .text.start, "ax"
    .globl _start
_start:
    fadd.s f0, f1, f2
    ebreak

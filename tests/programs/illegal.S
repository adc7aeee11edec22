/* tests/programs/illegal.S - an instruction word no extension defines: the core stops with a
 * guest error naming the word, the core, the tile, the pc and the cycle. */
    .section .text.start, "ax"
    .globl _start
_start:
    addi a0, zero, 1
    .word 0xFFFFFFFF
    ebreak

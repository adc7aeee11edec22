/* tests/programs/crt0.S - start-up of the test programs: a stack at the top of the 4 KiB of
 * local data RAM every core has (0xFFB00000, private), main(), then ebreak, which ends the
 * core's part of a riscv run. The loader zero-fills .bss (PT_LOAD p_memsz), so it is not
 * cleared here. */
    .section .text.start, "ax"
    .globl _start
_start:
    li sp, 0xFFB01000
    call main
    ebreak
1:  j 1b

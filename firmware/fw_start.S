/* firmware/fw_start.S - start-up of the persistent firmware (one image per role): the stack at
 * the top of the core's private data RAM (FW_STACK_TOP, set by the build: 0xFFB00000 + 8 KiB
 * for BRISC and NCRISC, + 4 KiB for the TRISCs), .bss zeroed (it lives in L1 inside the image,
 * so a second boot of the same image starts from zeros too), then fw_main, which never
 * returns but through ebreak. */
    .section .text.start, "ax"
    .globl _start
_start:
    li sp, FW_STACK_TOP
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call fw_main
    ebreak
3:  j 3b

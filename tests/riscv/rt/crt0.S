/* Start-up of the flat test programs: stack at the top of RAM, .bss cleared, main(), then the
 * exit code to QEMU virt's sifive_test finisher (rv_flat_run serves the same device). */
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la tp, __tls_base
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call main
    call rt_exit
3:  j 3b

/* tests/programs/compute_loop.S - uint32_t compute_loop(n, seed): n iterations of 8
 * instructions. Per iteration: xor, slli, add, mul (its result is used 2 instructions later,
 * so its 2-cycle latency is hidden), srli, xor, addi, bne (taken, predicted: a backward
 * branch). The documented timing (1 instruction per cycle, mul 2 cycles, no mispredict once
 * predicted) gives 8 cycles per iteration: CPI 1.0. */
    .section .text, "ax"
    .globl compute_loop
compute_loop:
    li t2, 0x9E3779B1
1:  xor a1, a1, a0
    slli t0, a1, 5
    add a1, a1, t0
    mul t1, a1, t2
    srli t0, a1, 3
    xor a1, t1, t0
    addi a0, a0, -1
    bnez a0, 1b
    mv a0, a1
    ret

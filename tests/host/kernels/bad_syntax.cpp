// SPDX-License-Identifier: Apache-2.0
/* Does not compile: the host must report the compiler's line. */
void kernel_main()
{
    int x = undeclared_name_here;
}

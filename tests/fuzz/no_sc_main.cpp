// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/no_sc_main.cpp - libsystemc refers to sc_main, which a harness never reaches:
 * libFuzzer's main runs it, and the loaders it calls elaborate nothing. */
extern "C" int sc_main(int, char **)
{
    return 1;
}

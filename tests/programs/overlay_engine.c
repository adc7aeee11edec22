/* tests/programs/overlay_engine.c - BRISC writes STREAM_PHASE_ADVANCE of overlay stream 3, which
 * would start the stream's message engine: not modeled, so the run stops with a guest error
 * naming the register and the stream. */
#include "tests/programs/overlay.h"

int main(void)
{
    mmio_write(STREAM_REG(3u, 267u), 1);
    return 0;
}

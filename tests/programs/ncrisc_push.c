/* tests/programs/ncrisc_push.c - NCRISC stores a Tensix instruction to INSTRN_BUF_BASE, which
 * only BRISC and the TRISCs see: the model reports it instead of pushing. */
#include "tests/programs/tile_io.h"

int main(void)
{
    mmio_write(INSTRN_BUF_BASE, 0x02000000); /* NOP */
    return 0;
}

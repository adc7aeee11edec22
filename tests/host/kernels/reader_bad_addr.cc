// SPDX-License-Identifier: Apache-2.0
/* A reader that reads a DRAM tile into an address past the end of L1 (1.5 MiB): the chip must
 * stop with a message naming the address, not crash or hang. */
#include "dataflow_api.h"

void kernel_main()
{
    const InterleavedAddrGenFast<true> s = {.bank_base_address = get_arg_val<uint32_t>(0),
                                            .page_size = 2048,
                                            .data_format = DataFormat::Float16_b};
    noc_async_read_tile(0, s, 0x180000);
    noc_async_read_barrier();
}

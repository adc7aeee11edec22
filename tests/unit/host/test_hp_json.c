// SPDX-License-Identifier: Apache-2.0
/* A host program's report section grows as figures are added: nothing is cut, however many
 * (the buffer was once a fixed 4 KiB that vsnprintf silently truncated), and the pairs stay
 * comma separated. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"
#include "tests/check.h"

static void test_grows_without_cutting(void)
{
    HpRun r;
    memset(&r, 0, sizeof r);
    hp_json(&r, "\"a\":%d", 1);
    CHECK(r.json && strcmp(r.json, "\"a\":1") == 0);
    /* 2000 pairs of about 12 bytes each: far past 4 KiB */
    for (int i = 0; i < 2000; i++)
        hp_json(&r, "\"k%04d\":%d", i, i);
    CHECK(!r.json_lost);
    CHECK_EQ_U64(r.json_len, strlen(r.json));
    CHECK(strstr(r.json, ",\"k0000\":0,\"k0001\":1,") != NULL);
    const char *tail = ",\"k1999\":1999";
    CHECK(r.json_len > 4096 &&
          strcmp(r.json + r.json_len - strlen(tail), tail) == 0); /* the last pair is whole */
    size_t commas = 0;
    for (size_t i = 0; i < r.json_len; i++)
        commas += r.json[i] == ',';
    CHECK_EQ_U64(commas, 2000);
    free(r.json);
}

int main(void)
{
    RUN(test_grows_without_cutting);
    return check_failures();
}

// SPDX-License-Identifier: Apache-2.0
#include "model/tile/tensix/tensix_isa.h"
#include <stdio.h>
#include "model/common/bh_common.h"

typedef struct OpRow {
    const char *name; /* NULL: no instruction has this opcode */
    uint8_t supported;
} OpRow;

typedef struct FieldRow {
    const char *name;
    uint8_t op;
    uint8_t lo;
    uint8_t width;
} FieldRow;

static const FieldRow fields[TENSIX_FIELD_COUNT] = {
#define TENSIX_FIELD(mn, f, lo_bit, w) [TENSIX_FLD_##mn##_##f] = {#f, TENSIX_OP_##mn, lo_bit, w},
#include "model/tile/tensix/tensix_isa.def"
};

static const OpRow ops[256] = {
#define TENSIX_OP(mn, opcode, sup) [opcode] = {#mn, sup},
#include "model/tile/tensix/tensix_isa.def"
};

int tensix_op_known(uint32_t opcode)
{
    return opcode < 256 && ops[opcode].name != NULL;
}

int tensix_op_supported(uint32_t opcode)
{
    return tensix_op_known(opcode) && ops[opcode].supported;
}

const char *tensix_op_name(uint32_t opcode)
{
    return opcode < 256 ? ops[opcode].name : NULL;
}

/* The generator writes an instruction's fields consecutively, so they are one id range. */
unsigned tensix_op_fields(uint32_t opcode, TensixField *first)
{
    unsigned n = 0;
    for (unsigned f = 0; f < TENSIX_FIELD_COUNT; f++) {
        if (fields[f].op != opcode)
            continue;
        if (n++ == 0 && first)
            *first = (TensixField)f;
    }
    return n;
}

uint32_t tensix_field(uint32_t word, TensixField f)
{
    BH_ASSERT((unsigned)f < TENSIX_FIELD_COUNT);
    return (word >> fields[f].lo) & ((1u << fields[f].width) - 1u);
}

unsigned tensix_field_lo(TensixField f)
{
    BH_ASSERT((unsigned)f < TENSIX_FIELD_COUNT);
    return fields[f].lo;
}

unsigned tensix_field_width(TensixField f)
{
    BH_ASSERT((unsigned)f < TENSIX_FIELD_COUNT);
    return fields[f].width;
}

TensixOp tensix_field_op(TensixField f)
{
    BH_ASSERT((unsigned)f < TENSIX_FIELD_COUNT);
    return (TensixOp)fields[f].op;
}

size_t tensix_format(uint32_t word, char *buf, size_t len)
{
    uint32_t op = tensix_opcode(word);
    if (!tensix_op_known(op))
        return (size_t)snprintf(buf, len, "?0x%08x", (unsigned)word);
    size_t n = (size_t)snprintf(buf, len, "%s", ops[op].name);
    TensixField first = TENSIX_FIELD_COUNT;
    unsigned nf = tensix_op_fields(op, &first);
    for (unsigned i = 0; i < nf; i++) {
        TensixField f = (TensixField)(first + i);
        size_t at = n < len ? n : len;
        n += (size_t)snprintf(len ? buf + at : NULL, len - at, " %s=%u", fields[f].name,
                              (unsigned)tensix_field(word, f));
    }
    return n;
}

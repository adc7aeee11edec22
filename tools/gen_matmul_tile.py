#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate traces/matmul_tile/: the three Tensix thread streams of one 32x32 BF16 tile matmul
C = A x B at LoFi, HiFi2, HiFi3 and HiFi4, and layout.json with the tiles' L1 addresses.

    tools/gen_matmul_tile.py           rewrite traces/matmul_tile*/ and traces/matmul_stream/
    tools/gen_matmul_tile.py --check   regenerate in memory, exit 1 if a file differs
                                       (ctest lint.matmul_tile_generated)

Every word comes from model/tile/tensix/tensix_isa.def through tools/tensix_asm.py; every config field
from tensix_cfg_regs.def. Tiles are in tt-metal's layout (four 16x16 faces, row-major inside a
face, faces top-left, top-right, bottom-left, bottom-right, no header), BF16; the same
program for FP16, FP32 and BFP8 tiles with C packed as FP32 is in traces/matmul_tile_<format>/.

traces/matmul_stream/{lofi,hifi4}: the same product STREAM_TILES times through the three
threads, Src banks double-buffered by the unpackers, Dst halves double-buffered between math
and pack (semaphore of max 2), C of tile n at 0x30000 + n * 0x800: the sustained-throughput
benchmark.

The program (our own, in the shape tt-llk's matmul uses):
  T0 unpack: A -> SrcB through unpacker 1, B -> SrcA through unpacker 0, one face per UNPACR
     (XDim 256, ADC Z of both channels +1), the fourth UNPACR hands the bank to the FPU.
  T1 math:   16 MVMULs (8 output rows each: 4 C faces x 2 halves x 2 K halves) recorded in
     the replay buffer, played once per fidelity phase by a template-1 MOP; ADDR_MOD slots
     step the SrcA/SrcB counters between them and the last one clears them and moves to the
     next fidelity phase. Dst is FP32 (ALU_ACC_CTRL_Fp32_enabled). Then SETRWC gives the Src
     banks back, STALLWAIT waits for the FPU and SEMPOST tells the packer.
  T2 pack:   SEMWAIT on that semaphore, 16 PACRs of 4 Dst rows (all four interfaces) with the
     ADDR_MOD_PACK steps of a face and a tile, Last on the final one; FP32 Dst is rounded to
     BF16 as it is read (intermediate format BF16, as tt-llk configures FP32 accumulation).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tensix_asm import ROOT, CfgMap, Isa, Words  # noqa: E402

A_ADDR, B_ADDR, C_ADDR = 0x20000, 0x21000, 0x22000
FP32, FP16, TF32, BF16, BFP8 = 0, 1, 4, 5, 6


class Fmt:
    """one input format's path: L1 tile format -> Src format (unpacker output and the ALU's
    SrcA/SrcB format) -> packed C format"""

    def __init__(self, l1, src, out):
        self.l1, self.src, self.out = l1, src, out
        # the unpacker's output addresses count bytes of its output format's datum: 4 for
        # FP32/TF32, 2 for FP16/BF16, 1 for the BFP formats (tt-llk cunpack_common.h strides)
        self.src_bytes = {FP32: 4, TF32: 4, FP16: 2, BF16: 2}.get(src, 1)
        self.out_bytes = 4 if out == FP32 else 2


# bf16 is the trace set (traces/matmul_tile/<fidelity>); the others, whose C is packed
# as FP32 so that no output rounding hides a fidelity phase, live in
# traces/matmul_tile_<format>/<fidelity>
NAMES = {FP32: "FP32", FP16: "FP16", TF32: "TF32", BF16: "BF16", BFP8: "BFP8"}
FORMATS = {
    "bf16": Fmt(BF16, BF16, BF16),
    "fp16": Fmt(FP16, FP16, FP32),
    "fp32": Fmt(FP32, TF32, FP32),  # FP32 in L1 reaches Src as TF32
    # BFP8 (8-bit shared exponents) is unpacked with Out_data_format BFP8 too, and reaches Src
    # as BF16 (docs/hardware.md#unpackers); the ALU reads BFP8 as BF16-style
    "bfp8": Fmt(BFP8, BFP8, FP32),
}
FIDELITY = {"lofi": 1, "hifi2": 2, "hifi3": 3, "hifi4": 4}
CFG_BASE, MOP_CFG_BASE = 0xFFEF0000, 0xFFB80000
SEM_MATH_PACK = 1  # semaphore 0, as a SEM_SEL mask

isa, cfgmap = Isa(), CfgMap()


class Stream:
    def __init__(self, title):
        self.lines = ["# " + line if line else "#" for line in title.split("\n")]

    def comment(self, text):
        self.lines.append("# " + text)

    def word(self, mnemonic, note="", **ops):
        w = isa.word(mnemonic, **ops)
        text = isa.text(w) + ("  - " + note if note else "")
        self.lines.append("0x%08x   # %s" % (w, text))

    def mmio(self, addr, value, note):
        self.lines.append("mmio 0x%08x 0x%08x   # %s" % (addr, value, note))

    def config(self, words, note):
        for addr in sorted(words.words):
            self.mmio(CFG_BASE + 4 * addr, words.words[addr], "Config[0] word %d: %s" % (addr, note))

    def setc16(self, thread_words, note):
        for addr in sorted(thread_words.words):
            self.word("SETC16", note, SETC16_REG=addr, SETC16_VALUE=thread_words.words[addr])

    def text(self):
        return "\n".join(self.lines) + "\n"


def unpack_setup(s, fmt):
    sec_words = Words(cfgmap)
    for which, addr in ((0, B_ADDR), (1, A_ADDR)):
        base = cfgmap.field("THCON_SEC0_REG0_TileDescriptor")[0] + 48 * which
        # TileDescriptor: InDataFormat, IsUncompressed, XDim 256 | YDim 1, ZDim 4
        sec_words.words[base] = fmt.l1 | 1 << 4 | 256 << 16
        sec_words.words[base + 1] = 1 | 4 << 16
        sec = "THCON_SEC%d_" % which
        sec_words.set(sec + "REG2_Out_data_format", fmt.src).set(sec + "REG2_Throttle_mode", 2)
        sec_words.set(sec + "REG3_Base_address", addr // 16 - 1)  # no tile header
    # output addresses count bytes of the Src datum size
    sec_words.set("UNP0_ADDR_BASE_REG_1_Base", 4 * 16 * fmt.src_bytes)  # SrcA starts at row 4
    sec_words.set("UNP0_ADDR_CTRL_ZW_REG_1_Zstride", 256 * fmt.src_bytes)
    sec_words.set("UNP1_ADDR_CTRL_ZW_REG_1_Zstride", 256 * fmt.src_bytes)
    s.config(sec_words, "unpacker tile descriptors, formats, base addresses, strides")
    s.word("SETADCXX", "X runs 0..255: one face", CNT_SET_MASK=3, X_END2=255, X_START=0)


def unpack_tiles(s):
    """B into SrcA, A into SrcB, a face per UNPACR; the fourth hands the bank to the FPU"""
    for which in (0, 1):
        for face in range(4):
            s.word("UNPACR", "face %d%s" % (face, ", hand the bank to the FPU" if face == 3 else ""),
                   UNPACK_BLOCK_SELECTION=which, ADDR_MODE=0x11, SET_DAT_VALID=int(face == 3))


def unpack_stream(fmt):
    s = Stream("TRISC0 (unpack): tile A -> SrcB (unpacker 1), tile B -> SrcA (unpacker 0),\n"
               "one 16x16 face per UNPACR; generated by tools/gen_matmul_tile.py")
    unpack_setup(s, fmt)
    s.word("SETADCZW", "Z and W of both channels to 0", CNT_SET_MASK=3, BIT_MASK=0xF)
    unpack_tiles(s)
    return s


def ab_word(a_incr, b_incr, clear=False):
    return (a_incr & 63) | (b_incr & 63) << 8 | (0x8080 if clear else 0)


def mvmul_program():
    """(srcA row, srcB row, Dst row) of the 16 MVMULs, K half outer so that consecutive
    MVMULs never accumulate into the same 8-row Dst block (the 4-cycle hazard)."""
    out = []
    for k in range(2):
        for ci in range(2):
            for cj in range(2):
                for h in range(2):
                    out.append((16 * (2 * k + cj), 16 * (2 * ci + k) + 8 * h, 16 * (2 * ci + cj) + 8 * h))
    return out


def math_setup(s, fmt):
    """formats and ADDR_MOD slots; returns the slot each of the 16 MVMULs uses"""
    alu = Words(cfgmap)
    alu.set("ALU_FORMAT_SPEC_REG0_SrcA", fmt.src).set("ALU_FORMAT_SPEC_REG1_SrcB", fmt.src)
    # Dstacc is the packer's intermediate format: FP32 Dst is rounded to BF16 as it is read
    # for a BF16 C, kept whole for an FP32 C
    alu.set("ALU_ACC_CTRL_Fp32_enabled", 1).set("ALU_FORMAT_SPEC_REG2_Dstacc", fmt.out)
    s.config(alu, "SrcA/SrcB %s, Dst FP32, packer intermediate %s"
             % (NAMES[fmt.src], NAMES[fmt.out]))
    prog = mvmul_program()
    deltas, slots = [], {}
    for (a0, b0, _), (a1, b1, _) in zip(prog, prog[1:]):
        deltas.append(((a1 - a0) % 64, (b1 - b0) % 64))
    for d in deltas:
        slots.setdefault(d, len(slots))
    end_slot = len(slots)
    am = Words(cfgmap, thread=True)
    ab0 = cfgmap.thread_field("ADDR_MOD_AB_SEC0_SrcAIncr")[0]
    dst0 = cfgmap.thread_field("ADDR_MOD_DST_SEC0_DestIncr")[0]
    for (da, db), slot in slots.items():
        am.words[ab0 + slot] = ab_word(da, db)
        am.words[dst0 + slot] = 0
    am.words[ab0 + end_slot] = ab_word(0, 0, clear=True)
    am.words[dst0 + end_slot] = 1 << 13  # FidelityIncr 1: the next phase
    s.setc16(am, "ADDR_MOD slots: SrcA/SrcB steps between MVMULs; the last clears them, phase+1")
    return [slots[d] for d in deltas] + [end_slot]


def record_mvmuls(s, slots, start, dst_base, detail):
    s.word("REPLAY", "record the next 16 words at index 0" if detail else
           "record the 16 MVMULs of Dst half %d at index %d" % (start // 16, start),
           LOAD_MODE=1, LEN=16, START_IDX=start)
    for slot, (a, b, d) in zip(slots, mvmul_program()):
        note = "Dst rows %d.." % (d + dst_base)
        if detail:
            note += " += SrcB rows %d.. x SrcA rows %d.." % (b, a)
        s.word("MVMUL", note, DST=d + dst_base, ADDR_MODE=slot)


def math_stream(phases, fmt):
    s = Stream("TRISC1 (math): C = A x B, %d fidelity phase%s; generated by "
               "tools/gen_matmul_tile.py" % (phases, "" if phases == 1 else "s"))
    slots = math_setup(s, fmt)
    s.word("SEMINIT", "the math->pack semaphore: 0 of 1", SEM_SEL=SEM_MATH_PACK, INIT_VALUE=0, MAX_VALUE=1)
    nop = isa.word("NOP")
    replay = isa.word("REPLAY", LEN=16, START_IDX=0)
    mop_cfg = [1, phases, nop, nop, nop, replay, nop, replay, replay]
    names = ["outer count", "inner count: one per phase", "start op", "end op 0", "end op 1",
             "loop op: play the 16 MVMULs", "loop op 1", "last loop op", "last loop op (outer)"]
    for i, (v, n) in enumerate(zip(mop_cfg, names)):
        s.mmio(MOP_CFG_BASE + 4 * i, v, "MopCfg[%d] %s" % (i, n))
    record_mvmuls(s, slots, 0, 0, True)
    s.word("MOP", "template 1: the replay once per phase", MOP_TYPE=1)
    s.word("SETRWC", "phase and counters to 0, both Src banks back to the unpackers",
           BIT_MASK=0xF, CLEAR_AB_VLD=3)
    s.word("STALLWAIT", "SEMPOST waits until the FPU has written Dst", STALL_RES=0x2, WAIT_RES=0x10)
    s.word("SEMPOST", "Dst is ready for the packer", SEM_SEL=SEM_MATH_PACK)
    return s


def pack_setup(s, fmt):
    pk = Words(cfgmap)
    # In_data_format is the intermediate (BF16: rounded from FP32 Dst on read; FP32: kept); it
    # also sets the bytes per datum of the input address, hence a Dst row's stride
    pk.set("THCON_SEC0_REG1_In_data_format", fmt.out).set("THCON_SEC0_REG1_Out_data_format", fmt.out)
    pk.set("THCON_SEC0_REG1_L1_Dest_addr", C_ADDR // 16 - 1)  # the skipped header slot
    pk.set("PCK_DEST_RD_CTRL_Read_32b_data", 1)
    pk.set("PCK_EDGE_OFFSET_SEC0_mask", 0xFFFF)  # every column kept (reset 0 masks them all)
    pk.set("PCK0_ADDR_CTRL_XY_REG_0_Ystride", 16 * fmt.out_bytes)
    pk.set("PCK0_ADDR_CTRL_ZW_REG_0_Zstride", 16 * 16 * fmt.out_bytes)
    s.config(pk, "packer formats, destination, Dst strides")
    am = Words(cfgmap, thread=True)
    sec0 = cfgmap.thread_field("ADDR_MOD_PACK_SEC0_YsrcIncr")[0]
    am.words[sec0 + 0] = 4 | 4 << 6  # next 4 rows
    am.words[sec0 + 1] = 1 << 5 | 1 << 11 | 1 << 13  # end of tile: Y and Z to 0
    am.words[sec0 + 2] = 1 << 5 | 4 << 6 | 1 << 12  # end of face: Y to 0, next face
    s.setc16(am, "ADDR_MOD_PACK: rows, face, tile")
    s.word("SETADCXX", "16 datums per Dst row", CNT_SET_MASK=4, X_END2=15, X_START=0)
    s.word("SETADCZW", "packer Z/W to 0", CNT_SET_MASK=4, BIT_MASK=0xF)


def pack_tile(s):
    for face in range(4):
        for k in range(4):
            slot = 0 if k < 3 else (2 if face < 3 else 1)
            last = int(face == 3 and k == 3)
            s.word("PACR", "face %d rows %d..%d%s" % (face, 4 * k, 4 * k + 3, ", Last" if last else ""),
                   ADDR_MODE=slot, LAST=last)


def pack_stream(fmt):
    s = Stream("TRISC2 (pack): FP32 Dst -> %s tile C in L1, 16 PACRs of 4 rows;\n"
               "generated by tools/gen_matmul_tile.py" % NAMES[fmt.out])
    pack_setup(s, fmt)
    s.word("SEMWAIT", "PACRs wait for the math thread", STALL_RES=0x4, SEM_SEL=SEM_MATH_PACK, WAIT_SEM_COND=1)
    pack_tile(s)
    s.word("STALLWAIT", "SEMGET waits for the packer", STALL_RES=0x2, WAIT_RES=0x8)
    s.word("SEMGET", "Dst is free again", SEM_SEL=SEM_MATH_PACK)
    return s


STREAM_TILES = 16
C_STREAM = 0x30000  # C of tile n at C_STREAM + n * 0x800


def rmwcib(s, cfg_word, byte, value, note):
    s.word("RMWCIB%d" % byte, note, CFG_REG_ADDR=cfg_word, MASK=0xFF, DATA=value)


def stream_unpack():
    s = Stream("TRISC0 (unpack): the same tiles A and B, %d times; each UNPACR waits for a free\n"
               "bank (double-buffered SrcA/SrcB); generated by tools/gen_matmul_tile.py" % STREAM_TILES)
    unpack_setup(s, FORMATS["bf16"])
    for n in range(STREAM_TILES):
        s.comment("tile %d" % n)
        s.word("SETADCZW", "Z and W of both channels to 0", CNT_SET_MASK=3, BIT_MASK=0xF)
        unpack_tiles(s)
    return s


def stream_math(phases):
    s = Stream("TRISC1 (math): %d tile products, %d fidelity phase%s, Dst halves alternating; "
               "generated by tools/gen_matmul_tile.py" % (STREAM_TILES, phases, "" if phases == 1 else "s"))
    slots = math_setup(s, FORMATS["bf16"])
    s.word("SEMINIT", "math->pack: 0 of 2, one per Dst half", SEM_SEL=SEM_MATH_PACK, INIT_VALUE=0, MAX_VALUE=2)
    for half in range(2):
        record_mvmuls(s, slots, 16 * half, 256 * half, False)
    for n in range(STREAM_TILES):
        half = n % 2
        s.comment("tile %d into Dst half %d" % (n, half))
        s.word("SEMWAIT", "wait for a free Dst half", STALL_RES=0x40, SEM_SEL=SEM_MATH_PACK, WAIT_SEM_COND=2)
        s.word("ZEROACC", "Dst half %d undefined (reads as 0)" % half, CLEAR_MODE=2, WHERE=half)
        for p in range(phases):
            s.word("REPLAY", "phase %d" % p, LEN=16, START_IDX=16 * half)
        s.word("SETRWC", "phase and counters to 0, Src banks back", BIT_MASK=0xF, CLEAR_AB_VLD=3)
        s.word("STALLWAIT", "until the FPU has written Dst", STALL_RES=0x2, WAIT_RES=0x10)
        s.word("SEMPOST", "Dst half %d ready" % half, SEM_SEL=SEM_MATH_PACK)
    return s


def stream_pack():
    s = Stream("TRISC2 (pack): %d tiles C from alternating Dst halves to consecutive L1 tiles;\n"
               "generated by tools/gen_matmul_tile.py" % STREAM_TILES)
    pack_setup(s, FORMATS["bf16"])
    dest = cfgmap.field("THCON_SEC0_REG1_L1_Dest_addr")[0]
    off = cfgmap.field("DEST_TARGET_REG_CFG_PACK_SEC0_Offset")[0]
    for n in range(STREAM_TILES):
        a16 = (C_STREAM + 0x800 * n) // 16 - 1
        s.comment("tile %d from Dst half %d to 0x%x" % (n, n % 2, C_STREAM + 0x800 * n))
        s.word("SEMWAIT", "PACRs wait for the math thread", STALL_RES=0x4, SEM_SEL=SEM_MATH_PACK, WAIT_SEM_COND=1)
        rmwcib(s, off, 1, n % 2, "DEST_TARGET_REG_CFG_PACK_SEC0_Offset = %d rows" % (256 * (n % 2)))
        rmwcib(s, dest, 0, a16 & 0xFF, "L1_Dest_addr low byte")
        rmwcib(s, dest, 1, a16 >> 8 & 0xFF, "L1_Dest_addr byte 1")
        pack_tile(s)
        s.word("STALLWAIT", "SEMGET waits for the packer", STALL_RES=0x2, WAIT_RES=0x8)
        s.word("SEMGET", "Dst half %d free again" % (n % 2), SEM_SEL=SEM_MATH_PACK)
    return s


def files():
    out = {"traces/matmul_tile/layout.json":
           json.dumps({"a": A_ADDR, "b": B_ADDR, "c": C_ADDR}, indent=2) + "\n"}
    for fname, fmt in FORMATS.items():
        top = "traces/matmul_tile" + ("" if fname == "bf16" else "_" + fname)
        for name, phases in FIDELITY.items():
            d = top + "/" + name
            out[d + "/t0.txt"] = unpack_stream(fmt).text()
            out[d + "/t1.txt"] = math_stream(phases, fmt).text()
            out[d + "/t2.txt"] = pack_stream(fmt).text()
    for name in ("lofi", "hifi4"):
        d = "traces/matmul_stream/" + name
        out[d + "/t0.txt"] = stream_unpack().text()
        out[d + "/t1.txt"] = stream_math(FIDELITY[name]).text()
        out[d + "/t2.txt"] = stream_pack().text()
    return out


def main():
    check = "--check" in sys.argv[1:]
    bad = 0
    for rel, text in files().items():
        path = os.path.join(ROOT, rel)
        if check:
            if not os.path.exists(path) or open(path).read() != text:
                print("%s differs from tools/gen_matmul_tile.py's output; rerun it" % rel)
                bad = 1
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return bad


if __name__ == "__main__":
    sys.exit(main())

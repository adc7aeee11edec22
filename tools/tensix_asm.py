# SPDX-License-Identifier: Apache-2.0
"""Tensix instruction words from model/tile/tensix/tensix_isa.def, for the trace generators.

    from tensix_asm import Isa, CfgMap
    isa = Isa()                                   # reads model/tile/tensix/tensix_isa.def
    w = isa.word("UNPACR", UNPACK_BLOCK_SELECTION=1, ADDR_MODE=0x11)
    isa.text(w)                                   # "UNPACR ADDR_MODE=0x11 UNPACK_BLOCK_SELECTION=1"
    cfg = CfgMap()                                # reads model/tile/tensix/tensix_cfg_regs.def
    cfg.field("THCON_SEC0_REG3_Base_address")     # (word index, shift, width)

A field value that does not fit its width, or a field the instruction does not have, raises
ValueError naming it: a generated trace never carries a silently truncated operand.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Isa:
    def __init__(self, path=os.path.join(ROOT, "model/tile/tensix/tensix_isa.def")):
        self.opcode, self.fields = {}, {}
        for line in open(path):
            m = re.match(r"TENSIX_OP\((\w+), (0x[0-9A-Fa-f]+), \d\)", line)
            if m:
                self.opcode[m.group(1)] = int(m.group(2), 16)
                self.fields[m.group(1)] = {}
                continue
            m = re.match(r"TENSIX_FIELD\((\w+), (\w+), (\d+), (\d+)\)", line)
            if m:
                self.fields[m.group(1)][m.group(2)] = (int(m.group(3)), int(m.group(4)))

    def word(self, mnemonic, **operands):
        if mnemonic not in self.opcode:
            raise ValueError("no instruction %s" % mnemonic)
        w = self.opcode[mnemonic] << 24
        for name, value in operands.items():
            if name not in self.fields[mnemonic]:
                raise ValueError("%s has no field %s" % (mnemonic, name))
            lo, width = self.fields[mnemonic][name]
            if value < 0 or value >= 1 << width:
                raise ValueError("%s %s=%d does not fit %d bits" % (mnemonic, name, value, width))
            w |= value << lo
        return w

    def text(self, w):
        op = w >> 24
        name = next(n for n, o in self.opcode.items() if o == op)
        parts = [name]
        for f, (lo, width) in sorted(self.fields[name].items()):
            v = (w >> lo) & ((1 << width) - 1)
            if v:
                parts.append("%s=%s" % (f, hex(v) if v > 9 else v))
        return " ".join(parts)


class CfgMap:
    def __init__(self, path=os.path.join(ROOT, "model/tile/tensix/tensix_cfg_regs.def")):
        self.cfg, self.thd = {}, {}
        for line in open(path):
            m = re.match(r"TCFG_(CFG|THD)_FIELD\((\w+), (\d+), (\d+), (\d+)\)", line)
            if m:
                table = self.cfg if m.group(1) == "CFG" else self.thd
                table[m.group(2)] = (int(m.group(3)), int(m.group(4)), int(m.group(5)))

    def field(self, name):
        return self.cfg[name]

    def thread_field(self, name):
        return self.thd[name]


class Words:
    """Config words built field by field; values that overflow a field raise ValueError."""

    def __init__(self, cfgmap, thread=False):
        self.map, self.thread, self.words = cfgmap, thread, {}

    def set(self, name, value):
        addr, shift, width = (self.map.thread_field if self.thread else self.map.field)(name)
        if value < 0 or value >= 1 << width:
            raise ValueError("%s=%d does not fit %d bits" % (name, value, width))
        mask = ((1 << width) - 1) << shift if width < 32 else 0xFFFFFFFF
        self.words[addr] = (self.words.get(addr, 0) & ~mask) | (value << shift)
        return self

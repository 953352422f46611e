#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the two binary seeds of tests/fuzz/corpus/ that are easier to build
# than to type: a good ELF image for fuzz_elf (the target fuzz_elf.c checks
# against: x86_64, little-endian, user range 0x400000..0x800000) and a small
# device tree for fuzz_fdt (/ with model, /chosen with bootargs, /memory@40000000
# with reg, /cpus with two CPUs, and what the arches' parsers read: /intc, the
# UARTs' and the timer's interrupts). Run it again only if the targets'
# expectations change.
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))


def elf():
    phoff, phnum = 64, 2
    eh = b"\x7fELF" + bytes([2, 1, 1]) + bytes(9)
    eh += struct.pack("<HHIQQQIHHHHHH", 2, 62, 1, 0x400010, phoff, 0, 0, 64, 56, phnum, 0, 0, 0)
    ph = struct.pack("<IIQQQQQQ", 1, 5, 0x100, 0x400000, 0x40, 0x40, 0x40, 0x1000)
    ph += struct.pack("<IIQQQQQQ", 1, 6, 0x140, 0x401000, 0x10, 0x2000, 0x2000, 0x1000)
    body = eh + ph
    return body + bytes(0x150 - len(body))


def fdt():
    strings = b""
    offs = {}

    def name(s):
        nonlocal strings
        if s not in offs:
            offs[s] = len(strings)
            strings += s.encode() + b"\0"
        return offs[s]

    st = b""

    def begin(n):
        nonlocal st
        b = n.encode() + b"\0"
        st += struct.pack(">I", 1) + b + bytes(-len(b) % 4)

    def prop(n, v):
        nonlocal st
        st += struct.pack(">III", 3, len(v), name(n)) + v + bytes(-len(v) % 4)

    def end():
        nonlocal st
        st += struct.pack(">I", 2)

    begin("")
    prop("#address-cells", struct.pack(">I", 2))
    prop("#size-cells", struct.pack(">I", 2))
    prop("model", b"linux,dummy-virt\0")
    prop("compatible", b"linux,dummy-virt\0")
    begin("chosen")
    prop("bootargs", b"kstack=crng16\0")
    end()
    begin("memory@40000000")
    prop("reg", struct.pack(">QQ", 0x40000000, 0x8000000))
    end()
    begin("cpus")
    prop("#address-cells", struct.pack(">I", 1))
    prop("#size-cells", struct.pack(">I", 0))
    prop("timebase-frequency", struct.pack(">I", 10000000))
    for i in range(2):
        begin("cpu@%d" % i)
        prop("device_type", b"cpu\0")
        prop("reg", struct.pack(">I", i))
        prop("enable-method", b"psci\0")
        end()
    end()
    begin("intc")
    prop("compatible", b"arm,cortex-a15-gic\0")
    prop("reg", struct.pack(">QQQQ", 0x8000000, 0x10000, 0x8010000, 0x10000))
    end()
    begin("pl011@9000000")
    prop("interrupts", struct.pack(">III", 0, 1, 4))
    end()
    begin("timer")
    prop("interrupts", struct.pack(">12I", 1, 13, 4, 1, 14, 4, 1, 11, 4, 1, 10, 4))
    end()
    begin("soc")
    begin("serial@10000000")
    prop("interrupts", struct.pack(">I", 10))
    end()
    end()
    end()
    st += struct.pack(">I", 9)
    off_rsv = 40
    off_struct = off_rsv + 16
    off_strings = off_struct + len(st)
    total = off_strings + len(strings)
    hdr = struct.pack(">IIIIIIIIII", 0xD00DFEED, total, off_struct, off_strings, off_rsv, 17, 16,
                      0, len(strings), len(st))
    return hdr + bytes(16) + st + strings


for path, data in (("corpus/elf/good", elf()), ("corpus/fdt/virt", fdt())):
    with open(os.path.join(here, path), "wb") as f:
        f.write(data)

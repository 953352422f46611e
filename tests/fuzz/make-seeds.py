#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the binary seeds of tests/fuzz/corpus/ that are easier to build
# than to type: a good ELF image for fuzz_elf (the target fuzz_elf.c checks
# against: x86_64, little-endian, user range 0x400000..0x800000) and a small
# device tree for fuzz_fdt (/ with model, /chosen with bootargs, /memory@40000000
# with reg, /cpus with two CPUs, and what the arches' parsers read: /intc, the
# UARTs' and the timer's interrupts), and a small cpio newc archive for
# fuzz_cpio (a directory, files, a symlink, a device, one 070702 member). Run it again only if the targets'
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


def cpio():
    out = b""

    def member(name, mode, data=b"", rdev=(0, 0), magic=b"070701"):
        nonlocal out
        n = name.encode() + b"\0"
        check = sum(data) & 0xFFFFFFFF if magic == b"070702" else 0
        fields = (len(out), mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(n), check)
        out += magic + b"".join(b"%08X" % v for v in fields) + n
        out += bytes(-len(out) % 4) + data
        out += bytes(-len(out) % 4)

    member(".", 0o40755)
    member("bin", 0o40755)
    member("bin/hi", 0o100755, b"#!/bin/sh\necho hi\n")
    member("bin/sh", 0o120777, b"hi")
    member("dev/null", 0o20666, rdev=(1, 3))
    member("etc/group", 0o100644, b"root:x:0:\n", magic=b"070702")
    member("TRAILER!!!", 0)
    return out + bytes(-len(out) % 512)


for path, data in (("corpus/elf/good", elf()), ("corpus/fdt/virt", fdt()),
                   ("corpus/cpio/small", cpio())):
    with open(os.path.join(here, path), "wb") as f:
        f.write(data)

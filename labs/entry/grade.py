#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The entry lab's grader (docs/labs/entry.md): `make grade LAB=entry`.

Checks labs/entry/answers.txt against the kernel the student built: the
struct pt_regs layout from the ELF's debug info (gdb-multiarch reads it, no
boot), and the syscall number from a real syscall: QEMU halted with its gdb
stub, gdb stops at do_syscall()'s first instruction on init's first syscall,
reads the saved pt_regs, stops again in whichever handler of sys_call_table
the dispatcher calls, and `finish`es from there and from do_syscall() back into
the entry code, with the result stored.
"""
import os
import re
import socket
import subprocess
import tempfile

from gradelib import GradeFail, Lab

lab = Lab("entry", arches=["riscv", "arm64"])

ANSWERS = os.path.join("labs", "entry", "answers.txt")

# Facts of each arch's pt_regs and C ABI (arch/<arch>/include/asm/ptrace.h):
# the field names of the saved sp and pc, the gdb register holding a
# function's first argument at its first instruction, and the pt_regs field
# that saves a register the assembler names `reg`.
ARCH = {
    "riscv": {"sp": "sp", "pc": "epc", "arg0": "$a0",
              "field": lambda reg: reg},
    "arm64": {"sp": "sp", "pc": "pc", "arg0": "$x0",
              "field": lambda reg: "regs[%s]" % reg[1:] if re.match(r"^x([0-9]|[12][0-9]|30)$", reg)
              else None},
    "x86_64": {"sp": "rsp", "pc": "rip", "arg0": "$rdi",
               "field": lambda reg: reg},
}
KEYS = ["size", "sp", "pc", "nr_reg", "nr", "first_nr", "first_call"]


def answers(arch):
    """The answers of arch's section, key -> string ("" if blank)."""
    got, section = {}, None
    try:
        with open(ANSWERS) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                m = re.match(r"^\[(\w+)\]$", line)
                if m:
                    section = m.group(1)
                elif section == arch and "=" in line:
                    key, value = (s.strip() for s in line.split("=", 1))
                    got[key] = value
    except OSError as e:
        raise GradeFail("cannot read %s: %s" % (ANSWERS, e.strerror))
    return got


def answer(arch, key, number=True):
    value = answers(arch).get(key, "")
    if not value:
        raise GradeFail("%s: no answer for [%s] %s" % (ANSWERS, arch, key))
    if not number:
        return value
    try:
        return int(value, 0)
    except ValueError:
        raise GradeFail("[%s] %s = %s: not a number" % (arch, key, value))


_make_facts = {}


def qemu_and_gdb_arch(arch):
    """The QEMU command line (up to -kernel) and gdb's architecture name, from one make."""
    if arch not in _make_facts:
        status, out = lab.make(arch, "print-qemu", "print-gdb-arch", timeout=60)
        lines = [l.strip() for l in out.strip().split("\n")]
        if status != 0 or len(lines) < 2 or not lines[-1]:
            raise GradeFail("gdb-multiarch cannot debug %s (make print-gdb-arch)" % arch)
        _make_facts[arch] = (lines[-2].split(), lines[-1])
    return _make_facts[arch]


def gdb_arch(arch):
    return qemu_and_gdb_arch(arch)[1]


def elf(arch):
    return os.path.join(lab.build_dir(arch), "trapdoor.elf")


def run_gdb(arch, commands, timeout=60):
    """gdb-multiarch in batch mode on arch's kernel; returns its output."""
    fd, script = tempfile.mkstemp(prefix="grade-entry-", suffix=".gdb", dir=lab.build_dir(arch))
    with os.fdopen(fd, "w") as f:
        # sys_call_table is const: gdb reads it from the ELF, not word by word from QEMU.
        f.write("set pagination off\nset confirm off\nset trust-readonly-sections on\n"
                "set architecture %s\nfile %s\n%s\n" % (gdb_arch(arch), elf(arch), commands))
    try:
        p = subprocess.run(["gdb-multiarch", "-nx", "-batch", "-x", script],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        return p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        raise GradeFail("gdb-multiarch timed out after %d s" % timeout)
    finally:
        os.unlink(script)


_layout = {}


def layout(arch, expr):
    """An integer expression over the kernel's types, evaluated by gdb from the ELF's debug info
    (with the ones every grading needs, in one run of gdb)."""
    key = (arch, expr)
    if key not in _layout:
        exprs = [expr]
        if arch in ARCH:
            exprs += ["sizeof(struct pt_regs)"] + ["&((struct pt_regs *)0)->%s" % ARCH[arch][f]
                                                   for f in ("sp", "pc")]
        out = run_gdb(arch, "\n".join('printf "@VAL%d %%lu\\n", (unsigned long)(%s)' % (i, e)
                                      for i, e in enumerate(exprs)))
        for i, e in enumerate(exprs):
            m = re.search(r"^@VAL%d (\d+)$" % i, out, re.M)
            if (arch, e) not in _layout or m:
                _layout[(arch, e)] = int(m.group(1)) if m else None
    if _layout[key] is None:
        raise GradeFail("gdb cannot evaluate %s on %s's kernel" % (expr, arch))
    return _layout[key]


def offset_of(arch, field):
    return layout(arch, "&((struct pt_regs *)0)->%s" % field)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_syscall = {}


def first_syscall(arch):
    """Init's first syscall: (pt_regs words by offset at do_syscall, the same once do_syscall
    has returned into the entry code with the result stored, the number dispatched, its handler)."""
    if arch in _syscall:
        return _syscall[arch]
    qemu = qemu_and_gdb_arch(arch)[0]
    port = free_port()
    log = open(os.path.join(lab.build_dir(arch), "grade-entry-qemu.log"), "w")
    qemu_proc = subprocess.Popen(qemu + [elf(arch), "-gdb", "tcp:127.0.0.1:%d" % port, "-S"],
                                 stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                 start_new_session=True)
    try:
        out = run_gdb(arch, """target remote 127.0.0.1:%d
break *do_syscall
continue
set $regs = %s
set $i = 0
while $i < sizeof(struct pt_regs)
  printf "@WORD %%lu %%lu\\n", $i, *(unsigned long *)($regs + $i)
  set $i = $i + sizeof(unsigned long)
end
delete
set $i = 0
while $i < sizeof(sys_call_table) / sizeof(sys_call_table[0])
  if sys_call_table[$i].fn != 0
    break *sys_call_table[$i].fn
  end
  set $i = $i + 1
end
continue
set $i = 0
while $i < sizeof(sys_call_table) / sizeof(sys_call_table[0])
  if (unsigned long)sys_call_table[$i].fn == (unsigned long)$pc
    printf "@NR %%lu\\n", $i
  end
  set $i = $i + 1
end
info symbol $pc
delete
finish
finish
set $i = 0
while $i < sizeof(struct pt_regs)
  printf "@AFTER %%lu %%lu\\n", $i, *(unsigned long *)($regs + $i)
  set $i = $i + sizeof(unsigned long)
end
kill
""" % (port, ARCH[arch]["arg0"]), timeout=60)
    finally:
        qemu_proc.kill()
        qemu_proc.wait()
        log.close()
    words = {int(o): int(v) for o, v in re.findall(r"^@WORD (\d+) (\d+)$", out, re.M)}
    after = {int(o): int(v) for o, v in re.findall(r"^@AFTER (\d+) (\d+)$", out, re.M)}
    nr = re.search(r"^@NR (\d+)$", out, re.M)
    handler = re.search(r"^(sys_\w+) in section", out, re.M)
    if not words or not after or not nr or not handler:
        _syscall[arch] = GradeFail("gdb did not stop in do_syscall and then in a handler "
                                   "(gdb-multiarch on %s)" % arch)
    else:
        _syscall[arch] = (words, after, int(nr.group(1)), handler.group(1))
    if isinstance(_syscall[arch], GradeFail):
        raise _syscall[arch]
    return _syscall[arch]


def arch_known(arch):
    if arch not in ARCH:
        raise GradeFail("this lab knows riscv, arm64 and x86_64, not %s" % arch)


@lab.check("sizeof(struct pt_regs)", points=2)
def size(arch):
    arch_known(arch)
    got, real = answer(arch, "size"), layout(arch, "sizeof(struct pt_regs)")
    if got != real:
        raise GradeFail("size = %d is not sizeof(struct pt_regs)" % got)


@lab.check("where the user's sp and pc are saved", points=2)
def sp_pc(arch):
    arch_known(arch)
    for key in ("sp", "pc"):
        got = answer(arch, key)
        if got != offset_of(arch, ARCH[arch][key]):
            raise GradeFail("%s = %d: no, that is not where the user's %s is saved" % (key, got, key))


@lab.check("the syscall number: its register and its slot", points=3)
def nr(arch):
    arch_known(arch)
    reg, slot = answer(arch, "nr_reg", number=False).lower(), answer(arch, "nr")
    field = ARCH[arch]["field"](reg)
    if not field:
        raise GradeFail("nr_reg = %s: not a general register of %s" % (reg, arch))
    try:
        reg_offset = offset_of(arch, field)
    except GradeFail:
        raise GradeFail("nr_reg = %s: struct pt_regs saves no such register" % reg)
    words, after, real, handler = first_syscall(arch)
    if words.get(reg_offset) != real:
        raise GradeFail("nr_reg = %s: at do_syscall its saved value is %s, but the dispatcher "
                        "called %s" % (reg, words.get(reg_offset), handler))
    if slot not in words or words[slot] != real:
        raise GradeFail("nr = %d: that slot does not hold the number the dispatcher used" % slot)
    if after.get(slot) != real:
        raise GradeFail("nr = %d: that slot holds the number on the way in, but not once "
                        "do_syscall() has stored the result" % slot)


@lab.check("init's first syscall", points=3)
def first(arch):
    arch_known(arch)
    got_nr, got_name = answer(arch, "first_nr"), answer(arch, "first_call", number=False)
    words, after, real, handler = first_syscall(arch)
    if got_nr != real:
        raise GradeFail("first_nr = %d is not the number of init's first syscall" % got_nr)
    if "sys_" + got_name.lower().replace("sys_", "", 1) != handler:
        raise GradeFail("first_call = %s: that is not the handler of syscall %d" % (got_name, real))


lab.run()

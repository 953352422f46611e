#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The port lab's grader (docs/labs/port.md): `make grade LAB=port`.

The feature: once a syscall's user registers are saved in pt_regs, the entry
zeroes the general registers before it calls do_syscall(), so C sees the
user's values only through pt_regs (arm64's clear_gp_regs in
arch/arm64/entry.S). Checked on both arches: QEMU halted with its gdb stub,
gdb stops at do_syscall()'s first instruction on the first syscalls and reads
the registers; and user/systest's register checks show that every user
register still comes back from each syscall intact.
"""
import os
import re
import socket
import subprocess
import tempfile

from gradelib import GradeFail, Lab

lab = Lab("port", arches=["arm64", "riscv"])

# The general registers that must read 0 at do_syscall()'s first instruction:
# all but the stack pointer, the first argument (regs) and the return address
# the call set (and riscv's x0, always 0). Neither arm64's x18 nor riscv's tp:
# the entry loads each with this CPU's struct cpu_info (arch/arm64/include/asm/smp.h,
# arch/riscv/include/asm/smp.h). gdb's names.
CLEARED = {
    "arm64": ["x%d" % n for n in range(1, 30) if n != 18],
    "riscv": ["gp", "t0", "t1", "t2", "s0", "s1", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
              "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"],
}
SYSCALLS = 4	# how many syscalls gdb stops at


def qemu_and_gdb_arch(arch):
    """The QEMU command line (up to -kernel) and gdb's architecture name, from one make."""
    status, out = lab.make(arch, "print-qemu", "print-gdb-arch", timeout=60)
    lines = [l.strip() for l in out.strip().split("\n")]
    if status != 0 or len(lines) < 2 or not lines[-1]:
        raise GradeFail("make ARCH=%s print-qemu print-gdb-arch failed" % arch)
    return lines[-2].split(), lines[-1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_regs = {}


def registers_at_do_syscall(arch):
    """[{register: value}] at do_syscall()'s first instruction, one per syscall."""
    if arch in _regs:
        return _regs[arch]
    elf = os.path.join(lab.build_dir(arch), "trapdoor.elf")
    qemu, gdb_arch = qemu_and_gdb_arch(arch)
    port = free_port()
    dump = "\n".join('printf "@REG %s %%lu\\n", $%s' % (r, r) for r in CLEARED[arch])
    fd, script = tempfile.mkstemp(prefix="grade-port-", suffix=".gdb", dir=lab.build_dir(arch))
    with os.fdopen(fd, "w") as f:
        f.write("""set pagination off
set confirm off
set architecture %s
file %s
target remote 127.0.0.1:%d
break *do_syscall
set $n = 0
while $n < %d
  continue
  printf "@STOP\\n"
%s
  set $n = $n + 1
end
kill
""" % (gdb_arch, elf, port, SYSCALLS, dump))
    log = open(os.path.join(lab.build_dir(arch), "grade-port-qemu.log"), "w")
    qemu_proc = subprocess.Popen(qemu + [elf, "-gdb", "tcp:127.0.0.1:%d" % port, "-S"],
                                 stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                 start_new_session=True)
    try:
        p = subprocess.run(["gdb-multiarch", "-nx", "-batch", "-x", script],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=60)
        out = p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        out = ""
    finally:
        qemu_proc.kill()
        qemu_proc.wait()
        log.close()
        os.unlink(script)
    stops = []
    for chunk in out.split("@STOP\n")[1:]:
        stops.append({r: int(v) for r, v in re.findall(r"^@REG (\w+) (\d+)$", chunk, re.M)})
    if len(stops) != SYSCALLS or any(len(s) != len(CLEARED[arch]) for s in stops):
        _regs[arch] = GradeFail("gdb did not stop at do_syscall %d times with every register "
                                "read (gdb-multiarch on %s)" % (SYSCALLS, arch))
    else:
        _regs[arch] = stops
    if isinstance(_regs[arch], GradeFail):
        raise _regs[arch]
    return _regs[arch]


@lab.check("do_syscall() starts with the user's registers cleared", points=6)
def cleared(arch):
    if arch not in CLEARED:
        raise GradeFail("this lab knows arm64 and riscv, not %s" % arch)
    for i, regs in enumerate(registers_at_do_syscall(arch)):
        left = [r for r in CLEARED[arch] if regs[r] != 0]
        if left:
            raise GradeFail("at syscall %d, %d registers are not 0: %s" % (
                i + 1, len(left), ", ".join("%s=%#x" % (r, regs[r]) for r in left[:4])))


@lab.check("every syscall returns the user's registers intact (systest)", points=4)
def intact(arch):
    out = lab.shell(arch, "systest", timeout=90)
    lines = re.findall(r"^((?:PASS|FAIL): user\.syscall\.\w+_registers_intact\b.*)$", out, re.M)
    if len(lines) < 2:
        raise GradeFail("systest printed no register checks")
    bad = [l for l in lines if l.startswith("FAIL")]
    if bad:
        raise GradeFail(bad[0])


lab.run()

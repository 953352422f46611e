# SPDX-License-Identifier: MIT
"""The syscall lab's grader (docs/labs/syscall.md): make grade LAB=syscall.

One boot per arch runs, from the shell: the lab's test program, the same
under `trace on`, and errpathtest. Each check reads its own lines of that
boot: the kernel's behaviour, never the sources.
"""
import re

from gradelib import GradeFail, Lab, shell_output, shell_session

lab = Lab("syscall", arches=["riscv", "arm64"])

SCRIPT = ["sysinfotest", "trace on", "sysinfotest", "trace off", "errpathtest"]


def console(arch):
    # must_pass=False: a kernel that dies on a bad pointer still leaves the lines before.
    return lab.boot(arch, script=SCRIPT, must_pass=False)


def sysinfotest(arch):
    out = shell_output(console(arch), "sysinfotest")
    if "sh: sysinfotest: no such program" in out:
        raise GradeFail("no program sysinfotest: copy labs/syscall/sysinfotest.c into user/")
    return out


def need(arch, *tests):
    """Every named test of sysinfotest printed PASS."""
    out = sysinfotest(arch)
    for t in tests:
        m = re.search(r"^(PASS|FAIL): lab\.syscall\.%s(: .*)?$" % t, out, re.M)
        if not m:
            raise GradeFail("sysinfotest printed no result for %s (did it crash?)" % t)
        if m.group(1) == "FAIL":
            raise GradeFail("%s: %s" % (t, m.group(2)[2:]))


@lab.check("sync() returns 0, as number 81", points=3)
def sync(arch):
    need(arch, "sync")


@lab.check("sysinfo() is number 179; freeram and procs agree with kernel_stats", points=3)
def counters(arch):
    need(arch, "sysinfo_number", "sysinfo_freeram", "sysinfo_procs")


@lab.check("sysinfo() counts a child while it lives", points=2)
def procs_child(arch):
    need(arch, "sysinfo_procs_child")


@lab.check("sysinfo() uptime follows the monotonic clock", points=2)
def uptime(arch):
    need(arch, "sysinfo_uptime")


@lab.check("sysinfo() refuses bad pointers with -EFAULT; the kernel runs on", points=3)
def efault(arch):
    need(arch, "sysinfo_efault")
    if not re.search(r"^EXIT: status=0$", console(arch), re.M):
        raise GradeFail("the boot did not end with a clean poweroff (build/%s/grade-syscall.log)" % arch)


@lab.check("trace on names sync and sysinfo with their results", points=1)
def trace(arch):
    sysinfotest(arch)
    session = shell_session(console(arch))
    cmds = [c for c, _ in session]
    if "trace on" not in cmds or "trace off" not in cmds:
        raise GradeFail("the shell did not get to 'trace off'")
    traced = "\n".join(o for _, o in session[cmds.index("trace on"):cmds.index("trace off")])
    for name, pat in (("sync() = 0", r"sync\(\) += 0"),
                      ("sysinfo(0x...) = 0", r"sysinfo\(0x[0-9a-f]+\) += 0"),
                      ("sysinfo(NULL) = -1 EFAULT (Bad address)",
                       r"sysinfo\(NULL\) += -1 EFAULT \(Bad address\)")):
        if not re.search(r"^trace: \d+ %s  kstack " % pat, traced, re.M):
            raise GradeFail("no trace line '%s' (kernel/trace.c names the calls)" % name)


@lab.check("errpathtest passes: the new calls have error-path cases", points=2)
def errpath(arch):
    out = shell_output(console(arch), "errpathtest")
    fails = re.findall(r"^FAIL: (.*)$", out, re.M)
    if fails:
        raise GradeFail(fails[0])
    if not re.search(r"^PASS: user\.errpath\.every_syscall_has_a_case$", out, re.M):
        raise GradeFail("errpathtest did not finish its sweep of every number")


lab.run()

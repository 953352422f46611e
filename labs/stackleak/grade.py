#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The stackleak lab's grader (docs/labs/stackleak.md): `make grade LAB=stackleak`.

Boots the tree with the lab's kernel code (labs/stackleak/kernel.mk, built in
by LAB=stackleak) and runs user/errpathtest in the shell: every syscall's
error paths, each followed by the stackleak self-check (stackleak_check).
"""
import os
import re

from gradelib import GradeFail, Lab

# The lab's code is in the kernel only with LAB=stackleak: every make the
# grader runs gets it (a LAB= on make's command line wins, as for make grade).
os.environ["LAB"] = "stackleak"

lab = Lab("stackleak", arches=["riscv", "arm64"])


def errpath_results(arch):
    """errpathtest's PASS:/FAIL: lines, name -> line."""
    out = lab.shell(arch, "errpathtest", timeout=90)
    results = {}
    for line in out.split("\n"):
        m = re.match(r"^(PASS|FAIL): (user\.errpath\.\S+?):?(\s|$)", line)
        if m:
            results[m.group(2)] = line.strip()
    if not results:
        raise GradeFail("errpathtest printed no PASS:/FAIL: line (see %s)" % grade_log(arch))
    return results


def grade_log(arch):
    return os.path.relpath(os.path.join(lab.build_dir(arch), "grade-stackleak.log"))


@lab.check("a failed spawn is logged on the console", points=2)
def spawn_logged(arch):
    out = lab.shell(arch, "errpathtest", timeout=90)
    if "spawn: nonexistent: error -2" not in out:
        raise GradeFail("no 'spawn: nonexistent: error -2' line: is labs/stackleak/spawn_log.c "
                        "still built in and logging?")


@lab.check("after a failed spawn the stack is erased (stackleak_check)", points=10)
def spawn_erased(arch):
    spawn = {k: v for k, v in errpath_results(arch).items() if k.startswith("user.errpath.spawn.")}
    if not spawn:
        raise GradeFail("errpathtest ran no spawn case")
    bad = [v for v in spawn.values() if v.startswith("FAIL")]
    if bad:
        raise GradeFail("%d of %d spawn cases fail: %s" % (len(bad), len(spawn), bad[0]))


@lab.check("every other error path still passes", points=3)
def others_pass(arch):
    rest = {k: v for k, v in errpath_results(arch).items()
            if not k.startswith("user.errpath.spawn.")}
    bad = [v for v in rest.values() if v.startswith("FAIL")]
    if bad:
        raise GradeFail(bad[0])


lab.run()

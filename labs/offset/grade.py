# SPDX-License-Identifier: MIT
"""The offset lab's grader (docs/labs/offset.md): make grade LAB=offset.

The student adds the offset source `xorshift`: a per-task xorshift32 state,
seeded at spawn, fork and execve, one step per syscall, the new state the
offset. The grader watches the real kernel: the shell switches to it, the
boot option picks it, user/entropy measures it, and its raw samples
(entropy -r) must be exactly xorshift32 steps: the grader solves the state
from the first few offsets and predicts all the others.
"""
import re

from gradelib import GradeFail, Lab, shell_output

lab = Lab("offset", arches=["riscv", "arm64"])

MODE = "xorshift"
SAMPLES = 2048
SCRIPT = ["kstack " + MODE, "kstack", "kstack chacha-spread",
          "entropy -n %d -r -m %s" % (SAMPLES, MODE),
          "entropy -n 512 -r -m %s" % MODE,
          "entropy -m all"]
MASK32 = 0xffffffff
OFFSET_BITS = range(4, 10)	# KSTACK_OFFSET_MAX: bits 9..4


def console(arch):
    return lab.boot(arch, script=SCRIPT, must_pass=False)


def raw_offsets(out):
    """The offsets of one entropy -r run: base - SP, base the highest SP."""
    m = re.search(r"^BEGIN raw samples: mode (\S+), (\d+) SP values\n(.*?)^END raw samples$",
                  out, re.M | re.S)
    if not m:
        raise GradeFail("entropy -r printed no raw samples (is the mode known?)")
    if m.group(1) != MODE:
        raise GradeFail("entropy sampled mode %s, not %s" % (m.group(1), MODE))
    sps = [int(l, 16) for l in m.group(3).split()]
    if len(sps) != int(m.group(2)) or not sps:
        raise GradeFail("entropy printed %d raw samples of %s" % (len(sps), m.group(2)))
    base = max(sps)
    return [base - sp for sp in sps]


# --- xorshift32 as a linear map over GF(2): bit i of a state is the parity of
# (mask[i] & x1), x1 the state of the first sample.

def step_masks(m):
    def shl(m, k):
        return [0] * k + m[:32 - k]

    def shr(m, k):
        return m[k:] + [0] * k

    for op, k in ((shl, 13), (shr, 17), (shl, 5)):
        m = [a ^ b for a, b in zip(m, op(m, k))]
    return m


def xorshift(x):
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    return x


def solve(offsets, use=16):
    """The state of the first sample if the offsets are xorshift32 steps, else None."""
    rows = []	# (mask, rhs), reduced
    masks = [1 << i for i in range(32)]
    for off in offsets[:use]:
        for b in OFFSET_BITS:
            rows.append((masks[b], (off >> b) & 1))
        masks = step_masks(masks)
    # Gauss-Jordan elimination; a free variable is taken as 0.
    pivots = {}
    for mask, rhs in rows:
        for bit, (pm, pr) in pivots.items():
            if mask >> bit & 1:
                mask, rhs = mask ^ pm, rhs ^ pr
        if mask == 0:
            if rhs:
                return None	# contradictory: not xorshift32
            continue
        bit = mask.bit_length() - 1
        for ob, (pm, pr) in list(pivots.items()):
            if pm >> bit & 1:
                pivots[ob] = (pm ^ mask, pr ^ rhs)
        pivots[bit] = (mask, rhs)
    x = 0
    for bit in sorted(pivots):
        mask, rhs = pivots[bit]
        # After full reduction, mask has its pivot bit and free bits (taken 0) only.
        if rhs:
            x |= 1 << bit
    return x


def follow(x, offsets):
    """How many offsets in a row, from the first, the state x predicts; and the last state."""
    for i, off in enumerate(offsets):
        if (x ^ off) & 0x3f0:
            return i, x
        if i + 1 < len(offsets):
            x = xorshift(x)
    return len(offsets), x


@lab.check("kstack %s switches the running kernel to it" % MODE, points=2)
def switch(arch):
    out = shell_output(console(arch), "kstack " + MODE)
    now = shell_output(console(arch), "kstack")
    if not re.search(r"^kstack %s  \(modes: .*\b%s\b" % (re.escape(MODE), re.escape(MODE)), now, re.M):
        raise GradeFail("after 'kstack %s' the shell says: %s" % (MODE, (out + " / " + now).strip()))


@lab.check("the boot option kstack=%s selects it at boot" % MODE, points=2)
def boot_option(arch):
    now = shell_output(lab.boot(arch, cmdline="kstack=" + MODE, script=["kstack"]), "kstack")
    if not re.search(r"^kstack %s  " % re.escape(MODE), now, re.M):
        raise GradeFail("booted with kstack=%s, the shell says: %s" % (MODE, now.strip()))


@lab.check("entropy -m %s: all 64 offsets, uniform, verdict GOOD" % MODE, points=3)
def entropy(arch):
    out = shell_output(console(arch), SCRIPT[3])
    m = re.search(r"^verdict: (\S+): mode (\S+): (.*)$", out, re.M)
    if not m:
        raise GradeFail("entropy printed no verdict: %s" % out.strip().split("\n")[-1])
    if m.group(1) != "GOOD" or m.group(2) != MODE:
        raise GradeFail("verdict: %s mode %s: %s" % (m.group(1), m.group(2), m.group(3)))


@lab.check("its offsets are xorshift32 steps, one per syscall", points=4)
def is_xorshift(arch):
    offsets = raw_offsets(shell_output(console(arch), SCRIPT[3]))
    x = solve(offsets)
    if x is None:
        raise GradeFail("no xorshift32 state gives the first 16 offsets")
    n, _ = follow(x, offsets)
    if n != len(offsets):
        raise GradeFail("a xorshift32 state gives offsets 1..%d of %d; offset %d does not follow"
                        % (n, len(offsets), n + 1))


@lab.check("each task has its own state, seeded afresh", points=2)
def per_task(arch):
    first = raw_offsets(shell_output(console(arch), SCRIPT[3]))
    second = raw_offsets(shell_output(console(arch), SCRIPT[4]))
    x1, x2 = solve(first), solve(second)
    if x1 is None or x2 is None:
        raise GradeFail("the offsets are not xorshift32 steps (see the check above)")
    if x1 == x2:
        raise GradeFail("two runs of entropy start from the same state 0x%08x: seed each task" % x1)
    # One state for everyone would have gone on through the syscalls between the runs.
    _, x = follow(x1, first)
    for steps in range(1, 20001):
        x = xorshift(x)
        if x == x2:
            raise GradeFail("the second run's stream continues the first's %d steps later: "
                            "one state shared, not one per task" % steps)


@lab.check("entropy -m all compares it with the other modes", points=2)
def table(arch):
    out = shell_output(console(arch), "entropy -m all")
    rows = re.findall(r"^(\S+) +\d+ +[\d.]+ +[\d.]+ .* (GOOD|WEAK|NONE|BROKEN|UNSURE)$", out, re.M)
    names = [r[0] for r in rows]
    want = ["off", "counter", "crng16", "crng8", "prng-task", "prng-cpu", "chacha-task",
            "chacha-spread", MODE]
    if names != want:
        raise GradeFail("the comparison table's rows are %s, not %s" % (" ".join(names) or "none",
                                                                       " ".join(want)))
    if dict(rows)[MODE] != "GOOD":
        raise GradeFail("its row's verdict is %s" % dict(rows)[MODE])


@lab.check("the demo boot (make run) still passes", points=1)
def demo(arch):
    lab.boot(arch)


lab.run()

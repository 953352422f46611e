# SPDX-License-Identifier: MIT
"""The predict lab's grader (docs/labs/predict.md): make grade LAB=predict.

The student writes user/guess.c: in mode counter it predicts the offset of
each of N getppid() calls before making it, and prints the predictions after
the last one. The grader boots with kstack=counter and QEMU's -icount shift=0
(the clock counts guest instructions, so the timing is the same on every run),
runs `guess` under `trace on`, and scores each prediction against the offset
the kernel itself reports for that getppid (the trace's "kstack +N"): the
program's word is never taken for what the kernel did.
"""
import re

from gradelib import GradeFail, Lab, shell_session

lab = Lab("predict", arches=["riscv", "arm64"])

N = 200
CHANCE = 1 / 64
BEAT_CHANCE = 20	# of 200: 3.1 expected by luck, P(>= 20) < 1e-10
GOOD = 80		# of 200: 40 %
TRACE = re.compile(r"^trace: (\d+) (\w+)\((.*?)\) += (\S+)  kstack \+(\d+)  erased \d+$", re.M)


def run(arch):
    """(predictions, actual offsets of the getppid calls) of one guess run."""
    # Under -icount `make run` boots one CPU (docs/smp.md): guess's timing is one CPU's.
    text = lab.boot(arch, cmdline="kstack=counter", script=["trace on", "guess %d" % N, "trace off"],
                    qemu_extra="-icount shift=0", timeout=120)
    session = dict(shell_session(text))
    if "guess %d" % N not in session:
        raise GradeFail("the shell never ran guess")
    out = session["guess %d" % N]
    if "sh: guess: no such program" in out:
        raise GradeFail("no program guess: write guess.c in user/")
    preds = [(int(i), int(o)) for i, o in re.findall(r"^guess: (\d+) (\d+)$", out, re.M)]
    if [i for i, _ in preds] != list(range(len(preds))):
        raise GradeFail("guess's prediction lines are not numbered 0, 1, 2, ...")
    calls = TRACE.findall(out)
    pids = {c[0] for c in calls if c[1] == "getppid"}
    if len(pids) > 1:
        raise GradeFail("getppid() from %d tasks: guess alone makes them" % len(pids))
    mode, seen_getppid, actual = None, False, []
    for pid, name, args, ret, offset in calls:
        if name == "trapdoor_config" and args.startswith("1, ") and not args.endswith(", -1"):
            mode = args[3:]
            if seen_getppid and mode != "1":
                raise GradeFail("guess switched the offset mode to %s between its predictions" % mode)
        if name == "getppid":
            if mode not in (None, "1"):
                raise GradeFail("guess predicted in offset mode %s, not counter (1)" % mode)
            seen_getppid = True
            actual.append(int(offset))
    return [o for _, o in preds], actual


def score(arch):
    preds, actual = run(arch)
    return sum(p == a for p, a in zip(preds, actual)), preds, actual


@lab.check("guess predicts %d getppid() calls in mode counter" % N, points=2)
def protocol(arch):
    preds, actual = run(arch)
    if len(actual) != N:
        raise GradeFail("the trace shows %d getppid() calls of guess, not %d" % (len(actual), N))
    if len(preds) != N:
        raise GradeFail("guess printed %d predictions, not %d" % (len(preds), N))
    if len(set(actual)) < 32:
        raise GradeFail("the %d offsets took only %d values: not the counter mode" % (N, len(set(actual))))
    bad = [p for p in preds if p % 16 or not 0 <= p <= 1008]
    if bad:
        raise GradeFail("a prediction is no offset (0, 16, ..., 1008): %d" % bad[0])


@lab.check("better than chance: at least %d of %d right (chance: %.1f)" % (BEAT_CHANCE, N, N * CHANCE),
           points=4)
def beats_chance(arch):
    hits, preds, actual = score(arch)
    if len(preds) != N or len(actual) != N:
        raise GradeFail("no %d predictions of %d getppid() calls (see the check above)" % (N, N))
    if hits < BEAT_CHANCE:
        raise GradeFail("%d of %d right" % (hits, N))


@lab.check("a real attack: at least %d of %d right (%d %%)" % (GOOD, N, 100 * GOOD // N), points=4)
def good(arch):
    hits, preds, actual = score(arch)
    if len(preds) != N or len(actual) != N:
        raise GradeFail("no %d predictions of %d getppid() calls (see the check above)" % (N, N))
    if hits < GOOD:
        raise GradeFail("%d of %d right" % (hits, N))
    print("predict: %s: %d of %d right (%.1f %%)" % (arch, hits, N, 100.0 * hits / N))


lab.run()

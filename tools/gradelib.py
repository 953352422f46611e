# SPDX-License-Identifier: MIT
"""gradelib: what every lab's grader (labs/<name>/grade.py) is made of.

A grader declares a Lab, its checks, and calls run():

    from gradelib import Lab, GradeFail

    lab = Lab("syscall", arches=["riscv", "arm64"])

    @lab.check("getuid returns 0", points=5)
    def getuid(arch):
        out = lab.shell(arch, "uidtest")
        if "uid 0" not in out:
            raise GradeFail("uidtest printed no 'uid 0'")

    lab.run()

tools/grade runs the grader from the repository root (the student's tree), as
`make grade LAB=<name> [ARCHES="a b"]` does. Each check runs once per arch
(or once, with per_arch=False) and scores its points or nothing; run() prints
one line per check and arch in xv6's grade-lab style, then "Score: X/Y", and
exits 0 only with full marks. docs/labs/index.md describes the whole scheme.

Everything a check needs from the tree goes through make, so a grader builds
and boots exactly what the student's `make run` would: build() is
`make ARCH=<arch> all`, boot() is `make ARCH=<arch> run` (with SCRIPT= for
shell commands), bounded by tools/run-qemu's timeout.

Besides its text, run() writes the same results for machines: a Gradescope
results.json (GRADE_JSON, default build/grade-<name>/results.json: one test
per check and arch, its score, max_score, output and visibility; the total is
the Score line's) and a JUnit XML file (GRADE_JUNIT, default
build/grade-<name>/junit.xml: one testcase per check and arch).
"""

import fnmatch
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from xml.sax.saxutils import quoteattr

__all__ = ["Lab", "GradeFail", "shell_output", "shell_session"]

PROMPT = "trapdoor$ "
# Jobs per make: the machine's CPUs (make test's CI has two).
JOBS = max(1, min(os.cpu_count() or 1, 4))


def scaled(seconds):
    """A bound in seconds stretched by TIMEOUT_SCALE (a positive number, default 1;
    docs/testing.md), rounded up as tools/scale-timeout does."""
    text = os.environ.get("TIMEOUT_SCALE", "") or "1"
    try:
        factor = float(text)
    except ValueError:
        factor = 0
    if not factor > 0:
        raise SystemExit("gradelib: TIMEOUT_SCALE=%s is not a positive number, e.g. 2 or 1.5" % text)
    value = seconds * factor
    return int(value) if value == int(value) else int(value) + 1


# OK, FAIL and PASS in colour where the output is a terminal, unless NO_COLOR is
# set (no-color.org) or TERM is dumb.
COLOURS = {"OK": "32", "PASS": "32", "FAIL": "1;31", "SKIP": "33"}


def colour(word, stream=None):
    """word, coloured for stream (default sys.stdout) if that is a terminal."""
    stream = stream or sys.stdout
    if (word not in COLOURS or os.environ.get("NO_COLOR") or os.environ.get("TERM", "dumb") == "dumb"
            or not getattr(stream, "isatty", lambda: False)()):
        return word
    return "\033[%sm%s\033[0m" % (COLOURS[word], word)


class GradeFail(Exception):
    """A check failed; the message says why, in one line."""


def _one_line(text):
    text = " ".join(str(text).split())
    return text if len(text) <= 200 else text[:197] + "..."


def shell_output(console, command):
    """The lines the shell printed for `command` in a boot's console text.

    The shell echoes each line it reads after its prompt ("trapdoor$ cmd");
    the output of that command is everything up to the next prompt. The first
    command line equal to `command` counts. Raises GradeFail if the shell
    never ran it (the boot ended before, or the shell never started).
    """
    lines = console.split("\n")
    want = PROMPT + command.strip()
    for i, line in enumerate(lines):
        if line.rstrip() == want:
            out = []
            for rest in lines[i + 1:]:
                if rest.startswith(PROMPT.rstrip()):
                    break
                out.append(rest)
            return "\n".join(out)
    raise GradeFail("the shell never ran '%s'" % command)


def shell_session(console):
    """Every command the shell read in a boot's console text, in order, with
    its output: a list of (command, output) pairs."""
    session = []
    for line in console.split("\n"):
        if line.startswith(PROMPT):
            session.append((line[len(PROMPT):].strip(), []))
        elif line.rstrip() == PROMPT.rstrip():
            session.append(("", []))
        elif session:
            session[-1][1].append(line)
    return [(cmd, "\n".join(out)) for cmd, out in session]


class _Check:
    def __init__(self, func, what, points, per_arch):
        self.func = func
        self.what = what
        self.points = points
        self.per_arch = per_arch


class Lab:
    """One lab: its name, the arches it is graded on, its checks."""

    def __init__(self, name, arches):
        if len(arches) < 2:
            raise ValueError("a lab is graded on at least two arches")
        self.name = name
        # ARCHES="a b" (make grade ... ARCHES=) overrides the lab's default.
        env = os.environ.get("ARCHES", "").split()
        self.arches = env if env else list(arches)
        self.checks = []
        # CHECK=pattern (make grade, as GRADE_CHECK): only the checks whose names contain it.
        self.only = os.environ.get("GRADE_CHECK", "")
        self.root = os.getcwd()
        if not os.path.exists(os.path.join(self.root, "Makefile")):
            raise SystemExit("gradelib: run the grader from the repository root (tools/grade)")
        self._builds = {}	# arch -> None (built) or the GradeFail of a failed build
        self._boots = {}	# boot()'s arguments -> console text or GradeFail
        self._build_dirs = {}
        self._lock = threading.Lock()
        self._logged = set()	# arches whose build/<arch>/grade-<name>.log this run began

    # --- declaring checks ------------------------------------------------

    def check(self, what, points=1, per_arch=True):
        """Decorator: f(arch) (or f() with per_arch=False) is one check."""
        def register(func):
            self.checks.append(_Check(func, what, points, per_arch))
            return func
        return register

    # --- the tree: make, build, boot -------------------------------------

    def make(self, arch, *args, timeout=600):
        """Runs `make -s ARCH=arch args...` in the tree; returns (status, output).
        The timeout is stretched by TIMEOUT_SCALE, and so are make's own boots'."""
        timeout = scaled(timeout)
        cmd = ["make", "-s", "--no-print-directory", "ARCH=" + arch] + list(args)
        try:
            p = subprocess.run(cmd, cwd=self.root, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout)
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode("utf-8", "replace")
            return 124, out + "\ngradelib: make timed out after %d s\n" % timeout
        return p.returncode, p.stdout.decode("utf-8", "replace")

    def build_dir(self, arch):
        """The tree's build directory for arch (build/<arch>, as make print-build says)."""
        if arch not in self._build_dirs:
            status, out = self.make(arch, "print-build", timeout=60)
            lines = out.strip().split("\n")
            if status != 0 or not lines[-1]:
                raise GradeFail("make ARCH=%s print-build failed" % arch)
            self._build_dirs[arch] = os.path.join(self.root, lines[-1].strip())
        return self._build_dirs[arch]

    def build(self, arch):
        """Builds the default image for arch, once per grading run.

        On failure make's own output is shown and GradeFail("build failed")
        raised, now and for every later call (run() fails each of the arch's
        checks with it).
        """
        if arch not in self._builds:
            status, out = self.make(arch, "-j%d" % JOBS, "all", timeout=900)
            with self._lock:
                if status == 0:
                    self._builds[arch] = None
                else:
                    sys.stdout.write("%s: make ARCH=%s all failed:\n%s\n" % (self.name, arch,
                                                                            out.rstrip()))
                    sys.stdout.flush()
                    self._builds[arch] = GradeFail("build failed")
        if self._builds[arch] is not None:
            raise self._builds[arch]

    def boot(self, arch, cmdline="", script=None, timeout=60, must_pass=True, qemu_extra=""):
        """Boots the default image on arch and returns its console text.

        cmdline: boot options. script: shell commands, one a line (or a
        list of lines): the shell runs them alone (init.shell=script, as
        `make run SCRIPT=`) and the machine powers off after the last;
        without a script the demo boot runs. The boot is bounded by timeout
        seconds (tools/run-qemu). qemu_extra: more QEMU options (make's
        QEMU_EXTRA), e.g. "-icount shift=0" for a clock that counts guest
        instructions, the same on every run. With must_pass (the default) a boot that
        does not end in a clean power-off (hang, crash, kernel status not 0)
        raises GradeFail with run-qemu's verdict; otherwise the text comes
        back whatever happened. The same boot is made once per grading run.
        Carriage returns are removed.
        """
        if isinstance(script, (list, tuple)):
            script = "\n".join(script)
        key = (arch, cmdline, script, timeout, must_pass, qemu_extra)
        if key not in self._boots:
            self._boots[key] = self._boot(arch, cmdline, script, timeout, must_pass, qemu_extra)
        if isinstance(self._boots[key], GradeFail):
            raise self._boots[key]
        return self._boots[key]

    def _boot(self, arch, cmdline, script, timeout, must_pass, qemu_extra):
        try:
            self.build(arch)
        except GradeFail as e:
            return e
        bdir = self.build_dir(arch)
        log = os.path.join(bdir, "run.log")
        args = ["run", "RUN_TIMEOUT=%d" % timeout, "CMDLINE=" + cmdline, "QEMU_EXTRA=" + qemu_extra]
        tmp = None
        if script is not None:
            fd, tmp = tempfile.mkstemp(prefix="grade-", suffix=".sh", dir=bdir)
            with os.fdopen(fd, "w") as f:
                f.write(script.rstrip("\n") + "\n")
            args.append("SCRIPT=" + tmp)
        try:
            if os.path.exists(log):
                os.unlink(log)
            status, out = self.make(arch, *args, timeout=timeout + 120)
        finally:
            if tmp:
                os.unlink(tmp)
        try:
            with open(log, "rb") as f:
                text = f.read().decode("utf-8", "replace").replace("\r", "")
        except OSError:
            text = ""
        # Every boot of this grading run, for the student to read after a failed check.
        with open(os.path.join(bdir, "grade-%s.log" % self.name), "a" if arch in self._logged else "w") as f:
            self._logged.add(arch)
            f.write("=== boot: %s cmdline=%r qemu_extra=%r script=%r\n%s\n" % (arch, cmdline, qemu_extra,
                                                                          script, text))
        if status != 0 and must_pass:
            verdict = [l for l in out.split("\n") if l.startswith("run-qemu:")]
            why = verdict[-1] if verdict else out.strip().split("\n")[-1]
            return GradeFail("boot failed: " + why)
        return text

    def shell(self, arch, *commands, cmdline="", timeout=60):
        """Runs shell commands in one boot; the output of the first one
        (all of them: a list, with several)."""
        text = self.boot(arch, cmdline=cmdline, script=list(commands), timeout=timeout)
        outs = [shell_output(text, c) for c in commands]
        return outs[0] if len(commands) == 1 else outs

    # --- grading ----------------------------------------------------------

    def _prebuild(self, arch):
        try:
            self.build(arch)
        except GradeFail:
            pass

    def _run_one(self, check, arch):
        """(earned, why) for one check on one arch (arch None: per_arch=False)."""
        try:
            if arch is None:
                check.func()
            else:
                self.build(arch)
                check.func(arch)
        except GradeFail as e:
            return 0, _one_line(e)
        except Exception as e:  # a grader bug must show, not crash the run
            traceback.print_exc(file=sys.stdout)
            return 0, _one_line("grader error: %s: %s" % (type(e).__name__, e))
        return check.points, None

    def selected(self, check):
        """True if check's name matches the CHECK= pattern (case ignored; * and ?
        match any text, and the pattern may match any part of the name)."""
        return not self.only or fnmatch.fnmatchcase(check.what.lower(), "*%s*" % self.only.lower())

    def run(self):
        """Runs every check (those CHECK= selects) and exits: 0 with full marks
        for them, 1 otherwise, 2 if CHECK= selects none."""
        if os.environ.get("GRADE_PRINT_ARCHES"):
            print(" ".join(self.arches))	# tools/grade --selftest: what to copy
            sys.exit(0)
        if os.environ.get("GRADE_PRINT_TOTAL"):
            # tools/handout: the points of a full-marks run on these arches.
            print(sum(c.points * (len(self.arches) if c.per_arch else 1) for c in self.checks))
            sys.exit(0)
        if self.only:
            chosen = [c for c in self.checks if self.selected(c)]
            if not chosen:
                print("%s: CHECK=%s matches no check; the checks:\n%s" % (
                    self.name, self.only, "\n".join("  " + c.what for c in self.checks)))
                sys.exit(2)
            print("%s: CHECK=%s: %d of %d checks" % (self.name, self.only, len(chosen), len(self.checks)))
            self.checks = chosen
        total = earned = 0
        t0 = time.time()
        # Every arch's build at once (each make -jJOBS too): the checks then find them done.
        builders = [threading.Thread(target=self._prebuild, args=(a,)) for a in self.arches]
        for b in builders:
            b.start()
        for b in builders:
            b.join()
        results = []
        for check in self.checks:
            for arch in (self.arches if check.per_arch else [None]):
                t1 = time.time()
                got, why = self._run_one(check, arch)
                total += check.points
                earned += got
                where = " (%s)" % arch if arch else ""
                if why is None:
                    line = "%s: %s%s: OK (%d/%d)" % (self.name, check.what, where, got, check.points)
                    shown = "%s: %s%s: %s (%d/%d)" % (self.name, check.what, where, colour("OK"), got,
                                                      check.points)
                else:
                    line = "%s: %s%s: FAIL (%d/%d): %s" % (self.name, check.what, where, got,
                                                           check.points, why)
                    shown = "%s: %s%s: %s (%d/%d): %s" % (self.name, check.what, where,
                                                          colour("FAIL"), got, check.points, why)
                print(shown)
                sys.stdout.flush()
                results.append({"name": check.what + where, "arch": arch, "score": got,
                                "max_score": check.points, "why": why, "line": line,
                                "time": time.time() - t1})
        secs = time.time() - t0
        print("%s: graded on %s in %.1f s" % (self.name, " ".join(self.arches), secs))
        print("Score: %d/%d" % (earned, total))
        sys.stdout.flush()
        self.write_reports(results, earned, total, secs)
        sys.exit(0 if earned == total and total > 0 else 1)

    # --- the results for machines: Gradescope and JUnit -------------------

    def report_paths(self):
        """(results.json, junit.xml): GRADE_JSON and GRADE_JUNIT, or build/grade-<name>/."""
        d = os.path.join(self.root, "build", "grade-" + self.name)
        return (os.environ.get("GRADE_JSON") or os.path.join(d, "results.json"),
                os.environ.get("GRADE_JUNIT") or os.path.join(d, "junit.xml"))

    def write_reports(self, results, earned, total, secs):
        json_path, junit_path = self.report_paths()
        for path in (json_path, junit_path):
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(json_path, "w") as f:
            json.dump(gradescope_results(self.name, self.arches, results, earned, total, secs), f,
                      indent=1)
            f.write("\n")
        with open(junit_path, "w") as f:
            f.write(junit_xml(self.name, results, secs))


def gradescope_results(name, arches, results, earned, total, secs):
    """Gradescope's results.json: one test per check and arch; score is the Score line's."""
    return {
        "score": earned,
        "execution_time": int(round(secs)),
        "output": "%s: graded on %s\nScore: %d/%d" % (name, " ".join(arches), earned, total),
        "visibility": "visible",
        "stdout_visibility": "visible",
        "tests": [{"name": "%s: %s" % (name, r["name"]), "score": r["score"],
                   "max_score": r["max_score"], "output": r["line"], "visibility": "visible",
                   "status": "passed" if r["why"] is None else "failed"} for r in results],
    }


def junit_xml(name, results, secs):
    """A JUnit XML report: one testcase per check and arch, a failure with the reason."""
    failures = sum(1 for r in results if r["why"] is not None)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<testsuites name=%s tests="%d" failures="%d" time="%.1f">' % (
               quoteattr("trapdoor lab " + name), len(results), failures, secs),
           '  <testsuite name=%s tests="%d" failures="%d" errors="0" skipped="0" time="%.1f">' % (
               quoteattr(name), len(results), failures, secs)]
    for r in results:
        case = '    <testcase classname=%s name=%s time="%.1f"' % (
            quoteattr("%s.%s" % (name, r["arch"] or "all")), quoteattr(r["name"]), r["time"])
        if r["why"] is None:
            out.append(case + "/>")
        else:
            out.append(case + ">")
            out.append('      <failure message=%s>%s</failure>' % (
                quoteattr("%d/%d: %s" % (r["score"], r["max_score"], r["why"])),
                r["line"].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")))
            out.append("    </testcase>")
    out += ["  </testsuite>", "</testsuites>", ""]
    return "\n".join(out)

# SPDX-License-Identifier: MIT
"""Host tests of tools/gradelib.py: the shell parsing, the scoring, the exit
status, and what a failed build or a broken check does. No QEMU: make is
replaced by a stub. tools/grade --selftest runs them (make grade-selftest)."""
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from contextlib import redirect_stdout

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import gradelib  # noqa: E402
from gradelib import GradeFail, Lab, shell_output, shell_session  # noqa: E402

# Every run() writes its results.json and junit.xml here, not into the tree's build/.
REPORTS = tempfile.mkdtemp(prefix="test-gradelib-")
os.environ["GRADE_JSON"] = os.path.join(REPORTS, "results.json")
os.environ["GRADE_JUNIT"] = os.path.join(REPORTS, "junit.xml")

CONSOLE = """trapdoor 0.1 on riscv64
init: pid 1, running in user mode on riscv64 (trapdoor 0.1)
trapdoor$ kstack
kstack chacha-spread  (modes: off counter)
trapdoor$ nosuch
sh: nosuch: no such program; try help
trapdoor$ 
trapdoor$ poweroff
EXIT: status=0
"""


class FakeLab(Lab):
    """A Lab whose make is a table: (arch, first arg) -> (status, output)."""

    def __init__(self, name, arches, results):
        self.results = results
        self.calls = []
        root = os.getcwd()
        os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
        try:
            super().__init__(name, arches)
        finally:
            os.chdir(root)

    def make(self, arch, *args, timeout=600):
        target = [a for a in args if not a.startswith("-")][0]
        self.calls.append((arch, target))
        return self.results.get((arch, target), (0, ""))


def run_lab(lab):
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            lab.run()
        except SystemExit as e:
            return e.code, out.getvalue()
    return None, out.getvalue()


class Shell(unittest.TestCase):
    def test_output_of_a_command(self):
        self.assertEqual(shell_output(CONSOLE, "kstack"), "kstack chacha-spread  (modes: off counter)")
        self.assertEqual(shell_output(CONSOLE, "nosuch"), "sh: nosuch: no such program; try help")

    def test_a_command_never_run_fails_the_check(self):
        with self.assertRaises(GradeFail):
            shell_output(CONSOLE, "entropy")

    def test_session_in_order(self):
        cmds = [c for c, _ in shell_session(CONSOLE)]
        self.assertEqual(cmds, ["kstack", "nosuch", "", "poweroff"])
        self.assertEqual(dict(shell_session(CONSOLE))["poweroff"], "EXIT: status=0\n")


class Scoring(unittest.TestCase):
    def setUp(self):
        os.environ.pop("ARCHES", None)

    def test_full_marks_exit_0(self):
        lab = FakeLab("t", ["riscv", "arm64"], {})
        lab.check("passes", points=3)(lambda arch: None)
        lab.check("once", points=1, per_arch=False)(lambda: None)
        code, out = run_lab(lab)
        self.assertEqual(code, 0)
        self.assertIn("t: passes (riscv): OK (3/3)\n", out)
        self.assertIn("t: passes (arm64): OK (3/3)\n", out)
        self.assertIn("t: once: OK (1/1)\n", out)
        self.assertTrue(out.endswith("Score: 7/7\n"))

    def test_a_failure_scores_0_and_says_why(self):
        lab = FakeLab("t", ["riscv", "arm64"], {})

        def half(arch):
            if arch == "arm64":
                raise GradeFail("wrong\nanswer")
        lab.check("half", points=5)(half)
        code, out = run_lab(lab)
        self.assertEqual(code, 1)
        self.assertIn("t: half (arm64): FAIL (0/5): wrong answer\n", out)
        self.assertTrue(out.endswith("Score: 5/10\n"))

    def test_a_grader_bug_fails_the_check_only(self):
        lab = FakeLab("t", ["riscv", "arm64"], {})
        lab.check("buggy")(lambda arch: 1 / 0)
        lab.check("fine")(lambda arch: None)
        code, out = run_lab(lab)
        self.assertEqual(code, 1)
        self.assertIn("FAIL (0/1): grader error: ZeroDivisionError", out)
        self.assertTrue(out.endswith("Score: 2/4\n"))

    def test_a_failed_build_fails_every_check_of_its_arch(self):
        lab = FakeLab("t", ["riscv", "arm64"], {("arm64", "all"): (2, "kernel/sys.c:1: error: x")})
        lab.check("a")(lambda arch: None)
        lab.check("b")(lambda arch: None)
        code, out = run_lab(lab)
        self.assertEqual(code, 1)
        self.assertIn("make ARCH=arm64 all failed:\nkernel/sys.c:1: error: x\n", out)
        self.assertIn("t: a (arm64): FAIL (0/1): build failed\n", out)
        self.assertIn("t: b (arm64): FAIL (0/1): build failed\n", out)
        self.assertIn("t: a (riscv): OK (1/1)\n", out)
        self.assertEqual(lab.calls.count(("arm64", "all")), 1)	# built once, not per check

    def test_arches_override(self):
        os.environ["ARCHES"] = "x86_64 s390"
        try:
            lab = FakeLab("t", ["riscv", "arm64"], {})
        finally:
            del os.environ["ARCHES"]
        self.assertEqual(lab.arches, ["x86_64", "s390"])

    def test_one_arch_is_not_a_lab(self):
        with self.assertRaises(ValueError):
            FakeLab("t", ["riscv"], {})

    def test_no_checks_is_not_full_marks(self):
        code, out = run_lab(FakeLab("t", ["riscv", "arm64"], {}))
        self.assertEqual(code, 1)


class Reports(unittest.TestCase):
    """results.json (Gradescope) and junit.xml say what the text says."""

    def setUp(self):
        os.environ.pop("ARCHES", None)
        for f in ("results.json", "junit.xml"):
            if os.path.exists(os.path.join(REPORTS, f)):
                os.unlink(os.path.join(REPORTS, f))

    def run_half(self):
        lab = FakeLab("t", ["riscv", "arm64"], {})

        def half(arch):
            if arch == "arm64":
                raise GradeFail("wrong <answer> & more")
        lab.check("half", points=5)(half)
        lab.check("once", points=2, per_arch=False)(lambda: None)
        return run_lab(lab)

    def test_results_json_has_one_test_per_check_and_arch_and_the_score_line_total(self):
        code, out = self.run_half()
        with open(os.environ["GRADE_JSON"]) as f:
            res = json.load(f)
        self.assertEqual([t["name"] for t in res["tests"]],
                         ["t: half (riscv)", "t: half (arm64)", "t: once"])
        self.assertEqual([(t["score"], t["max_score"]) for t in res["tests"]], [(5, 5), (0, 5), (2, 2)])
        for t in res["tests"]:
            self.assertEqual(t["visibility"], "visible")
            self.assertIn(t["output"] + "\n", out)
        self.assertEqual(res["score"], 7)
        self.assertEqual(sum(t["score"] for t in res["tests"]), 7)
        self.assertIn("Score: %d/%d\n" % (res["score"], sum(t["max_score"] for t in res["tests"])), out)

    def test_junit_has_one_testcase_per_check_and_arch_and_the_failures(self):
        self.run_half()
        suite = ET.parse(os.environ["GRADE_JUNIT"]).getroot().find("testsuite")
        cases = suite.findall("testcase")
        self.assertEqual([c.get("name") for c in cases], ["half (riscv)", "half (arm64)", "once"])
        self.assertEqual(suite.get("tests"), "3")
        self.assertEqual(suite.get("failures"), "1")
        failure = cases[1].find("failure")
        self.assertEqual(failure.get("message"), "0/5: wrong <answer> & more")
        self.assertEqual([c.find("failure") is None for c in cases], [True, False, True])

    def test_a_failed_build_is_in_the_reports_too(self):
        lab = FakeLab("t", ["riscv", "arm64"], {("arm64", "all"): (2, "error")})
        lab.check("a", points=3)(lambda arch: None)
        run_lab(lab)
        with open(os.environ["GRADE_JSON"]) as f:
            res = json.load(f)
        self.assertEqual([(t["name"], t["score"]) for t in res["tests"]],
                         [("t: a (riscv)", 3), ("t: a (arm64)", 0)])
        self.assertIn("build failed", res["tests"][1]["output"])
        self.assertEqual(res["score"], 3)


    def test_grade_selftest_finds_reports_that_differ_from_the_text(self):
        import importlib.machinery
        import importlib.util
        loader = importlib.machinery.SourceFileLoader("grade", os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "grade"))
        grade = importlib.util.module_from_spec(importlib.util.spec_from_loader("grade", loader))
        loader.exec_module(grade)
        code, out = self.run_half()
        log = os.path.join(REPORTS, "grade.log")
        with open(log, "w") as f:
            f.write(out)
        self.assertIsNone(grade.reports_differ(log, os.environ["GRADE_JSON"], os.environ["GRADE_JUNIT"]))
        with open(os.environ["GRADE_JSON"]) as f:
            res = json.load(f)
        res["score"] = 12
        with open(os.environ["GRADE_JSON"], "w") as f:
            json.dump(res, f)
        self.assertIn("is not the Score line",
                      grade.reports_differ(log, os.environ["GRADE_JSON"], os.environ["GRADE_JUNIT"]))
        res["score"] = 7
        del res["tests"][1]
        with open(os.environ["GRADE_JSON"], "w") as f:
            json.dump(res, f)
        self.assertIn("not the text's 3 check lines",
                      grade.reports_differ(log, os.environ["GRADE_JSON"], os.environ["GRADE_JUNIT"]))


class Boot(unittest.TestCase):
    def test_a_boot_is_made_once_and_a_failed_one_fails(self):
        lab = FakeLab("t", ["riscv", "arm64"], {})
        made = []

        def fake_boot(arch, cmdline, script, timeout, must_pass, qemu_extra):
            made.append(arch)
            return GradeFail("boot failed: hang") if arch == "arm64" else CONSOLE
        lab._boot = fake_boot
        self.assertEqual(lab.shell("riscv", "kstack"), "kstack chacha-spread  (modes: off counter)")
        self.assertEqual(lab.shell("riscv", "kstack"), "kstack chacha-spread  (modes: off counter)")
        self.assertEqual(made, ["riscv"])
        for _ in range(2):
            with self.assertRaises(GradeFail):
                lab.boot("arm64", script=["kstack"])
        self.assertEqual(made, ["riscv", "arm64"])


class CheckFilter(unittest.TestCase):
    """CHECK=pattern (make grade; GRADE_CHECK to the grader): only the checks it names."""

    def lab_with(self, pattern):
        os.environ["GRADE_CHECK"] = pattern
        try:
            lab = FakeLab("t", ["riscv", "arm64"], {})
        finally:
            del os.environ["GRADE_CHECK"]
        lab.check("getuid returns 0", points=2)(lambda arch: None)
        lab.check("sysinfo fills the struct", points=3)(lambda arch: None)
        lab.check("sysinfo rejects a bad pointer", points=1)(
            lambda arch: (_ for _ in ()).throw(GradeFail("no EFAULT")))
        return lab

    def test_a_pattern_grades_only_its_checks(self):
        code, out = run_lab(self.lab_with("SYSINFO fills"))
        self.assertEqual(code, 0)
        self.assertIn("t: CHECK=SYSINFO fills: 1 of 3 checks\n", out)
        self.assertIn("t: sysinfo fills the struct (arm64): OK (3/3)\n", out)
        self.assertNotIn("getuid", out)
        self.assertTrue(out.endswith("Score: 6/6\n"))

    def test_wildcards(self):
        code, out = run_lab(self.lab_with("sysinfo*pointer"))
        self.assertEqual(code, 1)
        self.assertIn("1 of 3 checks", out)
        self.assertTrue(out.endswith("Score: 0/2\n"))

    def test_a_pattern_that_matches_nothing_lists_the_checks(self):
        code, out = run_lab(self.lab_with("nosuch"))
        self.assertEqual(code, 2)
        self.assertIn("CHECK=nosuch matches no check; the checks:\n  getuid returns 0\n", out)


class Colour(unittest.TestCase):
    """OK and FAIL in colour on a terminal only, never under NO_COLOR."""

    class Tty(io.StringIO):
        def isatty(self):
            return True

    def setUp(self):
        self.saved = {k: os.environ.get(k) for k in ("NO_COLOR", "TERM")}
        os.environ.pop("NO_COLOR", None)
        os.environ["TERM"] = "xterm"

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    def test_a_terminal_gets_colour(self):
        self.assertEqual(gradelib.colour("OK", self.Tty()), "\033[32mOK\033[0m")
        self.assertEqual(gradelib.colour("FAIL", self.Tty()), "\033[1;31mFAIL\033[0m")

    def test_no_colour_into_a_file_or_under_no_color(self):
        self.assertEqual(gradelib.colour("OK", io.StringIO()), "OK")
        os.environ["NO_COLOR"] = "1"
        self.assertEqual(gradelib.colour("OK", self.Tty()), "OK")

    def test_the_grade_lines_are_plain_into_a_pipe(self):
        lab = FakeLab("t", ["riscv", "arm64"], {})
        lab.check("passes")(lambda arch: None)
        code, out = run_lab(lab)
        self.assertIn("t: passes (riscv): OK (1/1)\n", out)
        self.assertNotIn("\033", out)


class TimeoutScale(unittest.TestCase):
    """TIMEOUT_SCALE stretches the graders' bounds (make's, and so the boots')."""

    def tearDown(self):
        os.environ.pop("TIMEOUT_SCALE", None)

    def test_scaled(self):
        self.assertEqual(gradelib.scaled(60), 60)
        os.environ["TIMEOUT_SCALE"] = "2.5"
        self.assertEqual(gradelib.scaled(60), 150)
        self.assertEqual(gradelib.scaled(5), 13)
        os.environ["TIMEOUT_SCALE"] = "slow"
        with self.assertRaises(SystemExit):
            gradelib.scaled(60)

    def test_make_is_bounded_by_the_scaled_timeout(self):
        from unittest import mock
        os.environ["TIMEOUT_SCALE"] = "3"
        lab = FakeLab("t", ["riscv", "arm64"], {})
        with mock.patch.object(gradelib.subprocess, "run") as run:
            run.return_value = subprocess.CompletedProcess([], 0, b"", None)
            Lab.make(lab, "riscv", "run", timeout=180)
        self.assertEqual(run.call_args.kwargs["timeout"], 540)


if __name__ == "__main__":
    try:
        unittest.main()
    finally:
        shutil.rmtree(REPORTS, ignore_errors=True)

# trapdoor's gdb commands (docs/debugging.md). build/<arch>/gdbinit loads this
# file and sets trapdoor-syscall-nr for the arch; the commands:
#
#   pt-regs [EXPR]     every field of the struct pt_regs EXPR points at
#                      (default: regs), in hex, then the syscall number and
#                      its name from this arch's table
#                      (arch/<arch>/include/uapi/asm/unistd.h, and the
#                      generic one it may include) and include/uapi/unistd.h
#   kstack-offset      inside do_syscall(): `next` up to the line of
#                      add_random_kstack_offset(), print SP, step over it,
#                      print SP again and the offset it took
import os
import re

import gdb

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def read_numbers(path, values):
    """Adds the #define __NR_<name> lines of path to values, following its
    #include <uapi/...> lines (the generic table)."""
    define = re.compile(r"^#define\s+__NR_(\w+)\s+(.+?)\s*(/\*.*)?$")
    include = re.compile(r"^#include\s+<(uapi/[\w/.-]+)>")
    with open(path) as f:
        for line in f:
            inc = include.match(line)
            if inc:
                read_numbers(os.path.join(TOP, "include", inc.group(1)), values)
                continue
            m = define.match(line)
            if not m:
                continue
            # The values are numbers or (__NR_trapdoor_base + n).
            expr = re.sub(r"__NR_(\w+)", lambda r: str(values[r.group(1)]), m.group(2))
            if not re.fullmatch(r"[0-9()+ ]+", expr):
                raise gdb.GdbError("%s: cannot read: %s" % (path, line.strip()))
            values[m.group(1)] = eval(expr)


def syscall_names():
    """{number: name}: Linux's calls of this arch's table, then trapdoor's own."""
    values = {}
    if not unistd_param.value:
        raise gdb.GdbError("trapdoor-unistd is not set: load build/<arch>/gdbinit")
    read_numbers(unistd_param.value, values)
    read_numbers(os.path.join(TOP, "include", "uapi", "unistd.h"), values)
    # __NR_trapdoor_base is the first of trapdoor's numbers, not a call.
    return {v: k for k, v in values.items() if k != "trapdoor_base"}


class UnistdParameter(gdb.Parameter):
    """This arch's table of syscall numbers (arch/<arch>/include/uapi/asm/unistd.h).
build/<arch>/gdbinit sets it."""

    set_doc = "Set this arch's syscall number header."
    show_doc = "Show this arch's syscall number header."

    def __init__(self):
        super().__init__("trapdoor-unistd", gdb.COMMAND_DATA, gdb.PARAM_STRING_NOESCAPE)
        self.value = ""

    def get_show_string(self, svalue):
        return "the syscall numbers are in " + (svalue or "(not set: load build/<arch>/gdbinit)")


unistd_param = UnistdParameter()


class SyscallNrParameter(gdb.Parameter):
    """Where this arch's pt_regs holds the syscall number: a gdb expression
in $regs (a struct pt_regs pointer), as regs_syscall_nr() in
arch/<arch>/include/asm/ptrace.h reads it. build/<arch>/gdbinit sets it."""

    set_doc = "Set the expression for the syscall number in $regs."
    show_doc = "Show the expression for the syscall number in $regs."

    def __init__(self):
        super().__init__("trapdoor-syscall-nr", gdb.COMMAND_DATA, gdb.PARAM_STRING_NOESCAPE)
        self.value = ""

    def get_show_string(self, svalue):
        return "the syscall number is " + (svalue or "(not set: load build/<arch>/gdbinit)")


nr_param = SyscallNrParameter()


def field_lines(value, prefix=""):
    """(name, value) for every scalar of a struct, arrays element by element."""
    t = value.type.strip_typedefs()
    if t.code == gdb.TYPE_CODE_STRUCT:
        for f in t.fields():
            yield from field_lines(value[f.name], prefix + ("." if prefix else "") + f.name)
    elif t.code == gdb.TYPE_CODE_ARRAY:
        lo, hi = t.range()
        for i in range(lo, hi + 1):
            yield from field_lines(value[i], "%s[%d]" % (prefix, i))
    else:
        yield prefix, value


class PtRegs(gdb.Command):
    """pt-regs [EXPR]: print the struct pt_regs EXPR points at (default: regs)
in hex, one field a line, then the syscall number and its name."""

    def __init__(self):
        super().__init__("pt-regs", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        regs = gdb.parse_and_eval(arg.strip() or "regs")
        if regs.type.strip_typedefs().code != gdb.TYPE_CODE_PTR:
            regs = regs.address
        regs = regs.cast(gdb.lookup_type("struct pt_regs").pointer())
        gdb.write("struct pt_regs at 0x%x:\n" % int(regs))
        for name, v in field_lines(regs.dereference()):
            # Each field in hex, as wide as its type, the sign bit as a bit.
            bits = 8 * v.type.sizeof
            gdb.write("  %-12s 0x%0*x\n" % (name, bits // 4, int(v) & ((1 << bits) - 1)))
        if not nr_param.value:
            raise gdb.GdbError("trapdoor-syscall-nr is not set: load build/<arch>/gdbinit")
        gdb.set_convenience_variable("regs", regs)
        nr = int(gdb.parse_and_eval(nr_param.value))
        name = syscall_names().get(nr, "not a syscall: -ENOSYS")
        gdb.write("syscall %d (%s), from %s\n" % (nr, name, nr_param.value))


def current_line_text():
    sal = gdb.selected_frame().find_sal()
    if sal.symtab is None:
        return ""
    with open(sal.symtab.fullname()) as f:
        lines = f.read().split("\n")
    return lines[sal.line - 1] if 0 < sal.line <= len(lines) else ""


class KstackOffset(gdb.Command):
    """kstack-offset: in do_syscall(), step (next) to the line that calls
add_random_kstack_offset(), print SP, step over it and print SP again: the
difference is this syscall's kernel-stack offset."""

    def __init__(self):
        super().__init__("kstack-offset", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        if gdb.selected_frame().name() != "do_syscall":
            raise gdb.GdbError("kstack-offset: not in do_syscall (break do_syscall, continue)")
        for _ in range(20):
            if "add_random_kstack_offset(" in current_line_text():
                break
            gdb.execute("next", to_string=True)
        else:
            raise gdb.GdbError("kstack-offset: no add_random_kstack_offset() in do_syscall")
        line = gdb.selected_frame().find_sal().line
        before = int(gdb.parse_and_eval("$sp"))
        gdb.write("SP before add_random_kstack_offset(): 0x%x\n" % before)
        # Over it: to the first line below it. With GCC's -Og that is one
        # `next`; clang's -Og interleaves the lines around it, so more.
        for _ in range(20):
            gdb.execute("next", to_string=True)
            if gdb.selected_frame().find_sal().line > line:
                break
        else:
            raise gdb.GdbError("kstack-offset: never got past line %d" % line)
        after = int(gdb.parse_and_eval("$sp"))
        gdb.write("SP after  add_random_kstack_offset(): 0x%x (%d bytes lower)\n"
                  % (after, before - after))


PtRegs()
KstackOffset()

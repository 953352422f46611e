# The walk-through of docs/debugging.md: two system calls, each seen from
# do_syscall() (kernel/syscall.c). Run after build/<arch>-debug/gdbinit, which
# connects and stops in start_kernel:
#     gdb-multiarch -x build/<arch>-debug/gdbinit -x tools/gdb/syscall-walk.gdb
# tools/gdb-walkthrough runs it in make test and checks what it prints.
# Echo each command (as "+command") before its output.
set trace-commands on
break do_syscall
continue
bt
pt-regs
kstack-offset
continue
pt-regs
kstack-offset

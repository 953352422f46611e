# The stackleak lab's kernel code (docs/labs/stackleak.md), included by the
# Makefile only with `make LAB=stackleak`. spawn_log.c logs every failed
# spawn on the console: the linker's --wrap sends the syscall table's entry
# for spawn (kernel/syscall_table.c) to __wrap_sys_spawn, which calls the real one.
SRCS			+= labs/stackleak/spawn_log.c
LDFLAGS			+= --wrap=sys_spawn

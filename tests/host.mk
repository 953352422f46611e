# Host tests and host benchmarks: lib/, the CRNG, the ELF checks (kernel/
# elf.c) and the path walk (fs/) built for the machine we run on, with Criterion, AddressSanitizer and
# UndefinedBehaviorSanitizer.
# Everything under lib/ must compile here; that is what keeps it pure.
# Included by the top-level Makefile.

HOSTCC		?= gcc
HOST_BUILD	:= $(O)/host
# C_FLAGS_ALL and C_FLAGS_SANITIZE: the top-level Makefile's.
HOST_CFLAGS	:= $(C_FLAGS_ALL) -O1 -Iinclude -Itests/host $(C_FLAGS_SANITIZE) -DHOST_TEST
HOST_LDLIBS	:= -lcriterion

# lib/string.c and lib/vsprintf.c define memcpy, snprintf, ...: on the host
# those names belong to libc, so the host build renames ours
# (tests/host/libc-rename.h).
HOST_RENAMED_SRCS := lib/string.c lib/vsprintf.c lib/fdt.c lib/strace.c
# The device-tree parsers of the arches that boot with one (ARCH_DT): pure code, built
# renamed as lib/fdt.c is, each with its own arch's headers.
HOST_ARCH_DT_SRCS := $(wildcard arch/*/dt.c)
HOST_LIB_SRCS	:= $(filter-out $(HOST_RENAMED_SRCS),$(wildcard lib/*.c lib/*/*.c)) \
		   $(wildcard kernel/random.c) kernel/elf.c kernel/spinlock.c
# The path walk and getdents64's packing (fs/): pure code on the tree of dentries; the
# tests give them kmalloc (tests/host/test_fs.c).
HOST_FS_SRCS	:= fs/dcache.c fs/inode.c fs/lookup.c fs/readdir.c
# x86_64's instruction decoder (arch/x86_64/insn.c): pure code, with its arch's headers.
HOST_ARCH_INSN_SRCS := arch/x86_64/insn.c
# tests/host/arch_stubs.c: the arch.h hooks kernel/random.c calls, as test stubs,
# and the two kernel functions kernel/spinlock.c calls (panic, smp_call_pending).
HOST_TEST_SRCS	:= $(wildcard tests/host/test_*.c) tests/host/arch_stubs.c
HOST_RENAMED_OBJS := $(patsubst %.c,$(HOST_BUILD)/renamed/%.o,$(HOST_RENAMED_SRCS) \
		     $(HOST_ARCH_DT_SRCS))
HOST_OBJS	:= $(patsubst %.c,$(HOST_BUILD)/%.o,$(HOST_LIB_SRCS) $(HOST_FS_SRCS) $(HOST_TEST_SRCS) \
		     $(HOST_ARCH_INSN_SRCS)) \
		   $(HOST_RENAMED_OBJS)
HOST_TESTS_BIN	:= $(HOST_BUILD)/host-tests

$(HOST_BUILD)/renamed/%.o: %.c tests/host/libc-rename.h
	$(Q)mkdir -p $(@D)
	$(call quiet,HOSTCC,$<)$(HOSTCC) $(HOST_CFLAGS) -include tests/host/libc-rename.h -MMD -c -o $@ $<

$(HOST_BUILD)/renamed/arch/%/dt.o: arch/%/dt.c tests/host/libc-rename.h
	$(Q)mkdir -p $(@D)
	$(call quiet,HOSTCC,$<)$(HOSTCC) $(HOST_CFLAGS) -Iarch/$*/include \
		-include tests/host/libc-rename.h -MMD -c -o $@ $<

$(HOST_BUILD)/arch/x86_64/%.o: arch/x86_64/%.c
	$(Q)mkdir -p $(@D)
	$(call quiet,HOSTCC,$<)$(HOSTCC) $(HOST_CFLAGS) -Iarch/x86_64/include -MMD -c -o $@ $<

$(HOST_BUILD)/%.o: %.c
	$(Q)mkdir -p $(@D)
	$(call quiet,HOSTCC,$<)$(HOSTCC) $(HOST_CFLAGS) -MMD -c -o $@ $<

$(HOST_TESTS_BIN): $(HOST_OBJS)
	$(call quiet,HOSTLD,$@)$(HOSTCC) $(HOST_CFLAGS) -o $@ $^ $(HOST_LDLIBS)

-include $(HOST_OBJS:.o=.d)

# The benchmark is a program, not a test: optimised, no sanitizers.
HOST_BENCH_CFLAGS := $(C_FLAGS_ALL) -O2 -Iinclude -Itests/host -DHOST_TEST
HOST_BENCH_BIN	:= $(HOST_BUILD)/bench-host

$(HOST_BENCH_BIN): bench/bench-host.c $(HOST_LIB_SRCS) $(HOST_RENAMED_SRCS) tests/host/libc-rename.h \
		tests/host/arch_stubs.c
	$(Q)mkdir -p $(@D)
	$(call quiet,HOSTCC,$@)$(HOSTCC) $(HOST_BENCH_CFLAGS) -o $@ bench/bench-host.c \
		tests/host/arch_stubs.c $(HOST_LIB_SRCS) -include tests/host/libc-rename.h \
		$(HOST_RENAMED_SRCS)

.PHONY: host-tests bench-host
host-tests: $(HOST_TESTS_BIN)
	$(Q)$(HOST_TESTS_BIN) $(if $(T),--filter='$(T)*/*')

bench-host: $(HOST_BENCH_BIN)
	$(Q)$(HOST_BENCH_BIN)

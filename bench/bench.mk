# bench (bench/bench.c, docs/benchmarks.md): one static binary per arch, built
# against Debian's libc as tests/linux/linux.mk builds its programs (glibc;
# loongarch: the musl of tests/linux/build-musl, as no glibc runs on QEMU 7.2,
# which has no LSX), with trapdoor's syscall.S and counter.S. The same file is
# trapdoor's /bin/bench (user/user.mk packs it) and Linux's /init in
# make bench-linux (bench/linux/run asks print-bench-elf for it). Not
# stripped: make profile finds profile_begin/profile_end in its symbols.
# Included by the top-level Makefile, after tests/linux/linux.mk.

BENCH_BUILD	:= $(BUILD)/bench
BENCH_ELF	:= $(BENCH_BUILD)/bench.elf
# glibc where Debian has it for the arch, else musl.
BENCH_LIBC	:= $(firstword $(LINUX_LIBCS))
# The compiler without linker inputs and linker options (loongarch's musl command has both).
BENCH_CC	:= $(filter-out %.o -nostdlib -fuse-ld=% --ld-path=%,$(call linux_cc,$(BENCH_LIBC)))
# The number of offset modes, from the kernel's uapi header, which bench.c cannot
# include beside libc's: a mode added there (the offset lab) reaches bench too.
BENCH_NR_KSTACK_MODES := $(shell sed -n 's/^\#define NR_KSTACK_MODES[[:space:]]*//p' include/uapi/trapdoor.h)
BENCH_CFLAGS	:= -O2 -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP \
		   -DBENCH_NR_KSTACK_MODES=$(BENCH_NR_KSTACK_MODES)
BENCH_OBJS	:= $(addprefix $(BENCH_BUILD)/,bench.o trapdoor-calls.o syscall.o counter.o)

# A missing glibc: say which package has it (loongarch's musl has its own rule).
ifeq ($(BENCH_LIBC),glibc)
$(call linux_libc_file,glibc):
	$(error bench needs $@: install $(lastword $(subst :, ,$(LINUX_GLIBC_PKG_$(ARCH)))) (or run make deps))
endif

$(BENCH_BUILD)/bench.o: bench/bench.c include/uapi/trapdoor.h $(call linux_libc_file,$(BENCH_LIBC))
	$(Q)mkdir -p $(@D)
	$(call quiet,CC,$< [$(BENCH_LIBC)])$(BENCH_CC) $(BENCH_CFLAGS) -c -o $@ $<

# No libc header here: trapdoor's uapi headers only.
$(BENCH_BUILD)/trapdoor-calls.o: bench/trapdoor-calls.c $(call linux_libc_file,$(BENCH_LIBC))
	$(Q)mkdir -p $(@D)
	$(call quiet,CC,$< [$(BENCH_LIBC)])$(BENCH_CC) $(BENCH_CFLAGS) -ffreestanding \
		-Iinclude -Iarch/$(ARCH)/include/uapi -c -o $@ $<

$(BENCH_BUILD)/%.o: user/lib/arch/$(ARCH)/%.S $(call linux_libc_file,$(BENCH_LIBC))
	$(Q)mkdir -p $(@D)
	$(call quiet,AS,$< [$(BENCH_LIBC)])$(BENCH_CC) $(BENCH_CFLAGS) -D__ASSEMBLY__ \
		-Wa,--noexecstack -c -o $@ $<

$(BENCH_ELF): $(BENCH_OBJS)
	$(call quiet,LD,$@)$(call linux_cc,$(BENCH_LIBC)) -static -o $@ $(BENCH_OBJS) \
		$(call linux_libs,$(BENCH_LIBC))

bench-elf: $(BENCH_ELF)

print-bench-elf:
	@echo $(BENCH_ELF)

-include $(BENCH_OBJS:.o=.d)

.PHONY: bench-elf print-bench-elf

# trapdoor — top-level Makefile. `make help` lists the targets and variables.
#
# Conventions are Linux's: ARCH=, CROSS_COMPILE=, LLVM=1, O=, V=1.
# Each architecture describes its toolchain flags and its QEMU command line in
# one place, arch/<arch>/Makefile.arch; this file holds everything common.

VERSION		:= 0.1

ALL_ARCHES	:= x86_64 arm64 riscv powerpc s390 loongarch
# make bench and bench-linux: which to run (ARCHES="riscv arm64").
ARCHES		?= $(ALL_ARCHES)

# Accept the names uname -m and Debian use as well as Linux's directory names.
arch_alias	= $(strip $(patsubst aarch64,arm64,$(patsubst riscv64,riscv,\
		  $(patsubst ppc64,powerpc,$(patsubst ppc64le,powerpc,$(patsubst powerpc64,powerpc,\
		  $(patsubst s390x,s390,$(patsubst loongarch64,loongarch,$(patsubst amd64,x86_64,$(1))))))))))

HOST_ARCH	:= $(call arch_alias,$(shell uname -m))
ARCH		?= $(HOST_ARCH)
override ARCH	:= $(call arch_alias,$(ARCH))

ifeq ($(filter $(ARCH),$(ALL_ARCHES)),)
$(error ARCH=$(ARCH) is not one of: $(ALL_ARCHES) (aliases: aarch64 riscv64 ppc64 s390x loongarch64))
endif

O		?= build
V		?= 0
ifeq ($(V),1)
quiet		=
Q		:=
else
quiet		= @printf '  %-8s %s\n' '$(1)' '$(2)';
Q		:= @
endif

# --- toolchain -------------------------------------------------------------
# Per-arch facts: ARCH_CROSS_COMPILE, GCC_PKG, CLANG_TARGET, ARCH_CFLAGS,
# ARCH_CFLAGS_GCC, ARCH_CFLAGS_CLANG, ARCH_LDFLAGS, UTS_MACHINE, LLVM_ONLY,
# QEMU, QEMU_PKG, QEMU_FLAGS, QEMU_EXIT_PASS, FIRMWARE, FIRMWARE_PKG, GDB_ARCH.
-include arch/$(ARCH)/Makefile.arch

LLVM_SUFFIX	?= -19
ifeq ($(LLVM_ONLY),1)
override LLVM	:= 1
endif

ifeq ($(LLVM),1)
CC		:= clang$(LLVM_SUFFIX) --target=$(CLANG_TARGET)
CC_BIN		:= clang$(LLVM_SUFFIX)
CC_PKG		:= clang$(LLVM_SUFFIX)
LD		:= ld.lld$(LLVM_SUFFIX)
LD_PKG		:= lld$(LLVM_SUFFIX)
OBJDUMP		:= llvm-objdump$(LLVM_SUFFIX)
NM		:= llvm-nm$(LLVM_SUFFIX)
TOOLCHAIN_CFLAGS := $(ARCH_CFLAGS_CLANG)
TOOLCHAIN_LDFLAGS :=
BUILD		:= $(O)/$(ARCH)-llvm
else
ifeq ($(ARCH),$(HOST_ARCH))
CROSS_COMPILE	?=
else
CROSS_COMPILE	?= $(ARCH_CROSS_COMPILE)
endif
CC		:= $(CROSS_COMPILE)gcc
CC_BIN		:= $(CC)
CC_PKG		:= $(if $(CROSS_COMPILE),$(GCC_PKG),gcc)
LD		:= $(CROSS_COMPILE)ld
LD_PKG		:= $(if $(CROSS_COMPILE),binutils-$(patsubst %-,%,$(CROSS_COMPILE)),binutils)
OBJDUMP		:= $(CROSS_COMPILE)objdump
NM		:= $(CROSS_COMPILE)nm
# GCC turns byte loops into calls to memcpy/memset — fatal inside memcpy itself.
TOOLCHAIN_CFLAGS := $(ARCH_CFLAGS_GCC) -fno-tree-loop-distribute-patterns
# Where an arch does not page its kernel, the image is one RWX segment
# (docs/hardening-*.md say which): no warning for that.
TOOLCHAIN_LDFLAGS := --no-warn-rwx-segments
BUILD		:= $(O)/$(ARCH)
endif

# DEBUG=1: a kernel to step through in gdb (docs/debugging.md). -Og keeps each
# source line's code together and in order, so `next` and `step` follow the
# source; frame pointers stay on. It builds in its own directory,
# $(O)/<arch>-debug ($(O)/<arch>-llvm-debug with LLVM=1), so its objects never
# mix with the -O2 build's. The user programs keep -O2.
DEBUG		?= 0
ifeq ($(DEBUG),1)
DEBUG_CFLAGS	:= -Og -fno-omit-frame-pointer
BUILD		:= $(BUILD)-debug
else
DEBUG_CFLAGS	:=
endif

# This QEMU's version ("7.2.22"), and $(call qemu_before,10.0): non-empty if
# it is older than that (both evaluated only where used).
QEMU_VERSION	= $(shell $(QEMU) --version 2>/dev/null | sed -n 's/^QEMU emulator version \([0-9.]*\).*/\1/p')
qemu_before	= $(if $(filter $(1),$(firstword $(shell printf '%s\n' $(1) $(QEMU_VERSION) | sort -V))),,yes)

define newline


endef

# One friendly error instead of "command not found" deep inside a recipe.
need_tool	= $(if $(shell command -v $(1) 2>/dev/null),,$(error $(1) not found: \
		  install it with `apt-get install $(2)` (or run `make deps`)))

# --- compiler flags --------------------------------------------------------
# Defined once, here, for every build: the kernel (below), the user programs
# (user/user.mk), the host tests and benchmark (tests/host.mk) and the host
# fuzz targets (tests/fuzz/fuzz.mk).
#   C_FLAGS_ALL          every build: the language and the warnings, as errors
#   C_FLAGS_FREESTANDING kernel and user programs: no libc, no hidden runtime
#   C_FLAGS_SANITIZE     host tests and fuzz targets: ASan and UBSan, fatal
# Every function and every object in a section of its own, so that the link's
# --gc-sections (LD_FLAGS_GC_SECTIONS, kernel and user programs, GNU ld and lld)
# drops whatever nothing calls or reads. What nothing references but must stay
# (the entry, vectors an address register points at, notes the loader reads) is
# KEEP() in the linker script (arch/<arch>/kernel.lds, user/user.lds.S).
C_FLAGS_GC_SECTIONS := -ffunction-sections -fdata-sections
LD_FLAGS_GC_SECTIONS := --gc-sections
C_FLAGS_ALL	:= -std=c11 -g -Wall -Wextra -Werror
C_FLAGS_FREESTANDING := $(C_FLAGS_ALL) -ffreestanding -fno-builtin -O2 -Wno-unused-parameter \
		   -fno-common -fno-stack-protector -fno-pie -fno-pic -fno-strict-aliasing \
		   -fno-asynchronous-unwind-tables -fno-unwind-tables $(C_FLAGS_GC_SECTIONS)
C_FLAGS_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# --- what we build ---------------------------------------------------------
# The kernel's preprocessor flags (sparse gets the same ones), then its compiler flags.
KERNEL_CPPFLAGS	:= -Iinclude -Iarch/$(ARCH)/include -Iarch/$(ARCH)/include/uapi -I$(BUILD)/generated \
		   -DUTS_MACHINE='"$(UTS_MACHINE)"' -DTRAPDOOR_VERSION='"$(VERSION)"'
CFLAGS		:= $(C_FLAGS_FREESTANDING) -fno-omit-frame-pointer $(KERNEL_CPPFLAGS) \
		   -MMD -MP $(ARCH_CFLAGS) $(TOOLCHAIN_CFLAGS) $(DEBUG_CFLAGS) $(EXTRA_CFLAGS)
# Every kernel object reports its functions' frame sizes (x.su beside x.o):
# the link checks them against the stackleak search depth (tools/check-frames).
KERNEL_CFLAGS	:= $(CFLAGS) -fstack-usage -DCONFIG_LIB_TRACK_STACK
LDFLAGS		:= -nostdlib -static --build-id=none -z noexecstack $(LD_FLAGS_GC_SECTIONS) \
		   -T arch/$(ARCH)/kernel.lds $(ARCH_LDFLAGS) $(TOOLCHAIN_LDFLAGS)

# What every kernel contains, file by file (no wildcards: a file joins an image by
# being named here): the same arch file set on all six (tools/check-arch checks it),
# this arch's own devices (ARCH_DEVICES, in arch/<arch>/drivers/), the common drivers
# it asks for (ARCH_DRIVERS, in drivers/), the device-tree parser of an arch that
# boots with a device tree (ARCH_DT: arm64, riscv), the files of a job only this arch
# has (ARCH_OWN_FILES, in arch/<arch>/), the common kernel and the library code the
# kernel calls. lib/stats.c and lib/gf2.c are the user programs' alone
# (user/user.mk); lib/fdt.c goes only where a device tree is read.
ARCH_FILES	:= head.S entry.S setup.c cpufeature.c firmware.c traps.c process.c time.c entropy.c mm.c console.c smp.c
KERNEL_FILES	:= kernel/bench.c kernel/cmdline.c kernel/config.c kernel/elf.c \
		   kernel/exec.c kernel/exit.c kernel/fork.c kernel/hardening.c kernel/initramfs.c \
		   kernel/kallsyms.c \
		   kernel/lkdtm.c kernel/main.c \
		   kernel/panic.c kernel/pgrp.c kernel/pipe.c kernel/printk.c \
		   kernel/random.c kernel/randomize_kstack.c kernel/reboot.c kernel/resource.c \
		   kernel/sched.c kernel/signal.c kernel/smp.c kernel/spinlock.c \
		   kernel/stackleak.c kernel/stackleak_erase.c kernel/stats.c kernel/sys.c \
		   kernel/syscall.c kernel/syscall_table.c kernel/task.c kernel/time.c kernel/trace.c kernel/traps.c kernel/tty.c \
		   kernel/wait.c
KERNEL_FILES	+= mm/memory.c mm/mmap.c mm/page_alloc.c mm/slab.c mm/uaccess.c
KERNEL_FILES	+= $(addprefix fs/,dcache.c devices.c file.c file_table.c fs_struct.c init.c inode.c ioctl.c \
		     lookup.c open.c proc.c ramfs.c read_write.c readdir.c select.c stat.c)
# The file calls that change names, the working directory and umask.
KERNEL_FILES	+= fs/namei.c fs/cwd.c fs/access.c fs/old_calls.c
KERNEL_FILES	+= $(addprefix kernel/selftest/,run.c boot.c lib.c arch.c random.c exec.c task.c \
		     cmdline.c smp.c pgtable.c mm.c)
KERNEL_LIB_FILES := lib/cpio.c lib/cpumask.c lib/kallsyms.c lib/string.c lib/vsprintf.c \
		   lib/crypto/blake2s.c lib/crypto/chacha20.c lib/prandom/prandom.c \
		   lib/prandom/selftest.c $(if $(ARCH_DT),lib/fdt.c)
SRCS		:= $(addprefix arch/$(ARCH)/,$(ARCH_FILES) $(ARCH_DT) $(ARCH_OWN_FILES) \
		     $(addprefix drivers/,$(ARCH_DEVICES))) \
		   $(ARCH_DRIVERS) $(KERNEL_FILES) $(KERNEL_LIB_FILES)

# tests/registry, as the header the test image's kernel (kernel/selftest/run.c) and
# init (user/init.c) include: every object waits for it (order-only), and the
# compiler's dependency files rebuild the two that include it when it changes.
GEN_REGISTRY	:= $(BUILD)/generated/test_registry.h
REGISTRY_GROUPS	:= $(shell tools/gen-registry --groups tests/registry)

$(GEN_REGISTRY): tests/registry tools/gen-registry
	$(Q)mkdir -p $(@D)
	$(call quiet,GEN,$@)tools/gen-registry tests/registry > $@.$$$$.tmp && mv $@.$$$$.tmp $@

ifneq ($(filter check,$(MAKECMDGOALS)),)
ifneq ($(T),)
ifeq ($(filter $(T),$(REGISTRY_GROUPS)),)
$(error T=$(T) is no group of tests/registry; the groups: $(REGISTRY_GROUPS))
endif
endif
endif

# Image variants, each built in its own object directory:
#   default        the demo `make run` boots
#   test           in-kernel tests (CONFIG_KTEST), booted by `make check`
#   broken-undef   executes an undefined instruction at boot (runner self-test)
#   broken-hang    spins at boot (runner self-test)
VARIANTS	:= default test broken-undef broken-hang
VARIANT_CFLAGS_default :=
VARIANT_CFLAGS_test := -DCONFIG_KTEST
VARIANT_CFLAGS_broken-undef := -DCONFIG_BROKEN_UNDEF
VARIANT_CFLAGS_broken-hang := -DCONFIG_BROKEN_HANG
image_name	= $(BUILD)/trapdoor$(if $(filter default,$(1)),,-$(1)).elf

include tests/linux/linux.mk
include bench/bench.mk
include user/user.mk
include tests/busybox/busybox.mk
INITRAMFS_OBJ := $(BUILD)/initramfs_data.o

# The stackleak erase's search depth as this build sees it (include/trapdoor/
# stackleak.h): a kernel frame bigger than it must call stackleak_track_stack()
# (docs/stackleak.md, section 4). A function exempt from that says so itself
# (__stackleak_frame_exempt, include/trapdoor/compiler.h): do_syscall(), whose
# dynamic part is the offset's gap, and boot code that never runs on a task's stack.
# The erase runs where the dispatcher's frame was and must keep no more on the
# stack than that frame covered (kernel/stackleak_erase.c): no frame pointer for
# it, and check-frames holds its frame to STACKLEAK_ERASER_FRAME (Makefile.arch;
# 0, the default, where the call instruction puts nothing on the stack).
CFLAGS_kernel/stackleak_erase.c := -O2 -fomit-frame-pointer
STACKLEAK_ERASER_FRAME ?= 0
STACKLEAK_DEPTH_CMD = printf '\#include <trapdoor/stackleak.h>\nSTACKLEAK_SEARCH_DEPTH\n' | \
		  $(CC) $(filter-out -MMD -MP,$(CFLAGS)) -E -P -x c - | tail -n 1

define variant_rules
$(1)_OBJS := $$(patsubst %,$(BUILD)/obj-$(1)/%.o,$$(basename $$(SRCS)))
$(1)_SUS := $$(patsubst %.c,$(BUILD)/obj-$(1)/%.su,$$(filter %.c,$$(SRCS)))

# One compile makes both the object and its frame-size report. (clang writes
# no report for a file without functions, e.g. kernel/selftest/*.c outside the test
# image; touch makes the empty one GCC would have written.)
$(BUILD)/obj-$(1)/%.o $(BUILD)/obj-$(1)/%.su: %.c arch/$(ARCH)/Makefile.arch | $(GEN_REGISTRY)
	$$(Q)mkdir -p $$(@D)
	$$(call quiet,CC,$$<)$$(CC) $$(KERNEL_CFLAGS) $$(CFLAGS_$$<) $$(VARIANT_CFLAGS_$(1)) -c \
		-o $$(basename $$@).o $$< && touch $$(basename $$@).su

$(BUILD)/obj-$(1)/%.o: %.S arch/$(ARCH)/Makefile.arch
	$$(Q)mkdir -p $$(@D)
	$$(call quiet,AS,$$<)$$(CC) $$(CFLAGS) $$(VARIANT_CFLAGS_$(1)) -D__ASSEMBLY__ -c -o $$@ $$<

# The ELF, a disassembly listing to read (xv6's kernel.asm) and a symbol map.
# Two links, as Linux's kallsyms does: the first with an empty symbol table,
# the second with the table tools/gen-kallsyms makes from the first's nm -n
# (include/trapdoor/kallsyms.h). The table sits in .rodata, after all text, so
# no text symbol may move between the two: the build fails if one did.
$(1)_KSYMS	:= $(BUILD)/obj-$(1)/kallsyms
$(call image_name,$(1)): $$($(1)_OBJS) $$($(1)_SUS) $$(INITRAMFS_OBJ) \
		arch/$(ARCH)/kernel.lds tools/check-frames include/trapdoor/stackleak.h tools/gen-kallsyms
	$$(call quiet,FRAMES,$$@)tools/check-frames "$$$$($$(STACKLEAK_DEPTH_CMD))" $$(OBJDUMP) \
		"stackleak_erase_on_task_stack=$$(STACKLEAK_ERASER_FRAME)" $$($(1)_SUS)
	$$(Q)tools/gen-kallsyms < /dev/null > $$($(1)_KSYMS)0.S
	$$(Q)$$(CC) $$(CFLAGS) -D__ASSEMBLY__ -c -o $$($(1)_KSYMS)0.o $$($(1)_KSYMS)0.S
	$$(call quiet,LD,$$@ [1])$$(LD) $$(LDFLAGS) -o $$($(1)_KSYMS)0.elf $$($(1)_OBJS) \
		$$(INITRAMFS_OBJ) $$($(1)_KSYMS)0.o
	$$(call quiet,KSYMS,$$($(1)_KSYMS).S)$$(NM) -n $$($(1)_KSYMS)0.elf | tools/gen-kallsyms \
		> $$($(1)_KSYMS).S
	$$(Q)$$(CC) $$(CFLAGS) -D__ASSEMBLY__ -c -o $$($(1)_KSYMS).o $$($(1)_KSYMS).S
	$$(call quiet,LD,$$@)$$(LD) $$(LDFLAGS) -o $$@ $$($(1)_OBJS) $$(INITRAMFS_OBJ) \
		$$($(1)_KSYMS).o
	$$(Q)$$(NM) -n $$@ | tools/gen-kallsyms > $$($(1)_KSYMS)-check.S; \
	if ! cmp -s $$($(1)_KSYMS).S $$($(1)_KSYMS)-check.S; then \
		echo "kallsyms: text symbols moved between the two links of $$@:"; \
		diff $$($(1)_KSYMS).S $$($(1)_KSYMS)-check.S | head -n 6; rm -f $$@; exit 1; fi
	$$(call quiet,OBJDUMP,$$(@:.elf=.asm))$$(OBJDUMP) -d -S $$@ > $$(@:.elf=.asm)
	$$(call quiet,NM,$$(@:.elf=.map))$$(NM) -n $$@ > $$(@:.elf=.map)

-include $$($(1)_OBJS:.o=.d)
endef

# make LAB=<name>: a lab's own kernel sources, for the labs that have some
# (labs/<name>/kernel.mk adds to SRCS and LDFLAGS;
# docs/labs/). Every image depends on a stamp holding LAB, so switching it
# relinks. Without LAB, or for a lab without kernel.mk, nothing changes.
LAB		?=
-include $(if $(LAB),labs/$(LAB)/kernel.mk)
LAB_STAMP	:= $(BUILD)/lab.stamp
.PHONY: FORCE
$(LAB_STAMP): FORCE
	$(Q)mkdir -p $(@D)
	$(Q)echo '$(LAB)' | cmp -s - $@ || echo '$(LAB)' > $@
$(foreach v,$(VARIANTS),$(call image_name,$(v))): $(LAB_STAMP)

$(foreach v,$(VARIANTS),$(eval $(call variant_rules,$(v))))

IMAGE		:= $(call image_name,default)
TEST_IMAGE	:= $(call image_name,test)

# --- sparse ----------------------------------------------------------------
# `make sparse`: sparse (Debian package sparse) over every C file of this
# arch's kernel (SRCS, as the test image sees them), with the kernel's -I/-D
# flags and __CHECKER__ defined, so that __user and __force
# (include/trapdoor/compiler.h) mean something. Any warning fails: a kernel
# dereference of a __user pointer is one (tests/sparse/bad_deref.c proves it
# in make test). sparse's --arch names are this arch's uname -m.
SPARSE		?= sparse
SPARSE_SRCS	?= $(filter %.c,$(SRCS))
SPARSE_FLAGS	:= --arch=$(UTS_MACHINE) -nostdinc -isystem $(shell gcc -print-file-name=include) \
		   -D__CHECKER__ -Wsparse-error -std=c11 -ffreestanding $(KERNEL_CPPFLAGS) \
		   $(filter -D% -U% -I%,$(ARCH_CFLAGS) $(EXTRA_CFLAGS)) $(VARIANT_CFLAGS_test)

# --- QEMU ------------------------------------------------------------------
# TIMEOUT_SCALE=2: every bound twice as long, for a slow machine (docs/testing.md):
# tools/run-qemu multiplies each boot's timeout by it, tools/bounded.sh each bounded
# QEMU's, tools/gradelib.py the graders' and tools/testsuite make test's.
TIMEOUT_SCALE	?=
ifneq ($(TIMEOUT_SCALE),)
ifeq ($(shell echo '$(TIMEOUT_SCALE)' | grep -Ex '[0-9]+(\.[0-9]+)?|\.[0-9]+'),)
$(error TIMEOUT_SCALE=$(TIMEOUT_SCALE) is not a positive number, e.g. 2 or 1.5)
endif
export TIMEOUT_SCALE
endif
RUN_TIMEOUT	?= 60
CHECK_TIMEOUT	?= 60
QEMU_EXTRA	?=
RUNNER		:= tools/run-qemu --arch $(ARCH) --pass-status $(QEMU_EXIT_PASS)
# Boot options (docs/boot-options.md): CMDLINE="kstack=off stackleak=off" reaches
# the kernel's command line on every arch. Most take QEMU's -append; an arch
# whose firmware does not pass it defines QEMU_APPEND in its Makefile.arch.
CMDLINE		?=
# Linux's "--": the words after it are init's argv, not options. What a target
# adds to CMDLINE goes before them (CMDLINE_OPTIONS, then the rest, then
# CMDLINE_INIT_ARGS); a CMDLINE without "--" is used as it is.
CMDLINE_OPTIONS	= $(if $(filter --,$(CMDLINE)),$(shell echo ' $(CMDLINE) ' | sed 's/ -- .*//'),$(CMDLINE))
CMDLINE_INIT_ARGS = $(if $(filter --,$(CMDLINE)),-- $(shell echo ' $(CMDLINE) ' | sed -n 's/ -- /\n/;s/^[^\n]*\n//p'))
ifndef QEMU_APPEND
QEMU_APPEND	= -append '$(1)'
endif
# SMP=N: the machine has N CPUs (QEMU -smp N; docs/smp.md); make check tells the
# test image (test.cpus=N), whose smp.online test fails if fewer came online.
SMP		?=
QEMU_SMP	= $(if $(SMP),-smp $(SMP))
# The CPU counts make test checks this arch with besides one: the first in the
# GCC pass, the last in the LLVM=1 pass (tools/testsuite). An arch that starts
# other CPUs sets it in its Makefile.arch (e.g. 2 4); empty: one CPU only.
SMP_TESTED	?=
# make check T=GROUP: only the tests of that group of tests/registry (test.group=).
BOOT_CMDLINE	= $(CMDLINE)
QEMU_CMD	= $(QEMU) $(QEMU_FLAGS) $(QEMU_SMP) $(if $(BOOT_CMDLINE),$(call QEMU_APPEND,$(BOOT_CMDLINE))) \
		  $(QEMU_EXTRA) -kernel
# make run on a terminal adds init.shell=1 (the shell after the demos), SCRIPT=file
# init.shell=script (the shell alone, reading the file on the console).
QEMU_CMD_SHELL	= $(QEMU) $(QEMU_FLAGS) $(QEMU_SMP) $(call QEMU_APPEND,init.shell=$(1) $(CMDLINE)) \
		  $(QEMU_EXTRA) -kernel
SCRIPT		?=

# BOOT=uboot: the firmware -> U-Boot -> kernel chain instead (docs/boot.md).
include boot/uboot.mk

.DEFAULT_GOAL	:= all
.PHONY: bench bench-boot bench-linux profile
.PHONY: all images run check soak debug gdbinit deps check-tools check-qemu check-versions test check-docs clean distclean help \
	sparse print-deps print-packages print-qemu print-gdb-arch print-lkdtm print-uts print-smp-tested print-build print-nm print-arches

all: check-tools $(IMAGE)

images: check-tools $(foreach v,$(VARIANTS),$(call image_name,$(v)))

# Build-time check: the compiler and linker for this ARCH/LLVM choice.
check-tools:
	$(call need_tool,$(CC_BIN),$(CC_PKG))
	$(call need_tool,$(LD),$(LD_PKG))

# Run-time check: QEMU and its firmware, then the versions of those and of
# the compiler against the tested ones (tools/check-versions: one line for an
# untested version, a stop for one known not to work).
check-qemu:
	$(call need_tool,$(QEMU),$(QEMU_PKG))
	$(if $(FIRMWARE),$(if $(wildcard $(FIRMWARE)),,$(error $(FIRMWARE) not found: \
		install it with `apt-get install $(FIRMWARE_PKG)` (or run `make deps`))))
	$(Q)$(CHECK_VERSIONS)

check-versions:
	$(Q)$(CHECK_VERSIONS)

CHECK_VERSIONS	= tools/check-versions --qemu $(QEMU) --cc $(CC_BIN) \
		$(if $(FIRMWARE),--firmware $(FIRMWARE) $(FIRMWARE_PKG))

# Boots the default image. On a terminal: the demos, then the shell (user/sh.c;
# poweroff or Ctrl-A X quits); with stdin not a terminal it runs the demos and
# powers off by itself. SCRIPT=file: the shell runs the file's lines, then powers
# off (a last poweroff is added, exit with BUSYBOX=1, and a first empty line: a byte that arrives
# before the kernel sets its UART up can be lost); docs/shell.md.
# make run boots two CPUs unless SMP= says otherwise (docs/smp.md), one under
# QEMU_EXTRA=-icount (QEMU runs the CPUs one at a time then, and riscv's second
# hart never starts: docs/smp.md, "riscv").
run: SMP := $(if $(findstring -icount,$(QEMU_EXTRA)),1,2)
run: deps-if-missing
	$(Q)$(MAKE) -s --no-print-directory all check-qemu
ifneq ($(SCRIPT),)
	$(Q){ echo && cat '$(SCRIPT)' && printf '\n$(if $(filter 1,$(BUSYBOX)),exit,poweroff)\n'; } > $(BUILD)/script.in
	$(Q)$(RUNNER) --timeout $(RUN_TIMEOUT) --log $(BUILD)/run.log --input $(BUILD)/script.in \
		-- $(call QEMU_CMD_SHELL,script) $(IMAGE)
else
	$(Q)if [ -t 0 ] && [ -t 1 ]; then \
		$(RUNNER) --timeout $(RUN_TIMEOUT) --log $(BUILD)/run.log --interactive-if-tty \
		-- $(call QEMU_CMD_SHELL,1) $(IMAGE); \
	else \
		$(RUNNER) --timeout $(RUN_TIMEOUT) --log $(BUILD)/run.log -- $(QEMU_CMD) $(IMAGE); \
	fi
endif

# Boots the test image: in-kernel tests, then init runs the user tests; one PASS/FAIL line each.
# T=GROUP runs one group of tests/registry.
check: BOOT_CMDLINE = $(strip $(CMDLINE_OPTIONS) $(if $(T),test.group=$(T)) \
		     $(if $(SMP),test.cpus=$(SMP)) $(ARCH_TEST_CMDLINE) $(CMDLINE_INIT_ARGS))
check: check-tools check-qemu $(TEST_IMAGE)
	$(Q)$(RUNNER) --timeout $(CHECK_TIMEOUT) --log $(BUILD)/check.log --count \
		-- $(QEMU_CMD) $(TEST_IMAGE)

# The fuzzer alone, long: one boot of the test image per seed in SOAK_SEEDS, each making
# SOAK_CALLS random syscalls (user/fuzz.c, through the init.fuzz= boot option).
SOAK_SEEDS	?= 1 2 3
SOAK_CALLS	?= 1000000
SOAK_TIMEOUT	?= 900
soak: check-tools check-qemu $(TEST_IMAGE)
	$(Q)$(foreach s,$(SOAK_SEEDS),echo "soak: $(ARCH), seed $(s), $(SOAK_CALLS) calls" && \
		$(RUNNER) --timeout $(SOAK_TIMEOUT) --quiet --log $(BUILD)/soak-$(s).log -- $(QEMU) \
		$(QEMU_FLAGS) $(call QEMU_APPEND,init.fuzz=$(s):$(SOAK_CALLS) $(CMDLINE)) \
		$(QEMU_EXTRA) -kernel $(TEST_IMAGE) && grep -a '^PASS\|^FAIL' $(BUILD)/soak-$(s).log && ) true

# One line: PASS if sparse says nothing about any file, else its warnings and FAIL.
sparse: $(GEN_REGISTRY)
	$(call need_tool,$(SPARSE),sparse)
	$(Q)fail=0; for f in $(SPARSE_SRCS); do \
		$(SPARSE) $(SPARSE_FLAGS) $$f || fail=1; \
	done; \
	if [ $$fail = 0 ]; then echo "PASS: sparse/$(ARCH): $(words $(SPARSE_SRCS)) files, no warning"; \
	else echo "FAIL: sparse/$(ARCH): see the warnings above"; exit 1; fi

# Boots a runner self-test image (BROKEN=undef or BROKEN=hang); must FAIL.
check-broken: check-tools check-qemu $(call image_name,broken-$(BROKEN))
	$(Q)$(RUNNER) --timeout $(CHECK_TIMEOUT) --log $(BUILD)/broken-$(BROKEN).log \
		-- $(QEMU_CMD) $(call image_name,broken-$(BROKEN))

# QEMU stopped before the first instruction, waiting for gdb on port GDB_PORT.
# DEBUG=1 debugs the -Og build (docs/debugging.md, the walk-through);
# VARIANT=test the test image, which takes crng.seed= (the same offsets on
# every run).
GDB_PORT	?= 1234
VARIANT		?= default
ifneq ($(filter debug gdbinit,$(MAKECMDGOALS)),)
ifneq ($(words $(filter $(VARIANT),$(VARIANTS))),1)
$(error VARIANT=$(VARIANT) is not one image variant of: $(VARIANTS))
endif
endif
DEBUG_IMAGE	:= $(call image_name,$(VARIANT))
debug: check-tools check-qemu gdbinit $(DEBUG_IMAGE)
	@echo "QEMU is waiting for a debugger. In another terminal:"
	@echo "    gdb-multiarch -x $(BUILD)/gdbinit"
	@echo "(quit QEMU with Ctrl-A X)"
	$(Q)$(QEMU_CMD) $(DEBUG_IMAGE) -gdb tcp:localhost:$(GDB_PORT) -S || [ $$? = $(QEMU_EXIT_PASS) ]

# The script gdb starts with: this arch, the symbols, trapdoor's own commands
# (tools/gdb/trapdoor.py: pt-regs, kstack-offset), connect, stop in start_kernel.
gdbinit:
	$(if $(GDB_ARCH),,$(error gdb-multiarch in Debian 12 does not know $(ARCH): \
		trace instead with `make ARCH=$(ARCH) run QEMU_EXTRA="-d int,in_asm -D qemu.log"`))
	$(Q)mkdir -p $(BUILD)
	$(Q)printf '%s\n' "set architecture $(GDB_ARCH)" "file $(abspath $(DEBUG_IMAGE))" \
		"source $(abspath tools/gdb/trapdoor.py)" 'set trapdoor-syscall-nr $(GDB_SYSCALL_NR)' \
		"set trapdoor-unistd $(abspath arch/$(ARCH)/include/uapi/asm/unistd.h)" \
		"target remote localhost:$(GDB_PORT)" "break start_kernel" "continue" > $(BUILD)/gdbinit.tmp
	$(Q)mv $(BUILD)/gdbinit.tmp $(BUILD)/gdbinit	# whole or not at all: a gdb may be reading it

# Installs every Debian package any target needs (apt-get as root, else prints
# the command). run and test call it when something is missing.
CLANG_FORMAT	?= clang-format-19
FORMAT_DEPS	:= $(CLANG_FORMAT):clang-format-19
HOST_DEPS	:= gcc:gcc make:make /usr/include/criterion/criterion.h:libcriterion-dev \
		   sparse:sparse git:git python3:python3 $(FORMAT_DEPS) \
		   clang$(LLVM_SUFFIX):clang$(LLVM_SUFFIX) \
		   /usr/lib/llvm$(LLVM_SUFFIX)/lib/clang/$(patsubst -%,%,$(LLVM_SUFFIX))/lib/linux/libclang_rt.fuzzer-$(shell uname -m).a:libclang-rt$(LLVM_SUFFIX)-dev
# make bench: the plots (bench/run).
BENCH_DEPS	:= python3:python3 /usr/lib/python3/dist-packages/matplotlib/__init__.py:python3-matplotlib
# make book: mkdocs and its theme; make test also opens the site in Chromium (docs/book.md).
BOOK_DEPS	:= mkdocs:mkdocs /var/lib/dpkg/info/mkdocs-material.list:mkdocs-material
BOOK_CHECK_DEPS	:= $(BOOK_DEPS) chromium:chromium
# Linux's syscall numbers per arch, which tools/check-syscall-numbers compares ours with, and
# qemu-user, which runs user/abitest, user/fstest and user/vfstest under Linux (tools/run-on-linux).
ABI_DEPS	:= /usr/include/x86_64-linux-gnu/asm/unistd_64.h:linux-libc-dev \
		   /usr/aarch64-linux-gnu/include/asm/unistd.h:linux-libc-dev-arm64-cross \
		   /usr/riscv64-linux-gnu/include/asm/unistd.h:linux-libc-dev-riscv64-cross \
		   /usr/powerpc64-linux-gnu/include/asm/unistd_64.h:linux-libc-dev-ppc64-cross \
		   /usr/s390x-linux-gnu/include/asm/unistd_64.h:linux-libc-dev-s390x-cross \
		   /usr/bin/qemu-aarch64-static:qemu-user-static
# The editor (docs/editor.md): make test runs clangd over every kernel C file.
EDITOR_DEPS	:= clangd$(LLVM_SUFFIX):clangd$(LLVM_SUFFIX)

# Every "command:package" pair of every arch (evaluated only where used).
ALL_DEPS	= $(HOST_DEPS) $(ABI_DEPS) $(BENCH_DEPS) $(BOOK_CHECK_DEPS) $(EDITOR_DEPS) $(foreach a,$(ALL_ARCHES),$(shell $(MAKE) -s \
		  --no-print-directory ARCH=$(a) print-deps))

deps:
	$(Q)tools/deps --install $(ALL_DEPS)

# The Debian packages make deps installs, one a line: the container's list
# (tools/container/packages is this output; make test compares the two).
print-packages:
	@printf '%s\n' $(sort $(foreach d,$(ALL_DEPS),$(lastword $(subst :, ,$(d)))))

deps-if-missing:
	$(Q)tools/deps --install $(shell $(MAKE) -s --no-print-directory ARCH=$(ARCH) print-deps)

# "command-or-file:package" pairs for tools/deps.
print-deps:
	@echo $(CC_BIN):$(CC_PKG) $(LD):$(LD_PKG) $(OBJDUMP):$(if $(filter 1,$(LLVM)),llvm$(LLVM_SUFFIX),$(LD_PKG)) \
		$(QEMU):$(QEMU_PKG) $(if $(FIRMWARE),$(FIRMWARE):$(FIRMWARE_PKG)) \
		$(if $(LLVM_ONLY),,clang$(LLVM_SUFFIX):clang$(LLVM_SUFFIX) ld.lld$(LLVM_SUFFIX):lld$(LLVM_SUFFIX) \
		llvm-objdump$(LLVM_SUFFIX):llvm$(LLVM_SUFFIX)) \
		gdb-multiarch:gdb-multiarch $(UBOOT_DEPS) $(LINUX_TEST_DEPS) $(BUSYBOX_DEPS)

print-qemu:
	@echo $(QEMU_CMD)

print-gdb-arch:
	@echo $(GDB_ARCH)

# The kernel/lkdtm.c tests that must end this arch's test image with a named
# Oops (LKDTM_FATAL in Makefile.arch; tools/testsuite boots each once).
print-lkdtm:
	@echo $(LKDTM_FATAL)

print-uts:
	@echo $(UTS_MACHINE)

# The CPU counts make test boots this arch's test image with (SMP_TESTED above).
print-smp-tested:
	@echo $(SMP_TESTED)

print-build:
	@echo $(BUILD)

# This build's nm (tools/testsuite reads the objects' symbols with it).
print-nm:
	@echo $(NM)

# One boot of the bench program (bench/bench.c; boot option bench=BENCH_ARGS) for bench/run;
# its log in BENCH_LOG.
# BENCH_ICOUNT=1 adds -icount shift=0: virtual time advances one ns per guest instruction.
BENCH_ARGS	?= smoke
BENCH_TIMEOUT	?= 900
BENCH_LOG	?= $(BUILD)/bench.log
bench-boot: all check-qemu
	$(Q)$(RUNNER) --timeout $(BENCH_TIMEOUT) --log $(BENCH_LOG) -- $(QEMU) $(QEMU_FLAGS) $(QEMU_SMP) \
		$(call QEMU_APPEND,$(strip $(CMDLINE_OPTIONS) bench=$(BENCH_ARGS) $(CMDLINE_INIT_ARGS))) \
		$(if $(filter 1,$(BENCH_ICOUNT)),-icount shift=0) $(QEMU_EXTRA) -kernel $(IMAGE)

# make profile: where one workload's instructions go, per function, under -icount shift=0
# (tools/profile, docs/profile.md). PROFILE=getpid|pipe|forkexec, PROFILE_N= operations;
# one CPU, whatever SMP says (the log would mix the CPUs).
PROFILE		?= getpid
PROFILE_N	?= 200
PROFILE_ROWS	?= 0
PROFILE_TIMEOUT	?= 120
PROFILE_LOG	?= $(BUILD)/profile-$(PROFILE).log
profile: all check-qemu
	$(Q)tools/profile --arch $(ARCH) --kernel $(IMAGE) --user $(BENCH_ELF) --nm $(NM) \
		--workload $(PROFILE) --ops $(PROFILE_N) --rows $(PROFILE_ROWS) --timeout $(PROFILE_TIMEOUT) \
		--log $(PROFILE_LOG) -- $(QEMU) $(QEMU_FLAGS) \
		$(call QEMU_APPEND,$(strip $(CMDLINE) bench=profile=$(PROFILE),ops=$(PROFILE_N),wait)) \
		$(QEMU_EXTRA) -kernel $(IMAGE)

# The benchmark on every arch (ARCHES= picks): tables and plots in docs/results/, raw figures
# in build/bench/ (bench/run, docs/benchmarks.md).
bench:
	$(Q)tools/deps --install $(BENCH_DEPS)
	$(Q)bench/run --arches "$(ARCHES)" $(if $(BOOTS),--boots $(BOOTS)) \
		$(if $(BENCH),--args "$(BENCH)")

# The Linux rows (x86_64 and arm64): bench/bench.c on Debian's linux-image (bench/linux/run).
BENCH_LINUX_DEPS := python3:python3 cpio:cpio dpkg-deb:dpkg gzip:gzip \
		   /usr/aarch64-linux-gnu/lib/libc.a:libc6-dev-arm64-cross \
		   aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu /usr/lib/x86_64-linux-gnu/libc.a:libc6-dev \
		   qemu-system-x86_64:qemu-system-x86 qemu-system-aarch64:qemu-system-arm
bench-linux:
	$(Q)tools/deps --install $(BENCH_DEPS) $(BENCH_LINUX_DEPS)
	$(Q)bench/linux/run --arches "$(filter x86_64 arm64,$(ARCHES))" $(if $(BOOTS),--boots $(BOOTS)) \
		$(if $(BENCH),--args "$(BENCH)")

# The architectures, defined once (ALL_ARCHES above); tools/testsuite reads them here.
print-arches:
	@echo $(ALL_ARCHES)

# The docs' output examples against the logs make test left in build/testsuite (tools/check-docs).
check-docs:
	$(Q)tools/check-docs

# The labs (docs/labs/index.md): make grade LAB=<name> [ARCHES="a b"] builds this
# tree, boots it on the lab's arches and scores each check (labs/<name>/grade.py),
# and writes build/grade-<name>/results.json (Gradescope's) and junit.xml, or
# GRADE_JSON= and GRADE_JUNIT=; CHECK=pattern grades only the checks whose names
# contain it (* and ? match any); make grade-selftest checks every grader against
# its solution, SOLUTIONS/<name>/solution.patch, in a scratch copy.
# A course (docs/instructors.md): make handout DEST=dir writes the students'
# tree, without the solutions; make autograder LAB=<name> the lab's Gradescope
# bundle, build/autograder-<name>.zip.
SOLUTIONS	?= labs
export SOLUTIONS
.PHONY: grade grade-selftest handout autograder
grade:
	$(if $(LAB),,$(error LAB= names the lab: $(shell tools/grade --list)))
	$(Q)ARCHES='$(if $(filter command line,$(origin ARCHES)),$(ARCHES))' GRADE_CHECK='$(CHECK)' \
		tools/grade $(LAB)

grade-selftest:
	$(Q)tools/grade --selftest $(LAB)

handout:
	$(if $(DEST),,$(error DEST= names the directory to write the handout into))
	$(Q)tools/handout $(DEST)

autograder:
	$(if $(LAB),,$(error LAB= names the lab: $(shell tools/grade --list)))
	$(Q)tools/handout --gradescope $(LAB) $(or $(DEST),build/autograder-$(LAB).zip)

# The container (Containerfile; docs/setup.md): Debian CONTAINER_RELEASE (13 or
# 12) with every package make deps installs. Its base is CONTAINER_BASE if set
# (e.g. debian:trixie from a registry), else a root mmdebstrap builds from
# Debian's archive, kept in ~/.cache/trapdoor (tools/container/run).
# make container IN="ARCH=riscv check" runs make IN inside it, this tree at /src.
CONTAINER_RELEASE ?= 13
CONTAINER_RUN	= tools/container/run --release $(CONTAINER_RELEASE) $(if $(CONTAINER_BASE),--base $(CONTAINER_BASE))
.PHONY: container-image container container-shell container-matrix
container-image:
	$(Q)$(CONTAINER_RUN) image

container:
	$(if $(IN),,$(error IN= names the make arguments to run inside, e.g. IN="ARCH=riscv check"))
	$(Q)$(CONTAINER_RUN) make $(IN)

container-shell:
	$(Q)$(CONTAINER_RUN) shell

# Debian 13 and Debian 12, each in its container: every arch builds, passes
# make check and boots make run </dev/null (tools/container/matrix).
container-matrix:
	$(Q)tools/container/matrix $(if $(CONTAINER_RELEASES),--releases "$(CONTAINER_RELEASES)")

# The book as a website (docs/book.md): docs/ in mkdocs.yml's reading order,
# into $(O)/book; any warning fails. book-check also checks every local link of
# the site and opens two pages in headless Chromium (tools/book/).
.PHONY: book book-check
book:
	$(Q)tools/deps --install $(BOOK_DEPS)
	$(Q)mkdocs build --strict --quiet --site-dir $(O)/book && echo "book: $(O)/book/index.html"

book-check: book
	$(Q)tools/deps --install $(BOOK_CHECK_DEPS)
	$(Q)tools/book/check-links $(O)/book
	$(Q)tools/book/check-browser --timeout $$(tools/scale-timeout 90) $(O)/book \
		"index.html=h:The trapdoor book,h:A guided tour,h:1. Boot" \
		"results/riscv.html=h:bench results: riscv,h:Plots,img:riscv-hist.svg,img:overhead.svg"

# The editor (docs/editor.md): compile_commands.json for clangd, this ARCH's
# kernel and user programs with the Makefile's own flags (the test image's, so
# the in-kernel tests are seen too); .clangd drops the flags clang lacks.
# COMPILE_COMMANDS=path writes it elsewhere (tools/check-clangd).
.PHONY: compile_commands.json
COMPILE_COMMANDS ?= compile_commands.json
COMPILE_COMMANDS_C := $(filter %.c,$(SRCS))
COMPILE_COMMANDS_USER := $(wildcard user/*.c user/lib/*.c user/lib/arch/$(ARCH)/*.c)
compile_commands.json: $(GEN_REGISTRY) $(USER_BUILD)/programs.h
	$(file >$(BUILD)/compile_commands.in,$(foreach f,$(COMPILE_COMMANDS_C),$(f)|$(BUILD)/obj-test/$(f:.c=.o)|$(CC) \
		$(KERNEL_CFLAGS) $(CFLAGS_$(f)) $(VARIANT_CFLAGS_test)$(newline))$(foreach \
		f,$(COMPILE_COMMANDS_USER),$(f)|$(USER_BUILD)/$(f:.c=.o)|$(CC) $(USER_CFLAGS) \
		$(if $(filter user/sh.c,$(f)),-I$(USER_BUILD))$(newline)))
	$(call quiet,GEN,$(COMPILE_COMMANDS) ($(ARCH)))tools/gen-compile-commands $(BUILD)/compile_commands.in \
		> $(COMPILE_COMMANDS).tmp && mv $(COMPILE_COMMANDS).tmp $(COMPILE_COMMANDS)

# make format: clang-format-19 over every C file with .clang-format, in place
# (tools/format; docs/style.md). make test fails on a file it would change.
.PHONY: format
format:
	$(Q)tools/deps --install $(FORMAT_DEPS)
	$(Q)CLANG_FORMAT=$(CLANG_FORMAT) tools/format

# Everything: host tests, then every architecture (tools/testsuite).
test:
	$(Q)tools/testsuite $(if $(ARCHES_TESTED),--arches "$(ARCHES_TESTED)")

clean:
	rm -rf $(BUILD)

distclean:
	rm -rf $(O)

include tests/host.mk
include tests/fuzz/fuzz.mk

help:
	@echo 'trapdoor $(VERSION) — a teaching microkernel for six architectures'
	@echo
	@echo 'Targets:'
	@echo '  all (default)  build the demo image: $(O)/<arch>/trapdoor.elf, .asm listing, .map symbols'
	@echo '  images         build every variant (default, test, broken-undef, broken-hang)'
	@echo '  run            boot the demo image in QEMU; on a terminal the shell follows the demos'
	@echo '                 (poweroff or Ctrl-A X quits); SCRIPT=file runs the file in the shell'
	@echo '  check          boot the test image: in-kernel and user tests, one PASS/FAIL line each'
	@echo '  check-broken   boot a must-fail image (BROKEN=undef|hang) to test the runner'
	@echo '  sparse         run sparse over every kernel C file of ARCH (__user checks); any warning fails'
	@echo '  soak           the syscall fuzzer alone: SOAK_CALLS (10^6) calls per seed in SOAK_SEEDS'
	@echo '  linux-test     the Linux-built test programs (tests/linux): under qemu-user, then here, compared'
	@echo '  linux-musl     loongarch: build musl from Debian 13'"'"'s source for those programs'
	@echo '  busybox        Debian'"'"'s busybox for ARCH, checked against tools/busybox.sha256 (run BUSYBOX=1 boots with it)'
	@echo '  busybox-test   the busybox scenarios (tests/busybox): under qemu-user, then here, compared'
	@echo '  debug          start QEMU halted, waiting for gdb-multiarch -x $(O)/<arch>/gdbinit'
	@echo '                 (DEBUG=1: $(O)/<arch>-debug/gdbinit; docs/debugging.md has the walk-through)'
	@echo '  test           everything: host tests; per arch: check, run, the runner self-tests,'
	@echo '                 gdb, crng.seed= boots; check again with LLVM=1; ends "N passed, N failed"'
	@echo '  check-docs     the docs'"'"' output examples against the logs of the last make test'
	@echo '                 (tools/check-docs --update PAGE rewrites a page'"'"'s examples from them)'
	@echo '  host-tests     host tests only (Criterion, ASan+UBSan)'
	@echo '  format         clang-format-19 over every C file (.clang-format, docs/style.md)'
	@echo '  fuzz-host      build and run the libFuzzer targets (ELF checks, boot options, vsnprintf,'
	@echo '                 FDT, user-range check), FUZZ_TIME seconds each; one PASS/FAIL line each'
	@echo '  grade          LAB=<name>: grade a lab (docs/labs/index.md); ARCHES= picks the arches,'
	@echo '                 CHECK=pattern the checks; also writes build/grade-<name>/results.json'
	@echo '                 (Gradescope) and junit.xml (GRADE_JSON=, GRADE_JUNIT=)'
	@echo '  grade-selftest every lab grader against its solution (scratch copies, GRADE_JOBS=2 at once);'
	@echo '                 SOLUTIONS=<dir>: the solutions are <dir>/<lab>/solution.patch (labs/)'
	@echo '  handout        DEST=<dir>: the students'"'"' tree, without solutions, one git commit (docs/instructors.md)'
	@echo '  autograder     LAB=<name>: its Gradescope bundle, build/autograder-<name>.zip (DEST= another)'
	@echo '  bench-host     host benchmark of the PRNG and CRNG: ns per call (and instructions where'
	@echo '                 perf works; docs/random.md has callgrind counts)'
	@echo '  bench          bench/bench.c on every arch (ARCHES=): TCG time and icount path length into'
	@echo '                 docs/results/, raw CSVs into build/bench/ (docs/benchmarks.md); BOOTS= TCG boots,'
	@echo '                 BENCH= bench arguments'
	@echo '  profile        instructions per function of one workload, exact (-icount, QEMU'"'"'s execution log):'
	@echo '                 PROFILE=getpid|pipe|forkexec, PROFILE_N= operations (docs/profile.md)'
	@echo '  bench-linux    the same program on Debian'"'"'s Linux (x86_64, arm64): rows in docs/results/'
	@echo '  book           the docs as a website in $(O)/book (mkdocs --strict; docs/book.md)'
	@echo '  book-check     make book, then check its links and open it in headless Chromium'
	@echo '  compile_commands.json  clangd'"'"'s compilation database for ARCH (docs/editor.md)'
	@echo '  deps           install every Debian package the targets need (as root)'
	@echo '  container-image  the container (Containerfile) for CONTAINER_RELEASE=13 or 12 (docs/setup.md)'
	@echo '  container      IN="ARCH=riscv check": make IN inside it;  container-shell: a shell there'
	@echo '  container-matrix  every arch built, checked and run in Debian 13 and 12 containers'
	@echo '  print-qemu     show the QEMU command line for ARCH'
	@echo '  clean          remove $(O)/<arch>;  distclean: remove $(O)'
	@echo
	@echo 'Variables:'
	@echo '  ARCH=          $(ALL_ARCHES) (default: the host, $(HOST_ARCH));'
	@echo '                 also aarch64 riscv64 ppc64 s390x loongarch64'
	@echo '  CROSS_COMPILE= GCC prefix (default per arch, e.g. aarch64-linux-gnu-)'
	@echo '  LLVM=1         build with clang$(LLVM_SUFFIX) and ld.lld$(LLVM_SUFFIX) (loongarch always does)'
	@echo '  O=dir          output directory (default: build)'
	@echo '  V=1            show full commands'
	@echo '  DEBUG=1        an -Og kernel with frame pointers for gdb, in $(O)/<arch>-debug'
	@echo '  VARIANT=       with debug: the image to debug, default or test (test takes crng.seed=)'
	@echo '  GDB_PORT=      with debug: the TCP port of QEMU'"'"'s gdb stub (default 1234)'
	@echo '  T=pattern      with host-tests: only Criterion tests whose suite starts with pattern;'
	@echo '                 with check: only the tests of that group of tests/registry, one of:'
	@echo '                 $(REGISTRY_GROUPS)'
	@echo '  FUZZ_TIME=     with fuzz-host: seconds per target (default 60; make test uses 10)'
	@echo '  FUZZ_TARGETS=  with fuzz-host: a subset of: elf cmdline vsprintf fdt uaccess'
	@echo '  ARCHES_TESTED= with test: a subset of arches, e.g. "riscv arm64"'
	@echo '  BROKEN=        with check-broken: undef or hang'
	@echo '  LAB=<name>     build with that lab'"'"'s own kernel sources, if it has any (docs/labs/)'
	@echo '  SOAK_SEEDS= SOAK_CALLS= SOAK_TIMEOUT=  with soak: seeds, calls per seed, seconds per boot'
	@echo '  CMDLINE=       boot options, e.g. "kstack=crng16 stackleak=off" (docs/boot-options.md)'
	@echo '  SMP=N          with run/check/bench-boot: N CPUs (QEMU -smp N); run defaults to 2, to 1 under -icount (docs/smp.md)'
	@echo '  BOOT=uboot     with run/check: boot through U-Boot (arm64, riscv; docs/boot.md)'
	@echo '  QEMU_EXTRA=    extra QEMU options, e.g. "-d int -D qemu.log"'
	@echo '  RUN_TIMEOUT= CHECK_TIMEOUT=  seconds before the runner calls a boot hung'
	@echo '  TIMEOUT_SCALE= multiply every bound (boots, graders, make test) by it, e.g. 2 (docs/testing.md)'
	@echo '  NO_COLOR=1     no colour for PASS/FAIL/OK on a terminal'

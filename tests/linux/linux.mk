# Linux test programs: tests/linux/*.c built as static Linux executables with
# Debian's libcs (glibc from libc6-dev-<arch>-cross, musl from musl-tools on
# x86_64, on loongarch a musl built from Debian 13's source by
# tests/linux/build-musl: make linux-musl), packed into the initramfs beside user/'s programs as
# /bin/linux-<name>-<libc>, and run by tools/linux-compare under qemu-user and
# under trapdoor (docs/user-abi.md). Included by the top-level Makefile.

LINUX_BUILD	:= $(BUILD)/linux
LINUX_SRCS	:= $(sort $(wildcard tests/linux/*.c))
LINUX_CFLAGS	:= -static -O2 -Wall -Wextra -Werror -s

# The libcs each arch has, and for each: "compiler:libc file:package" for tools/deps.
LINUX_GLIBC_CC	:= $(ARCH_CROSS_COMPILE)gcc
LINUX_GLIBC_PKG_x86_64	:= /usr/lib/x86_64-linux-gnu/libc.a:libc6-dev
LINUX_GLIBC_PKG_arm64	:= /usr/aarch64-linux-gnu/lib/libc.a:libc6-dev-arm64-cross
LINUX_GLIBC_PKG_riscv	:= /usr/riscv64-linux-gnu/lib/libc.a:libc6-dev-riscv64-cross
LINUX_GLIBC_PKG_powerpc	:= /usr/powerpc64-linux-gnu/lib/libc.a:libc6-dev-ppc64-cross
LINUX_GLIBC_PKG_s390	:= /usr/s390x-linux-gnu/lib/libc.a:libc6-dev-s390x-cross
LINUX_MUSL_CC_x86_64	:= musl-gcc
LINUX_MUSL_PKG_x86_64	:= /usr/lib/x86_64-linux-musl/libc.a:musl-tools
# loongarch: clang without LSX (QEMU 7.2 has none), musl's own start files, lld.
LINUX_MUSL_ROOT	:= $(LINUX_BUILD)/musl/sysroot
LINUX_MUSL_BUILT_loongarch := $(LINUX_MUSL_ROOT)/lib/libc.a
LINUX_MUSL_CC_loongarch	:= clang$(LLVM_SUFFIX) --target=loongarch64-linux-musl -mno-lsx -mno-lasx \
			   -nostdinc -isystem $(LINUX_MUSL_ROOT)/include -nostdlib \
			   -fuse-ld=lld --ld-path=$(shell command -v ld.lld$(LLVM_SUFFIX)) \
			   $(LINUX_MUSL_ROOT)/lib/crt1.o $(LINUX_MUSL_ROOT)/lib/crti.o
LINUX_MUSL_LIBS_loongarch := -L$(LINUX_MUSL_ROOT)/lib -lc -lgcc $(LINUX_MUSL_ROOT)/lib/crtn.o

LINUX_LIBCS	:= $(if $(LINUX_GLIBC_PKG_$(ARCH)),glibc) $(if $(LINUX_MUSL_CC_$(ARCH)),musl)
linux_cc	= $(if $(filter glibc,$(1)),$(LINUX_GLIBC_CC),$(LINUX_MUSL_CC_$(ARCH)))
linux_libc_file	= $(if $(filter glibc,$(1)),$(firstword $(subst :, ,$(LINUX_GLIBC_PKG_$(ARCH)))), \
		    $(or $(LINUX_MUSL_BUILT_$(ARCH)),$(firstword $(subst :, ,$(LINUX_MUSL_PKG_$(ARCH))))))
linux_libs	= $(if $(filter musl,$(1)),$(LINUX_MUSL_LIBS_$(ARCH)))
LINUX_TEST_DEPS	:= $(LINUX_GLIBC_PKG_$(ARCH)) $(LINUX_MUSL_PKG_$(ARCH)) \
		   $(if $(filter-out x86_64 loongarch,$(ARCH)),$(LINUX_GLIBC_CC):gcc-$(patsubst %-,%,$(ARCH_CROSS_COMPILE))) \
		   $(if $(LINUX_MUSL_BUILT_$(ARCH)),dpkg-source:dpkg-dev llvm-ar$(LLVM_SUFFIX):llvm$(LLVM_SUFFIX)) \
		   qemu-$(UTS_MACHINE)-static:qemu-user-static

# Every program with every libc of this arch: linux-<name>-<libc>. Only those
# whose libc is installed are built and packed; tools/linux-compare reports
# the others as failures.
LINUX_ALL_PROGS	:= $(foreach l,$(LINUX_LIBCS),$(foreach s,$(LINUX_SRCS),linux-$(basename $(notdir $(s)))-$(l)))
LINUX_PROGS	:= $(foreach l,$(LINUX_LIBCS),$(if $(wildcard $(call linux_libc_file,$(l))), \
		     $(foreach s,$(LINUX_SRCS),linux-$(basename $(notdir $(s)))-$(l))))

# $(1): program name, $(2): source, $(3): libc.
define linux_prog_rule
$(LINUX_BUILD)/$(1).elf: $(2) tests/linux/linux.mk
	$$(Q)mkdir -p $$(@D)
	$$(call quiet,CC,$$< [linux $(3)])$$(call linux_cc,$(3)) $$(LINUX_CFLAGS) -o $$@ $$< \
		$$(call linux_libs,$(3))
endef
$(foreach l,$(LINUX_LIBCS),$(foreach s,$(LINUX_SRCS), \
	$(eval $(call linux_prog_rule,linux-$(basename $(notdir $(s)))-$(l),$(s),$(l)))))

linux-programs: $(patsubst %,$(LINUX_BUILD)/%.elf,$(LINUX_PROGS))

# loongarch's musl: fetched and built once (tests/linux/build-musl).
$(LINUX_BUILD)/musl/sysroot/lib/libc.a: tests/linux/build-musl
	$(call quiet,MUSL,$(@D))LLVM_SUFFIX=$(LLVM_SUFFIX) tests/linux/build-musl $(LINUX_BUILD)/musl
linux-musl: $(LINUX_MUSL_BUILT_$(ARCH))

# The comparison (tools/linux-compare): each program under qemu-user, then one
# boot of trapdoor running them all from its shell. A make of its own after
# linux-musl, so that the programs built with that musl are in the image.
linux-test: linux-musl
	$(Q)$(MAKE) --no-print-directory linux-compare

linux-compare: all
	$(Q)tools/linux-compare --arch $(ARCH) --build $(BUILD) \
		--qemu-user qemu-$(UTS_MACHINE)-static --programs "$(LINUX_ALL_PROGS)" \
		--built "$(LINUX_PROGS)" --make "$(MAKE)"

print-linux-programs:
	@echo $(LINUX_ALL_PROGS)

.PHONY: linux-programs linux-musl linux-test linux-compare print-linux-programs

# Host fuzz targets (libFuzzer, clang-19, with ASan and UBSan): the code that
# parses untrusted input -- the ELF checks, the boot options, vsnprintf, the
# device tree, the user-range check, the initramfs's cpio reader. `make fuzz-host`
# builds and runs each for FUZZ_TIME seconds; tools/testsuite runs them briefly as part of `make test`.
# Seeds are tiny and in tree (tests/fuzz/corpus/<target>/); what a run finds
# goes to $(O)/fuzz/corpus/<target>/, a crash to $(O)/fuzz/<target>-crash-*.
# Included by the top-level Makefile.

FUZZ_CC		?= clang$(LLVM_SUFFIX)
FUZZ_BUILD	:= $(O)/fuzz
FUZZ_TIME	?= 60
FUZZ_TARGETS	:= elf cmdline vsprintf fdt uaccess cpio
# C_FLAGS_ALL and C_FLAGS_SANITIZE: the top-level Makefile's; libFuzzer on top.
FUZZ_CFLAGS	:= $(C_FLAGS_ALL) -O1 -Iinclude -Itests/host -Itests/fuzz \
		   -fsanitize=fuzzer $(C_FLAGS_SANITIZE) -DHOST_TEST
# As in tests/host.mk: our string and printf functions get a td_ prefix on the host.
FUZZ_RENAME	:= -include tests/host/libc-rename.h

# What each target links besides tests/fuzz/fuzz_<target>.c.
FUZZ_SRCS_elf	:= kernel/elf.c
FUZZ_SRCS_fdt	:=
FUZZ_SRCS_uaccess :=
FUZZ_SRCS_cpio	:= lib/cpio.c
FUZZ_RENAMED_vsprintf := lib/vsprintf.c lib/string.c
FUZZ_RENAMED_cmdline := kernel/cmdline.c lib/vsprintf.c lib/string.c
# lib/fdt.c and the arches' device-tree parsers (ARCH_DT), each with its arch's headers.
FUZZ_RENAMED_fdt := lib/fdt.c lib/string.c $(wildcard arch/*/dt.c)
FUZZ_FLAGS_cmdline := -DCONFIG_KTEST -include tests/fuzz/cmdline-host.h

FUZZ_BINS	:= $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_TARGETS))

define fuzz_rules
$(FUZZ_BUILD)/fuzz_$(1): tests/fuzz/fuzz_$(1).c $$(FUZZ_SRCS_$(1)) $$(FUZZ_RENAMED_$(1)) \
		tests/host/libc-rename.h tests/fuzz/cmdline-host.h tests/fuzz/fuzz.mk \
		$(wildcard include/trapdoor/*.h include/uapi/*.h arch/*/include/asm/dt.h)
	$$(call need_tool,$$(FUZZ_CC),clang$(LLVM_SUFFIX))
	$$(Q)mkdir -p $$(@D)/obj-$(1)
	$$(call quiet,FUZZCC,$$@)set -e; objs=; \
	for f in $$(FUZZ_RENAMED_$(1)); do \
		o=$$(@D)/obj-$(1)/$$$$(echo $$$$f | tr / -).o; \
		$$(FUZZ_CC) $$(FUZZ_CFLAGS) $$(FUZZ_FLAGS_$(1)) $$(FUZZ_RENAME) \
			-I$$$$(dirname $$$$f)/include -c -o $$$$o $$$$f; \
		objs="$$$$objs $$$$o"; \
	done; \
	$$(FUZZ_CC) $$(FUZZ_CFLAGS) -o $$@ tests/fuzz/fuzz_$(1).c $$(FUZZ_SRCS_$(1)) $$$$objs
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rules,$(t))))

.PHONY: fuzz-host fuzz-build
fuzz-build: $(FUZZ_BINS)

# One PASS/FAIL line per target (tools/run-fuzz).
fuzz-host: $(FUZZ_BINS)
	$(Q)tools/run-fuzz --time $(FUZZ_TIME) --build $(FUZZ_BUILD) $(FUZZ_TARGETS)

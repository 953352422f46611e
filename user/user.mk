# User programs: every user/<name>.c is one program (a file dropped into
# user/ is a program, as the labs do it). Each is its one file linked with the user
# library (USER_LIB_SRCS, file by file) at USER_TEXT_BASE (this arch's asm/page.h),
# with --gc-sections, and packed into the initramfs as /bin/<name>
# (INITRAMFS below), which the kernel image carries.
# Included by the top-level Makefile.

USER_BUILD	:= $(BUILD)/user
# C_FLAGS_FREESTANDING: the top-level Makefile's, shared with the kernel.
# arch/<arch>/include/uapi: the headers whose values differ by arch (<asm/ioctls.h>).
USER_CFLAGS	:= $(C_FLAGS_FREESTANDING) \
		   -Iinclude -Iarch/$(ARCH)/include/uapi -Iuser -I$(BUILD)/generated -MMD -MP $(ARCH_CFLAGS) $(TOOLCHAIN_CFLAGS) \
		   $(ARCH_USER_CFLAGS)

# Each program's source: user/<name>.c.
USER_PROG_SRCS	:= $(sort $(wildcard user/*.c))
USER_PROGS	:= $(sort $(basename $(notdir $(USER_PROG_SRCS))))
prog_obj	= $(USER_BUILD)/$(basename $(filter %/$(1).c,$(USER_PROG_SRCS))).o
USER_PROG_OBJS	:= $(patsubst %.c,$(USER_BUILD)/%.o,$(USER_PROG_SRCS))
USER_LIB_SRCS	:= user/lib/migrate.c user/lib/parse.c user/lib/printf.c user/lib/start.c \
		   user/lib/task.c \
		   $(addprefix user/lib/arch/$(ARCH)/,counter.S crt0.S faults.S regcheck.S syscall.S \
		     fault_cases.c userregs.c clone.c) \
		   $(wildcard user/lib/arch/$(ARCH)/srop.c) \
		   lib/string.c lib/vsprintf.c lib/stats.c lib/cpumask.c lib/gf2.c lib/prandom/prandom.c
USER_LIB_OBJS	:= $(patsubst %,$(USER_BUILD)/%.o,$(basename $(USER_LIB_SRCS)))
USER_ELFS	:= $(patsubst %,$(USER_BUILD)/%.elf,$(USER_PROGS))

# | $(GEN_REGISTRY): user/init.c includes the generated tests/registry table.
$(USER_BUILD)/%.o: %.c | $(GEN_REGISTRY)
	$(Q)mkdir -p $(@D)
	$(call quiet,CC,$< [user])$(CC) $(USER_CFLAGS) -c -o $@ $<

$(USER_BUILD)/%.o: %.S
	$(Q)mkdir -p $(@D)
	$(call quiet,AS,$< [user])$(CC) $(USER_CFLAGS) -Iarch/$(ARCH)/include -D__ASSEMBLY__ -c -o $@ $<

# The Linux test programs (tests/linux/linux.mk) and bench, the measurement
# built against a Linux libc (bench/bench.mk), go into /bin too.
INITRAMFS_PROGS	= $(USER_PROGS) bench $(LINUX_PROGS)
prog_elf	= $(if $(filter bench,$(1)),$(BENCH_ELF),$(if $(filter $(1),$(LINUX_PROGS)),$(LINUX_BUILD),$(USER_BUILD))/$(1).elf)

# The program names, rewritten only when they change: a program removed from
# user/ must leave the image (and sh's help) too, though no file left is newer.
$(USER_BUILD)/programs.list: FORCE
	$(Q)mkdir -p $(@D)
	$(Q)echo '$(INITRAMFS_PROGS)' | cmp -s - $@ || echo '$(INITRAMFS_PROGS)' > $@

# sh's help lists the programs: a table from each one's opening comment.
$(USER_BUILD)/programs.h: $(USER_PROG_SRCS) bench/bench.c tools/program-help $(USER_BUILD)/programs.list
	$(Q)mkdir -p $(@D)
	$(call quiet,GEN,$@)tools/program-help \
		$(foreach p,$(sort $(USER_PROGS) bench),$(filter %/$(p).c,$(USER_PROG_SRCS) bench/bench.c)) > $@

$(USER_BUILD)/user/sh.o: USER_CFLAGS += -I$(USER_BUILD)
$(USER_BUILD)/user/sh.o: $(USER_BUILD)/programs.h

$(USER_BUILD)/user.lds: user/user.lds.S arch/$(ARCH)/include/asm/page.h
	$(Q)mkdir -p $(@D)
	$(call quiet,CPP,$@)$(CC) -E -P -x c -D__ASSEMBLY__ -Iinclude -Iarch/$(ARCH)/include -o $@ $<

# Each program from its own object: $(1) is the program's name.
define user_prog_rule
$(USER_BUILD)/$(1).elf: $(call prog_obj,$(1)) $(USER_LIB_OBJS) $(USER_BUILD)/user.lds
	$$(call quiet,LD,$$@)$$(LD) -nostdlib -static --build-id=none -z noexecstack \
		$$(LD_FLAGS_GC_SECTIONS) $$(ARCH_LDFLAGS) $$(USER_LDFLAGS) $$(TOOLCHAIN_LDFLAGS) \
		-T $(USER_BUILD)/user.lds -o $$@ $$< $$(USER_LIB_OBJS)
endef
$(foreach p,$(USER_PROGS),$(eval $(call user_prog_rule,$(p))))

# The initramfs (docs/initramfs.md): usr/initramfs.list's layout, every program
# as /bin/<name>, and INITRAMFS_EXTRA's trees (space-separated) on top, as one
# cpio archive that usr/initramfs_data.S links into the kernel. Written each
# build, replaced only when it changed: an extra tree's files have no rule.
INITRAMFS	:= $(BUILD)/initramfs.cpio
INITRAMFS_EXTRA	?=
$(INITRAMFS): $(USER_ELFS) $(BENCH_ELF) $(patsubst %,$(LINUX_BUILD)/%.elf,$(LINUX_PROGS)) \
	      usr/initramfs.list tools/gen-initramfs FORCE
	$(Q)mkdir -p $(@D)
	$(Q)tools/gen-initramfs -o $@.new --list usr/initramfs.list \
		$(foreach p,$(INITRAMFS_PROGS),--bin $(p)=$(call prog_elf,$(p))) \
		$(addprefix --extra ,$(INITRAMFS_EXTRA))
	$(Q)if cmp -s $@.new $@; then rm $@.new; else \
		$(if $(Q),echo '  GEN      $@';) mv $@.new $@; fi

$(BUILD)/initramfs_data.o: usr/initramfs_data.S $(INITRAMFS)
	$(call quiet,AS,$<)$(CC) $(CFLAGS) -D__ASSEMBLY__ -DINITRAMFS_IMAGE='"$(INITRAMFS)"' \
		-c -o $@ $<

-include $(USER_LIB_OBJS:.o=.d) $(USER_PROG_OBJS:.o=.d)

.PHONY: FORCE
FORCE:

# Keep the objects: make would otherwise delete them as intermediates.
.SECONDARY: $(USER_LIB_OBJS) $(USER_PROG_OBJS)

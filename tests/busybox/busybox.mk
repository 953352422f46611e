# Debian's busybox (docs/linux-programs.md): `make busybox` gets it for this arch
# (tools/busybox: a package checked against tools/busybox.sha256, or built from
# Debian's source package on powerpc and loongarch), once, under build/<arch>/busybox.
# BUSYBOX=1 packs it into the initramfs: /bin/busybox, its applets linked in /bin
# beside trapdoor's programs, /bin/sh busybox's sh and trapdoor's shell /bin/tsh.
# tools/busybox-compare runs the scenarios of tests/busybox/ under qemu-user and
# under trapdoor. Included by the top-level Makefile after user/user.mk.

BUSYBOX		?= 0
BUSYBOX_BUILD	:= $(BUILD)/busybox
BUSYBOX_BIN	:= $(BUSYBOX_BUILD)/busybox
BUSYBOX_ROOT	:= $(BUSYBOX_BUILD)/root
BUSYBOX_TESTS	:= $(sort $(wildcard tests/busybox/*.sh))
BUSYBOX_FILES	:= $(BUSYBOX_TESTS) tests/busybox/hashbang
BUSYBOX_DEPS	:= apt-get:apt dpkg-deb:dpkg unshare:util-linux cc:gcc \
		   $(if $(filter powerpc loongarch,$(ARCH)),dpkg-source:dpkg-dev bzip2:bzip2) \
		   $(if $(filter powerpc,$(ARCH)),powerpc64-linux-gnu-gcc:gcc-powerpc64-linux-gnu) \
		   $(if $(filter loongarch,$(ARCH)),clang-19:clang-19 ld.lld-19:lld-19 llvm-ar-19:llvm-19)

# loongarch's busybox links against the musl of tests/linux/linux.mk.
$(BUSYBOX_BIN): tools/busybox tools/busybox.sha256 $(LINUX_MUSL_BUILT_$(ARCH))
	$(call quiet,BUSYBOX,$@)LLVM_SUFFIX=$(LLVM_SUFFIX) tools/busybox $(ARCH) $(BUSYBOX_BUILD) \
		$(abspath $(LINUX_MUSL_ROOT))
busybox: $(BUSYBOX_BIN)

# The tree INITRAMFS_EXTRA adds: an applet whose name is a trapdoor program's
# (init, env) stays trapdoor's and runs as `busybox NAME`; sh is busybox's.
$(BUSYBOX_ROOT)/.stamp: $(BUSYBOX_BIN) $(USER_BUILD)/sh.elf $(BUSYBOX_FILES) \
			tests/busybox/busybox.mk $(USER_BUILD)/programs.list
	$(Q)rm -rf $(BUSYBOX_ROOT) && mkdir -p $(BUSYBOX_ROOT)/bin $(BUSYBOX_ROOT)/test/busybox
	$(Q)cp $(BUSYBOX_BIN) $(BUSYBOX_ROOT)/bin/busybox
	$(Q)cp $(USER_BUILD)/sh.elf $(BUSYBOX_ROOT)/bin/tsh
	$(Q)for a in $$(cat $(BUSYBOX_BUILD)/applets); do \
		case " $(INITRAMFS_PROGS) busybox tsh " in *" $$a "*) [ $$a = sh ] || continue;; esac; \
		ln -s /bin/busybox $(BUSYBOX_ROOT)/bin/$$a; \
	done
	$(Q)cp $(BUSYBOX_FILES) $(BUSYBOX_ROOT)/test/busybox/
	$(Q)touch $@

ifeq ($(BUSYBOX),1)
INITRAMFS_EXTRA	:= $(BUSYBOX_ROOT) $(INITRAMFS_EXTRA)
$(INITRAMFS): $(BUSYBOX_ROOT)/.stamp
endif

# The comparison: each scenario under qemu-user in a copy of the initramfs's
# tree, then one boot of trapdoor with BUSYBOX=1 running them all.
busybox-test: busybox
	$(Q)tools/deps --install $(BUSYBOX_DEPS)
	$(Q)$(MAKE) --no-print-directory BUSYBOX=1 all
	$(Q)tools/busybox-compare --arch $(ARCH) --build $(BUILD) \
		--qemu-user "$(if $(filter x86_64,$(ARCH)),,qemu-$(UTS_MACHINE)-static)" \
		--tests "$(notdir $(BUSYBOX_TESTS))" --make "$(MAKE) BUSYBOX=1" \
		$(if $(BUSYBOX_SAVE_LINUX),--save-linux $(BUSYBOX_SAVE_LINUX)) \
		$(if $(BUSYBOX_LINUX_FROM),--linux-from $(BUSYBOX_LINUX_FROM))

.PHONY: busybox busybox-test

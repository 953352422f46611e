# boot/uboot.mk — BOOT=uboot: boot through U-Boot instead of QEMU's direct loader
# (docs/boot.md, "Through U-Boot"). Included by the top-level Makefile after the
# QEMU command line; with BOOT=direct (the default) it only names the packages.
#
# Per arch, arch/<arch>/Makefile.arch names U-Boot's image (UBOOT, from UBOOT_PKG),
# any firmware that runs before it (UBOOT_FIRMWARE, UBOOT_FIRMWARE_PKG), mkimage's
# name for the arch (UBOOT_MKIMAGE_ARCH) and the QEMU options (UBOOT_QEMU_FLAGS).
# An arch without UBOOT has no U-Boot path (docs/boot.md says why for each).
#
# What the build makes, in $(BUILD)/uboot/:
#   boot.scr             boot/$(ARCH).cmd compiled by mkimage (a header and a CRC)
#   uEnv.txt             "bootargs=$(CMDLINE)", read by the script
#   <variant>/Image      the kernel ELF as a flat binary (objcopy -O binary)
#   <variant>/disk.img   a disk with those three files (tools/mkbootdisk)
#   <variant>/disk.cfg   QEMU configuration that attaches it as a virtio disk;
#                        it stands in for the ELF after QEMU_CMD's -readconfig.

BOOT		?= direct
UBOOT_DEPS	:= $(if $(UBOOT),$(UBOOT):$(UBOOT_PKG) mkimage:u-boot-tools mke2fs:e2fsprogs \
		   $(if $(UBOOT_FIRMWARE),$(UBOOT_FIRMWARE):$(UBOOT_FIRMWARE_PKG)))

ifeq ($(BOOT),uboot)
ifeq ($(UBOOT),)
$(error BOOT=uboot: no U-Boot path for ARCH=$(ARCH) (docs/boot.md, "Through U-Boot"))
endif

UBOOT_BUILD	:= $(BUILD)/uboot
OBJCOPY		:= $(subst objdump,objcopy,$(OBJDUMP))

$(UBOOT_BUILD)/boot.scr: boot/$(ARCH).cmd
	$(call need_tool,mkimage,u-boot-tools)
	$(Q)mkdir -p $(@D)
	$(call quiet,MKIMAGE,$@)mkimage -A $(UBOOT_MKIMAGE_ARCH) -T script -C none \
		-n 'trapdoor boot script' -d $< $@ > /dev/null

# Rewritten only when CMDLINE changes, so that the disks are remade only then.
$(UBOOT_BUILD)/uEnv.txt: FORCE
	$(Q)mkdir -p $(@D)
	$(Q)printf 'bootargs=%s\n' '$(CMDLINE)' | cmp -s - $@ || \
		printf 'bootargs=%s\n' '$(CMDLINE)' > $@

define uboot_rules
$(UBOOT_BUILD)/$(1)/Image: $(call image_name,$(1))
	$$(Q)mkdir -p $$(@D)
	$$(call quiet,OBJCOPY,$$@)$(OBJCOPY) -O binary $$< $$@

$(UBOOT_BUILD)/$(1)/disk.img: $(UBOOT_BUILD)/$(1)/Image $(UBOOT_BUILD)/boot.scr \
		$(UBOOT_BUILD)/uEnv.txt tools/mkbootdisk
	$$(call need_tool,mke2fs,e2fsprogs)
	$$(if $(UBOOT_FIRMWARE),$$(if $$(wildcard $(UBOOT_FIRMWARE)),,$$(error $(UBOOT_FIRMWARE) \
		not found: install it with `apt-get install $(UBOOT_FIRMWARE_PKG)` (or run `make deps`))))
	$$(call quiet,DISK,$$@)tools/mkbootdisk $$@ $$(filter-out tools/%,$$^)

$(UBOOT_BUILD)/$(1)/disk.cfg: $(UBOOT_BUILD)/$(1)/disk.img
	$$(Q)printf '%s\n' '# QEMU -readconfig: the boot disk, attached as a virtio block device.' \
		'[drive "bootdisk"]' '  if = "none"' '  format = "raw"' '  readonly = "on"' \
		'  file = "$$(abspath $$<)"' '[device "bootdisk"]' \
		'  driver = "$(UBOOT_VIRTIO_BLK)"' '  drive = "bootdisk"' > $$@
endef
$(foreach v,$(VARIANTS),$(eval $(call uboot_rules,$(v))))

# From here on an "image" is the disk's QEMU configuration: run and check boot it.
image_name	= $(UBOOT_BUILD)/$(1)/disk.cfg
IMAGE		:= $(call image_name,default)
TEST_IMAGE	:= $(call image_name,test)
QEMU_FLAGS	:= $(UBOOT_QEMU_FLAGS)
FIRMWARE	:= $(UBOOT)
FIRMWARE_PKG	:= $(UBOOT_PKG)
# No -append: the command line reaches U-Boot on the disk (uEnv.txt), not through QEMU.
QEMU_APPEND	= $(NO_APPEND)
QEMU_CMD	= $(QEMU) $(QEMU_FLAGS) $(QEMU_SMP) $(QEMU_EXTRA) -readconfig
endif

# U-Boot's image for this arch, empty if it has no U-Boot path (tools/testsuite asks).
print-uboot:
	@echo $(UBOOT)

.PHONY: FORCE print-uboot
FORCE:

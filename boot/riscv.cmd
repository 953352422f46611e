# U-Boot boot script for trapdoor on QEMU riscv64 virt (docs/boot.md, "Through U-Boot").
# `make ARCH=riscv BOOT=uboot run` compiles it into boot.scr with
#     mkimage -A riscv -T script -C none -n 'trapdoor boot script' -d boot/riscv.cmd boot.scr
# and puts boot.scr, the kernel (Image) and uEnv.txt on a virtio disk; U-Boot's
# default bootcmd (distro_bootcmd) finds boot.scr there and runs it. Edit freely:
# every line is an ordinary U-Boot command.

echo "trapdoor: boot.scr from ${devtype} ${devnum}:${distro_bootpart}"

# The kernel command line: uEnv.txt holds one line "bootargs=..." (CMDLINE= of make).
bootargs=
if load ${devtype} ${devnum}:${distro_bootpart} ${scriptaddr} uEnv.txt; then
	env import -t ${scriptaddr} ${filesize}
fi

# The kernel: a flat "Image" with the RISC-V header (arch/riscv/head.S). booti on
# riscv runs it where it was loaded, and trapdoor is linked at 0x80200000: load it
# there. U-Boot itself started there too, but has moved to the top of RAM by now.
setenv trapdoor_addr 0x80200000
load ${devtype} ${devnum}:${distro_bootpart} ${trapdoor_addr} Image

# booti edits the device tree U-Boot itself runs on (fdtcontroladdr: QEMU's, as
# OpenSBI handed it on): /chosen gets bootargs and u-boot,version. It then jumps to
# the kernel in S-mode, MMU off, with a0 = this hart's id and a1 = that device tree.
# "-": no initrd.
booti ${trapdoor_addr} - ${fdtcontroladdr}

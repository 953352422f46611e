# U-Boot boot script for trapdoor on QEMU arm64 virt (docs/boot.md, "Through U-Boot").
# `make ARCH=arm64 BOOT=uboot run` compiles it into boot.scr with
#     mkimage -A arm64 -T script -C none -n 'trapdoor boot script' -d boot/arm64.cmd boot.scr
# and puts boot.scr, the kernel (Image) and uEnv.txt on a virtio disk; U-Boot's
# default bootcmd (distro_bootcmd) finds boot.scr there and runs it. Edit freely:
# every line is an ordinary U-Boot command.

echo "trapdoor: boot.scr from ${devtype} ${devnum}:${distro_bootpart}"

# The kernel command line: uEnv.txt holds one line "bootargs=..." (CMDLINE= of make).
bootargs=
if load ${devtype} ${devnum}:${distro_bootpart} ${scriptaddr} uEnv.txt; then
	env import -t ${scriptaddr} ${filesize}
fi

# The kernel: a flat "Image" with the arm64 header (arch/arm64/head.S), loaded to
# kernel_addr_r (0x40400000); booti moves it to RAM base + text_offset = 0x40200000.
load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} Image

# booti edits the device tree U-Boot itself runs on (fdtcontroladdr, the one QEMU
# made, near the top of RAM): /chosen gets bootargs and u-boot,version. It then
# jumps to the kernel at EL1, MMU and caches off, with x0 = that device tree.
# "-": no initrd.
booti ${kernel_addr_r} - ${fdtcontroladdr}

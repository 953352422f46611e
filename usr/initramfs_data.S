/* SPDX-License-Identifier: MIT */
/*
 * The initramfs inside the kernel image, the same on every architecture: the
 * cpio archive tools/gen-initramfs wrote (INITRAMFS_IMAGE, its path, comes
 * from user/user.mk), between __initramfs_start and __initramfs_end.
 * kernel/initramfs.c reads it at boot.
 */
	.section .rodata.initramfs,"a"
	.balign 16
	.globl __initramfs_start
__initramfs_start:
	.incbin INITRAMFS_IMAGE
	.globl __initramfs_end
__initramfs_end:

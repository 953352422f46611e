/* SPDX-License-Identifier: MIT */
/*
 * The initramfs: the cpio archive linked into the kernel image
 * (usr/initramfs_data.S, docs/initramfs.md), checked and unpacked into
 * ramfs at boot (kernel/initramfs.c).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_INITRAMFS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_INITRAMFS_H

#include <trapdoor/types.h>

extern const u8 __initramfs_start[], __initramfs_end[];

/* Checks the archive (lib/cpio.c): 0, or -EINVAL with the reason on the console. */
int initramfs_init(const void *buf, size_t len);

/*
 * Checks the archive at buf (initramfs_init()) and makes every member a file
 * of ramfs: 0, -EINVAL if the archive is malformed (nothing is made), -EIO if
 * a member could not be made (the console names it).
 */
int unpack_to_rootfs(const void *buf, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The initramfs: the cpio archive linked into the kernel image
 * (usr/initramfs_data.S, docs/initramfs.md), checked at boot and read by
 * path (kernel/initramfs.c).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_INITRAMFS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_INITRAMFS_H

#include <trapdoor/types.h>

extern const u8 __initramfs_start[], __initramfs_end[];

/*
 * Checks the archive (lib/cpio.c): 0, or -EINVAL with the reason on the
 * console, and then the archive is not used: no path is found in it.
 */
int initramfs_init(const void *buf, size_t len);

/* A file found by path: its bytes, size and mode (type and permissions). */
struct initramfs_file {
	const u8 *data;
	size_t size;
	u32 mode;
};

/*
 * The member at path, symlinks followed (the last one too); a relative path
 * starts at the root. 0, or -ENOENT, -ENOTDIR, -ELOOP (more than MAXSYMLINKS
 * links), -ENAMETOOLONG, as Linux's path walk.
 */
int initramfs_lookup(const char *path, struct initramfs_file *file);

/*
 * Makes every member of the archive at buf a file of ramfs (kernel/
 * initramfs_unpack.c): 0, -EINVAL if the archive is malformed (nothing is
 * made), -EIO if a member could not be made (the console names it).
 */
int unpack_to_rootfs(const void *buf, size_t len);

#endif

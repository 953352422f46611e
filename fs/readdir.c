// SPDX-License-Identifier: MIT
/*
 * getdents64(fd, buf, count): a directory's entries as Linux's struct
 * linux_dirent64 records, packed one after another, each 8-byte aligned. As
 * Linux: as many whole records as fit; none fitting at all is -EINVAL; 0 at
 * the end. The directory's position advances past what was returned.
 */
#include <trapdoor/fs.h>
#include <trapdoor/string.h>
#include <uapi/dirent.h>

#ifndef HOST_TEST
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/mman.h>

#include "../kernel/syscalls.h"
#endif

bool linux_dirent64_pack(void *buf, size_t size, size_t *used, const char *name, int namlen,
			 u64 ino, s64 next_off, unsigned int d_type)
{
	size_t reclen =
	    (offsetof(struct linux_dirent64, d_name) + (size_t)namlen + 1 + 7) & ~(size_t)7;
	struct linux_dirent64 d = { .d_ino = ino,
				    .d_off = next_off,
				    .d_reclen = (unsigned short)reclen,
				    .d_type = (unsigned char)d_type };
	char *p = (char *)buf + *used;

	if (reclen > size - *used)
		return false;
	memcpy(p, &d, offsetof(struct linux_dirent64, d_name));
	memcpy(p + offsetof(struct linux_dirent64, d_name), name, (size_t)namlen);
	memset(p + offsetof(struct linux_dirent64, d_name) + namlen, 0,
	       reclen - offsetof(struct linux_dirent64, d_name) - (size_t)namlen);
	*used += reclen;
	return true;
}

#ifndef HOST_TEST
#define GETDENTS_CHUNK 512 /* bytes packed in the kernel before each copy out */

struct getdents_callback {
	struct dir_context ctx;
	char __user *ubuf; /* where the next chunk goes */
	size_t left;	   /* room at ubuf */
	char kbuf[GETDENTS_CHUNK];
	size_t used;   /* bytes in kbuf */
	size_t copied; /* bytes already at the user's buffer */
	int error;
};

static bool flush(struct getdents_callback *cb)
{
	if (copy_to_user(cb->ubuf + cb->copied, cb->kbuf, cb->used) < 0) {
		cb->error = -EFAULT;
		return false;
	}
	cb->copied += cb->used;
	cb->left -= cb->used;
	cb->used = 0;
	return true;
}

static bool filldir64(struct dir_context *ctx, const char *name, int namlen, loff_t offset, u64 ino,
		      unsigned int d_type)
{
	struct getdents_callback *cb = container_of(ctx, struct getdents_callback, ctx);
	size_t room = cb->left < sizeof(cb->kbuf) ? cb->left : sizeof(cb->kbuf);

	if (linux_dirent64_pack(cb->kbuf, room, &cb->used, name, namlen, ino, offset + 1, d_type))
		return true;
	if (cb->used == 0) { /* the record does not fit even alone */
		if (cb->copied == 0)
			cb->error = -EINVAL;
		return false;
	}
	if (!flush(cb))
		return false;
	room = cb->left < sizeof(cb->kbuf) ? cb->left : sizeof(cb->kbuf);
	if (linux_dirent64_pack(cb->kbuf, room, &cb->used, name, namlen, ino, offset + 1, d_type))
		return true;
	if (cb->copied == 0)
		cb->error = -EINVAL;
	return false;
}

SYSCALL_DEFINE3(getdents64, unsigned int, fd, void __user *, dirent, unsigned int, count)
{
	stackleak_track_stack(); /* the packing buffer is a big frame */
	struct file *f = fget(fd);
	struct getdents_callback cb = { .ctx.actor = filldir64, .ubuf = dirent, .left = count };

	if (!f)
		return -EBADF;
	if (!f->f_op->iterate_shared)
		return -ENOTDIR;
	if (!access_ok(dirent, count, PROT_WRITE))
		return -EFAULT;
	cb.ctx.pos = f->f_pos;
	f->f_op->iterate_shared(f, &cb.ctx);
	if (cb.used && !cb.error)
		flush(&cb);
	f->f_pos = cb.ctx.pos;
	if (cb.copied)
		return (long)cb.copied;
	return cb.error;
}
#endif

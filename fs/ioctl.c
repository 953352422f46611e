// SPDX-License-Identifier: MIT
/* ioctl(fd, request, arg): the file's own unlocked_ioctl; a file without one: -ENOTTY. */
#include <trapdoor/fs.h>
#include <uapi/errno.h>

#include "../kernel/syscalls.h"

SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	if (!f->f_op->unlocked_ioctl)
		return -ENOTTY;
	return f->f_op->unlocked_ioctl(f, cmd, arg);
}

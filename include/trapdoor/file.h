/* SPDX-License-Identifier: MIT */
/*
 * Open files: the VFS (include/trapdoor/fs.h) and the kinds of file the
 * kernel itself makes, pipes (kernel/pipe.c) and the console (kernel/tty.c).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_FILE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_FILE_H

#include <trapdoor/compiler.h>
#include <trapdoor/fs.h>

/* kernel/pipe.c: a pipe end's read and write (pipefifo_fops). */
ssize_t pipe_read(struct file *f, char __user *ubuf, size_t count, loff_t *pos);
ssize_t pipe_write(struct file *f, const char __user *ubuf, size_t count, loff_t *pos);

/* kernel/tty.c: the console's read, write and ioctl (tty_fops). */
ssize_t tty_read(struct file *f, char __user *buf, size_t count, loff_t *pos);
ssize_t tty_write(struct file *f, const char __user *buf, size_t count, loff_t *pos);
long tty_ioctl(struct file *f, unsigned int cmd, unsigned long arg);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Open files: each task has a table of NR_OPEN file descriptors (in struct
 * task_struct), each NULL or a struct file. A new program starts with the
 * console on 0, 1 and 2; fork copies the table (both tasks then share each
 * file, as in Linux); execve keeps it; exit closes every descriptor.
 * kernel/file.c has the table, kernel/pipe.c the only other kind of file.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_FILE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_FILE_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct task_struct;
struct pipe_inode_info;

enum file_type {
	FILE_CONSOLE, /* the serial console: sys_read/sys_write's own code (kernel/sys.c) */
	FILE_PIPE,    /* one end of a pipe (kernel/pipe.c) */
};

#define FMODE_READ  0x1
#define FMODE_WRITE 0x2

struct file {
	enum file_type type;
	unsigned int f_mode;  /* FMODE_READ or FMODE_WRITE: which end of a pipe */
	unsigned int f_count; /* descriptors, in every task, that name this file */
	struct pipe_inode_info *pipe;
};

/* kernel/file.c */
void files_init(struct task_struct *t); /* console on 0, 1, 2; the rest closed */
void files_fork(struct task_struct *child, struct task_struct *parent);
void files_exit(struct task_struct *t); /* closes every descriptor */
struct file *fget(unsigned long fd);	/* current's file fd, or NULL */
struct file *file_alloc(void);		/* f_count 1, or NULL if none is free */
void file_free(struct file *f);		/* undo file_alloc() of a never-installed file */
/* The lowest free descriptor of current; -EMFILE if there is none. */
int get_unused_fd(void);
void fd_install(int fd, struct file *f);
/* Read or write a non-console file (the console stays in kernel/sys.c). */
long file_read(struct file *f, char __user *ubuf, size_t count);
long file_write(struct file *f, const char __user *ubuf, size_t count);

/* kernel/pipe.c */
long pipe_read(struct file *f, char __user *ubuf, size_t count);
long pipe_write(struct file *f, const char __user *ubuf, size_t count);
void pipe_release(struct file *f); /* the last descriptor of one end closed */

#endif

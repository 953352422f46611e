/* SPDX-License-Identifier: MIT */
/*
 * The virtual file system, Linux-shaped (fs/):
 *
 *   struct dentry  a name in the tree: its parent, its children, its inode.
 *                  The tree is the file system (ramfs keeps nothing else).
 *   struct inode   a file itself: mode, size, device number, data, and the
 *                  operations on it as a name (i_op) and when open (i_fop).
 *   struct file    an open file: the inode it reads, its position, its
 *                  O_* flags and its operations (f_op, from i_fop).
 *
 * Each task has a table of descriptors (struct files_struct, up to NR_OPEN)
 * and a working directory (struct fs_struct). Everything is guarded by the
 * kernel lock; references are counted (d_count, i_count, f_count) so that an
 * unlinked file lives until its last close and a removed directory until no
 * task works in it.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_FS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_FS_H

#include <trapdoor/compiler.h>
#include <trapdoor/err.h>
#include <trapdoor/list.h>
#include <trapdoor/types.h>
#include <uapi/fcntl.h>
#include <uapi/stat.h>

typedef unsigned short umode_t;
typedef long long loff_t;
typedef long ssize_t;
typedef unsigned int dev_t;
typedef unsigned int __poll_t;

/* The kernel's device numbers, as Linux's: 12 bits of major, 20 of minor. */
#define MINORBITS     20
#define MINORMASK     ((1U << MINORBITS) - 1)
#define MAJOR(dev)    ((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)    ((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi) (((ma) << MINORBITS) | (mi))

/* How a device number reaches user space (struct stat's st_rdev), as Linux's new_encode_dev(). */
static inline u32 new_encode_dev(dev_t dev)
{
	unsigned int major = MAJOR(dev), minor = MINOR(dev);

	return (minor & 0xff) | (major << 8) | ((minor & ~0xffU) << 12);
}

#define NR_OPEN	    1024 /* descriptors per task: Linux's default RLIMIT_NOFILE */
#define MAXSYMLINKS 40	 /* symlinks followed in one lookup before -ELOOP, as Linux */

struct inode;
struct dentry;
struct file;
struct task_struct;
struct wait_queue_head;
struct poll_table_struct;
struct dir_context;

struct timespec64 {
	s64 tv_sec;
	long tv_nsec;
};

/* A place in the tree (Linux's pairs a mount with it; trapdoor has one tree). */
struct path {
	struct dentry *dentry;
};

/* A name component: not NUL-terminated; len bytes at name. */
struct qstr {
	const char *name;
	unsigned int len;
};

struct inode_operations {
	/* A child named name that the tree does not hold yet (procfs); NULL: none. */
	struct dentry *(*lookup)(struct inode *dir, struct dentry *dentry);
	/* Create a child, at dentry (a negative dentry: no inode yet). */
	int (*create)(struct inode *dir, struct dentry *dentry, umode_t mode);
	int (*mkdir)(struct inode *dir, struct dentry *dentry, umode_t mode);
	int (*mknod)(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev);
	int (*symlink)(struct inode *dir, struct dentry *dentry, const char *target);
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
	int (*rename)(struct inode *old_dir, struct dentry *old_dentry, struct inode *new_dir,
		      struct dentry *new_dentry, unsigned int flags);
	/*
	 * A symlink's target, a NUL-terminated string; or, for a magic link
	 * (/proc/self/exe), NULL with *jump set to the place it names.
	 */
	const char *(*get_link)(struct dentry *dentry, struct inode *inode, struct path *jump);
	/* Set the size (ftruncate, O_TRUNC): grows with zeros or drops the tail. */
	int (*setsize)(struct inode *inode, loff_t size);
};

struct inode {
	umode_t i_mode;
	unsigned int i_nlink;
	unsigned long i_ino;
	loff_t i_size;
	dev_t i_rdev; /* a device node's device */
	unsigned int i_uid, i_gid;
	struct timespec64 i_atime, i_mtime, i_ctime;
	unsigned int i_count; /* dentries and open files that hold it */
	const struct inode_operations *i_op;
	const struct file_operations *i_fop;
	void *i_private; /* the file system's own: ramfs's data pages, a symlink's target */
};

struct dentry {
	struct qstr d_name;	    /* d_iname, or a kmalloc'd copy if longer */
	struct dentry *d_parent;    /* the root is its own parent */
	struct inode *d_inode;	    /* NULL: a negative dentry (the name does not exist) */
	unsigned int d_count;	    /* the tree (while linked), children, open files, cwds */
	bool d_unlinked;	    /* removed from its parent: lookups no longer find it */
	struct list_head d_child;   /* in d_parent's d_subdirs */
	struct list_head d_subdirs; /* children, in creation order (getdents64's order) */
	char d_iname[32];
};

/* FMODE_*: how a file was opened, in f_mode. */
#define FMODE_READ  0x1
#define FMODE_WRITE 0x2
#define FMODE_LSEEK 0x4 /* lseek, pread and pwrite work (not on pipes or ttys) */

struct file {
	const struct file_operations *f_op;
	struct inode *f_inode;
	struct path f_path;
	unsigned int f_flags; /* O_* given to open (O_APPEND, O_NONBLOCK changed by fcntl) */
	unsigned int f_mode;  /* FMODE_* */
	loff_t f_pos;
	unsigned int f_count; /* descriptors, in every task, and kernel users that hold it */
	void *private_data;   /* the kind's own: a pipe's pipe_inode_info */
};

/* Where the bytes of a read or write go or come from: user memory or the kernel's. */
struct iov_iter {
	bool kernel;
	union {
		void __user *ubuf;
		void *kbuf;
	};
	size_t count; /* bytes left */
};

/* Copy n bytes to or from it and advance; returns the bytes copied (< n: a fault). */
size_t copy_to_iter(const void *src, size_t n, struct iov_iter *i);
size_t copy_from_iter(void *dst, size_t n, struct iov_iter *i);

struct file_operations {
	loff_t (*llseek)(struct file *, loff_t offset, int whence);
	/* read and write on user memory (pipes, the tty); */
	ssize_t (*read)(struct file *, char __user *buf, size_t count, loff_t *pos);
	ssize_t (*write)(struct file *, const char __user *buf, size_t count, loff_t *pos);
	/* or on either (ramfs, the /dev devices): kernel_read() and kernel_write() need these. */
	ssize_t (*read_iter)(struct file *, struct iov_iter *to, loff_t *pos);
	ssize_t (*write_iter)(struct file *, struct iov_iter *from, loff_t *pos);
	/* A directory's entries from ctx->pos on (getdents64). */
	int (*iterate_shared)(struct file *, struct dir_context *ctx);
	__poll_t (*poll)(struct file *, struct poll_table_struct *);
	long (*unlocked_ioctl)(struct file *, unsigned int cmd, unsigned long arg);
	int (*open)(struct inode *, struct file *);
	/* The last reference to the file went (its last close). */
	int (*release)(struct inode *, struct file *);
};

/* getdents64: iterate_shared calls dir_emit() per entry, from ctx->pos on. */
typedef bool (*filldir_t)(struct dir_context *, const char *name, int namlen, loff_t offset,
			  u64 ino, unsigned int d_type);
struct dir_context {
	filldir_t actor;
	loff_t pos; /* the entry to emit next; the directory iterator advances it */
};

static inline bool dir_emit(struct dir_context *ctx, const char *name, int namlen, u64 ino,
			    unsigned int type)
{
	return ctx->actor(ctx, name, namlen, ctx->pos, ino, type);
}

/* The DT_* type of an inode mode. */
static inline unsigned int fs_umode_to_dtype(umode_t mode)
{
	return (mode & S_IFMT) >> 12;
}

/*
 * Packs one linux_dirent64 into buf at *used (buf holds size bytes): false,
 * packing nothing, if it does not fit. d_off is the offset of the next entry.
 * Pure, for the host tests (fs/readdir.c).
 */
bool linux_dirent64_pack(void *buf, size_t size, size_t *used, const char *name, int namlen,
			 u64 ino, s64 next_off, unsigned int d_type);

/* poll (fs/select.c): a file's poll method calls poll_wait() on each queue it may wake. */
#define POLLIN	   0x0001
#define POLLPRI	   0x0002
#define POLLOUT	   0x0004
#define POLLERR	   0x0008
#define POLLHUP	   0x0010
#define POLLNVAL   0x0020
#define POLLRDNORM 0x0040
#define POLLWRNORM 0x0100

struct poll_table_struct;
typedef void (*poll_queue_proc)(struct file *, struct wait_queue_head *,
				struct poll_table_struct *);
typedef struct poll_table_struct {
	poll_queue_proc _qproc; /* NULL: no waiting, only the mask */
	void *priv;
} poll_table;

static inline void poll_wait(struct file *filp, struct wait_queue_head *wait_address, poll_table *p)
{
	if (p && p->_qproc && wait_address)
		p->_qproc(filp, wait_address, p);
}

/* A task's open descriptors (fs/file.c). */
#define FD_CHUNK 128 /* descriptors per chunk of the table */
struct files_struct {
	struct file **fd_chunk[NR_OPEN / FD_CHUNK]; /* allocated as descriptors get used */
	unsigned long close_on_exec[NR_OPEN / (8 * sizeof(unsigned long))];
	unsigned int next_fd; /* no descriptor below it is free */
};

/* A task's working directory and umask (fs/fs_struct.c). */
struct fs_struct {
	struct path pwd;
	umode_t umask;
};

/* fs/file.c: the descriptor table. */
int files_init(struct task_struct *t); /* the console on 0, 1, 2 */
int files_fork(struct task_struct *child, struct task_struct *parent);
void files_exit(struct task_struct *t); /* closes every descriptor */
/* current's file fd, or NULL. No reference is taken: the kernel lock covers the use. */
struct file *fget(unsigned int fd);
/* The lowest free descriptor of current, at least 0; -EMFILE if none. flags: O_CLOEXEC. */
int get_unused_fd_flags(unsigned int flags);
int __get_unused_fd(unsigned int flags, unsigned int start); /* the lowest free from start */
void put_unused_fd(unsigned int fd);
void fd_install(unsigned int fd, struct file *file);
int close_fd(unsigned int fd);
void do_close_on_exec(struct task_struct *t);
bool get_close_on_exec(unsigned int fd);
void set_close_on_exec(unsigned int fd, bool on);

/* fs/file_table.c: struct file. */
struct file *alloc_file(struct inode *inode, struct dentry *dentry, unsigned int flags,
			const struct file_operations *fop); /* f_count 1; ERR_PTR */
struct file *get_file(struct file *f);
void fput(struct file *f); /* the last reference releases it */
/* The one console file, the first task's 0, 1 and 2. */
struct file *console_file(void);

/* fs/inode.c and fs/dcache.c */
struct inode *new_inode(void); /* i_count 1; NULL if memory is short */
struct inode *ihold(struct inode *inode);
void iput(struct inode *inode);
unsigned long nr_inodes(void); /* live inodes, for the tests' baselines */
struct dentry *d_alloc(struct dentry *parent, const struct qstr *name); /* negative, not linked */
void d_instantiate(struct dentry *dentry, struct inode *inode);
void d_add(struct dentry *dentry);    /* link a positive dentry into its parent */
void d_delete(struct dentry *dentry); /* unlink from its parent (the inode lives while held) */
struct dentry *dget(struct dentry *dentry);
void dput(struct dentry *dentry);
/* The child of dir named name, linked in the tree, or NULL (no reference taken). */
struct dentry *d_lookup(struct dentry *dir, const struct qstr *name);
/* The absolute path of p, at the end of buf; returns its start or ERR_PTR(-ENAMETOOLONG). */
char *d_path(const struct path *p, char *buf, int buflen);
extern struct dentry *root_dentry;

/* fs/lookup.c: the path walk. */
#define LOOKUP_FOLLOW	 0x0001 /* follow a symlink in the last component */
#define LOOKUP_DIRECTORY 0x0002 /* the last component must be a directory */
#define LOOKUP_EMPTY	 0x4000 /* "" names the start directory (AT_EMPTY_PATH) */

enum {
	LAST_NORM,
	LAST_ROOT,
	LAST_DOT,
	LAST_DOTDOT
};

/* A path copied from user space (PATH_MAX bytes at most, NUL included). */
struct filename {
	char name[PATH_MAX];
};
struct filename *getname(const char __user *uname); /* ERR_PTR: -EFAULT, -ENAMETOOLONG, -ENOMEM */
struct filename *getname_kernel(const char *name);
void putname(struct filename *name);

/*
 * The walk itself, from start (fs/lookup.c): *result a referenced, positive
 * dentry. path_walk_parent() stops before the last component, as
 * filename_parentat() does.
 */
int path_walk(const struct path *start, const char *name, unsigned int flags, struct path *result);
int path_walk_parent(const struct path *start, const char *name, unsigned int *lflags,
		     struct path *parent, struct qstr *last, int *type);
/* The walk's start: dfd's directory, the cwd for AT_FDCWD; a reference in *start. */
int path_start(int dfd, struct path *start);
/* name from dfd: *path gets a referenced, positive dentry. */
int filename_lookup(int dfd, struct filename *name, unsigned int flags, struct path *path);
int user_path_at(int dfd, const char __user *name, unsigned int flags, struct path *path);
int kern_path(const char *name, unsigned int flags, struct path *path);
/*
 * For create and remove: every component but the last, walked (symlinks
 * followed); *parent a referenced directory, *last the final component (in
 * name's buffer) and *type LAST_NORM, or LAST_ROOT/LAST_DOT/LAST_DOTDOT for
 * "/", "." and "..". A name ending in '/' sets LOOKUP_DIRECTORY in *lflags.
 */
int filename_parentat(int dfd, struct filename *name, unsigned int *lflags, struct path *parent,
		      struct qstr *last, int *type);
/*
 * The child named last of the directory dir: a referenced dentry, negative
 * (d_inode NULL) if there is none, for the caller to create; ERR_PTR.
 */
struct dentry *lookup_one(struct dentry *dir, const struct qstr *last);
void path_put(struct path *p);
void path_get(struct path *p);

/* fs/open.c and fs/read_write.c */
struct file *filp_open(const char *path, int flags, umode_t mode); /* ERR_PTR on error */
struct file *do_filp_open(int dfd, struct filename *name, int flags, umode_t mode);
int filp_close(struct file *f);
ssize_t kernel_read(struct file *f, void *buf, size_t count, loff_t *pos);
ssize_t kernel_write(struct file *f, const void *buf, size_t count, loff_t *pos);
ssize_t vfs_read(struct file *f, char __user *buf, size_t count, loff_t *pos);
ssize_t vfs_write(struct file *f, const char __user *buf, size_t count, loff_t *pos);
loff_t generic_file_llseek(struct file *f, loff_t offset, int whence);
loff_t no_llseek(struct file *f, loff_t offset, int whence);
/* Create a regular file, directory, node or symlink at dentry (negative) in dir. */
int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode);
int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev);
int vfs_symlink(struct inode *dir, struct dentry *dentry, const char *target);
int vfs_truncate(struct inode *inode, loff_t size);
/* Remove a name (fs/namei.c): the inode lives on while open files hold it. */
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);
/* Fill struct stat / statx from an inode (fs/stat.c). */
void generic_fillattr(struct inode *inode, struct stat *st);

/* fs/init.c: the initramfs's helpers (kernel paths, from the root or cwd). */
int init_mkdir(const char *pathname, umode_t mode);
int init_mknod(const char *pathname, umode_t mode, dev_t dev);
int init_symlink(const char *oldname, const char *newname);
int init_chdir(const char *filename);

/* The executable a task runs, /proc/self/exe's target (kernel/exec.c keeps it). */
void set_task_exe_file(struct task_struct *t, struct file *exe); /* takes a reference */
struct file *get_task_exe_file(struct task_struct *t);		 /* no reference: may be NULL */

/* fs/fs_struct.c: working directory and umask, inherited at fork. */
void fs_init_task(struct task_struct *t);
void fs_fork(struct task_struct *child, struct task_struct *parent);
void fs_exit(struct task_struct *t);
void set_fs_pwd(struct fs_struct *fs, const struct path *path);

/* fs/ramfs.c, fs/devices.c, fs/proc.c */
void vfs_init(void); /* the root, /dev, /proc, /tmp: called once at boot */
int ramfs_init_root(void);
struct inode *ramfs_get_inode(umode_t mode, dev_t dev); /* NULL if memory is short */
void ramfs_evict_inode(struct inode *inode);		/* the last iput(): its data goes */
int console_file_init(void);
int proc_init(void);
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev);
extern const struct file_operations ramfs_file_operations;
extern const struct file_operations ramfs_dir_operations;
extern const struct file_operations tty_fops;	   /* kernel/tty.c: the console */
extern const struct file_operations pipefifo_fops; /* kernel/pipe.c */

#endif

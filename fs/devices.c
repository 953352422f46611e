// SPDX-License-Identifier: MIT
/*
 * Character devices, found by their device number at open as Linux's are:
 *   1:3 /dev/null     reads end at once, writes vanish;
 *   1:5 /dev/zero     reads give zeros, writes vanish;
 *   1:9 /dev/urandom  reads give CRNG bytes, writes vanish;
 *   5:0 /dev/tty      the console (the only terminal);
 *   5:1 /dev/console  the console.
 * Any other number opens as -ENXIO.
 */
#include <trapdoor/fs.h>
#include <trapdoor/random.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#define MEM_MAJOR    1
#define TTYAUX_MAJOR 5

static ssize_t null_read(struct file *f, struct iov_iter *to, loff_t *pos)
{
	return 0;
}

static ssize_t null_write(struct file *f, struct iov_iter *from, loff_t *pos)
{
	size_t n = from->count;

	from->count = 0;
	return (ssize_t)n;
}

static ssize_t zero_read(struct file *f, struct iov_iter *to, loff_t *pos)
{
	static const u8 zeros[64];
	size_t done = 0;

	while (to->count) {
		size_t n = to->count < sizeof(zeros) ? to->count : sizeof(zeros);
		size_t copied = copy_to_iter(zeros, n, to);

		done += copied;
		if (copied < n)
			return done ? (ssize_t)done : -EFAULT;
	}
	return (ssize_t)done;
}

static ssize_t urandom_read(struct file *f, struct iov_iter *to, loff_t *pos)
{
	u8 chunk[64];
	size_t done = 0;

	while (to->count) {
		size_t n = to->count < sizeof(chunk) ? to->count : sizeof(chunk), copied;

		get_random_bytes(chunk, n);
		copied = copy_to_iter(chunk, n, to);
		done += copied;
		if (copied < n) {
			done = done ? done : (size_t)-EFAULT;
			break;
		}
	}
	memzero_explicit(chunk, sizeof(chunk));
	return (ssize_t)done;
}

/* Linux's memory devices seek to anywhere, and report 0. */
static loff_t mem_lseek(struct file *f, loff_t offset, int whence)
{
	f->f_pos = 0;
	return 0;
}

static const struct file_operations null_fops = {
	.llseek = mem_lseek,
	.read_iter = null_read,
	.write_iter = null_write,
};

static const struct file_operations zero_fops = {
	.llseek = mem_lseek,
	.read_iter = zero_read,
	.write_iter = null_write,
};

static const struct file_operations urandom_fops = {
	.llseek = mem_lseek,
	.read_iter = urandom_read,
	.write_iter = null_write,
};

/* Every character device's i_fop: picks the device's own operations by number. */
static int chrdev_open(struct inode *inode, struct file *f)
{
	const struct file_operations *fop = NULL;

	switch (inode->i_rdev) {
	case MKDEV(MEM_MAJOR, 3):
		fop = &null_fops;
		break;
	case MKDEV(MEM_MAJOR, 5):
		fop = &zero_fops;
		break;
	case MKDEV(MEM_MAJOR, 9):
		fop = &urandom_fops;
		break;
	case MKDEV(TTYAUX_MAJOR, 0):
	case MKDEV(TTYAUX_MAJOR, 1):
		fop = &tty_fops;
		break;
	default:
		return -ENXIO;
	}
	f->f_op = fop;
	return fop->open ? fop->open(inode, f) : 0;
}

static const struct file_operations def_chr_fops = {
	.open = chrdev_open,
};

void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
	if (S_ISCHR(mode)) {
		inode->i_fop = &def_chr_fops;
		inode->i_rdev = rdev;
	} else if (S_ISBLK(mode)) {
		inode->i_rdev = rdev; /* no block devices: opens as -ENXIO */
	}
}

static struct file *console;

struct file *console_file(void)
{
	return console;
}

/* The console file of the first task's 0, 1 and 2: never closed (one reference of its own). */
int console_file_init(void)
{
	struct inode *inode = new_inode();
	struct file *f;

	if (!inode)
		return -ENOMEM;
	init_special_inode(inode, S_IFCHR | 0600, MKDEV(TTYAUX_MAJOR, 1));
	f = alloc_file(inode, NULL, O_RDWR | O_LARGEFILE, &tty_fops);
	iput(inode);
	if (IS_ERR(f))
		return (int)PTR_ERR(f);
	console = f;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * Address spaces: the areas (VMAs) of each, and the calls that change them,
 * brk, mmap, munmap and mprotect, with Linux's semantics and errors. The
 * pages themselves are in the page tables only (mm/memory.c).
 */
#include <trapdoor/arch.h>
#include <trapdoor/file.h>
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/mman.h>
#include <uapi/unistd.h> /* __ARCH_WANT_SYS_OLD_MMAP */

#include "internal.h"
#include "../kernel/syscalls.h"

/* Address spaces come from a fixed pool: one per task at most. */
#define NR_MMS 128
static struct mm_struct mm_pool[NR_MMS];
static bool mm_used[NR_MMS];

struct mm_struct *mm_create(void)
{
	for (int i = 0; i < NR_MMS; i++) {
		struct mm_struct *mm = &mm_pool[i];

		if (mm_used[i])
			continue;
		mm_used[i] = true;
		mm->map_count = 0;
		mm->start_brk = mm->brk = 0;
		if (arch_mm_init(mm) < 0) {
			mm_used[i] = false;
			return NULL;
		}
		return mm;
	}
	return NULL;
}

/*
 * Every present page of every area goes back (one reference each: a page
 * still shared with a fork lives on), then the page tables.
 */
void mm_destroy(struct mm_struct *mm)
{
	for (unsigned int i = 0; i < mm->map_count; i++)
		release_user_pages(mm, mm->vmas[i].vm_start, mm->vmas[i].vm_end);
	arch_mm_destroy(mm);
	mm->map_count = 0;
	mm_used[mm - mm_pool] = false;
}

struct vm_area_struct *vma_lookup(struct mm_struct *mm, unsigned long addr)
{
	/*
	 * The area found last first: a syscall's checks and copies look up
	 * the same buffer several times. It is tested against the areas as
	 * they are now, so an index that mmap or munmap made stale can only
	 * miss, never find a wrong area (areas never overlap).
	 */
	unsigned int i = mm->mmap_cache;

	if (i < mm->map_count && mm->vmas[i].vm_start <= addr && addr < mm->vmas[i].vm_end)
		return &mm->vmas[i];
	for (i = 0; i < mm->map_count && mm->vmas[i].vm_start <= addr; i++)
		if (addr < mm->vmas[i].vm_end) {
			mm->mmap_cache = i;
			return &mm->vmas[i];
		}
	return NULL;
}

/* Does any area overlap [start, end)? */
static bool range_in_use(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	for (unsigned int i = 0; i < mm->map_count; i++)
		if (mm->vmas[i].vm_start < end && start < mm->vmas[i].vm_end)
			return true;
	return false;
}

static bool user_range_ok(unsigned long start, unsigned long len)
{
	return start >= USER_BASE && len <= TASK_SIZE - USER_BASE && start <= TASK_SIZE - len;
}

static bool vma_can_merge(const struct vm_area_struct *a, const struct vm_area_struct *b)
{
	return a->vm_end == b->vm_start && a->vm_prot == b->vm_prot && a->vm_flags == b->vm_flags;
}

/* Merges area i with its neighbours where they touch and agree. */
static void vma_merge(struct mm_struct *mm, unsigned int i)
{
	struct vm_area_struct *v = mm->vmas;

	if (i + 1 < mm->map_count && vma_can_merge(&v[i], &v[i + 1])) {
		v[i].vm_end = v[i + 1].vm_end;
		memmove(&v[i + 1], &v[i + 2], (mm->map_count - i - 2) * sizeof(*v));
		mm->map_count--;
	}
	if (i > 0 && vma_can_merge(&v[i - 1], &v[i])) {
		v[i - 1].vm_end = v[i].vm_end;
		memmove(&v[i], &v[i + 1], (mm->map_count - i - 1) * sizeof(*v));
		mm->map_count--;
	}
}

/* Inserts a free range as an area, in order; -ENOMEM if the table is full. */
static int vma_insert(struct mm_struct *mm, unsigned long start, unsigned long end,
		      unsigned int prot, unsigned int vm_flags)
{
	unsigned int i = 0;

	if (mm->map_count == MAX_VMAS)
		return -ENOMEM;
	while (i < mm->map_count && mm->vmas[i].vm_start < start)
		i++;
	memmove(&mm->vmas[i + 1], &mm->vmas[i], (mm->map_count - i) * sizeof(mm->vmas[0]));
	mm->vmas[i] = (struct vm_area_struct){
		.vm_start = start, .vm_end = end, .vm_prot = prot, .vm_flags = vm_flags
	};
	mm->map_count++;
	vma_merge(mm, i);
	return 0;
}

/* Splits area i at addr (inside it, page aligned) into two; -ENOMEM if the table is full. */
static int vma_split(struct mm_struct *mm, unsigned int i, unsigned long addr)
{
	if (mm->map_count == MAX_VMAS)
		return -ENOMEM;
	memmove(&mm->vmas[i + 1], &mm->vmas[i], (mm->map_count - i) * sizeof(mm->vmas[0]));
	mm->map_count++;
	mm->vmas[i].vm_end = addr;
	mm->vmas[i + 1].vm_start = addr;
	return 0;
}

/*
 * Splits the areas that straddle start or end, so that [start, end) is made
 * of whole areas. Both splits need a free slot each, checked first: a
 * failed call changes nothing.
 */
static int vma_split_range(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	struct vm_area_struct *a = vma_lookup(mm, start), *b = vma_lookup(mm, end);
	unsigned int need = (a && a->vm_start < start) + (b && b->vm_start < end);

	if (mm->map_count + need > MAX_VMAS)
		return -ENOMEM;
	if (a && a->vm_start < start)
		vma_split(mm, (unsigned int)(a - mm->vmas), start);
	b = vma_lookup(mm, end);
	if (b && b->vm_start < end)
		vma_split(mm, (unsigned int)(b - mm->vmas), end);
	return 0;
}

int mm_map_area(struct mm_struct *mm, unsigned long start, unsigned long len, unsigned int prot,
		unsigned int vm_flags)
{
	if ((start | len) & (PAGE_SIZE - 1) || !len || !user_range_ok(start, len))
		return -EINVAL;
	if (range_in_use(mm, start, start + len))
		return -EEXIST;
	return vma_insert(mm, start, start + len, prot, vm_flags);
}

int mm_setup_stack(struct mm_struct *mm)
{
	return mm_map_area(mm, USER_STACK_TOP - STACK_SIZE, STACK_SIZE, PROT_READ | PROT_WRITE,
			   VM_STACK);
}

void mm_set_brk(struct mm_struct *mm, unsigned long end)
{
	mm->start_brk = mm->brk = ALIGN(end, PAGE_SIZE);
}

/*
 * Removes [start, end) (page aligned) from mm: its areas, split where they
 * straddle an end, and their pages. Unmapping nothing is no error.
 */
static int do_munmap(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	unsigned int i = 0;
	int err = vma_split_range(mm, start, end);

	if (err < 0)
		return err;
	while (i < mm->map_count) {
		struct vm_area_struct *v = &mm->vmas[i];

		if (v->vm_start >= start && v->vm_end <= end) {
			unmap_user_pages(mm, v->vm_start, v->vm_end);
			memmove(v, v + 1, (mm->map_count - i - 1) * sizeof(*v));
			mm->map_count--;
		} else {
			i++;
		}
	}
	return 0;
}

int mm_dup(struct mm_struct *dst, struct mm_struct *src)
{
	for (unsigned int i = 0; i < src->map_count; i++) {
		int err = copy_user_pages(dst, src, &src->vmas[i]);

		dst->vmas[i] = src->vmas[i];
		dst->map_count = i + 1; /* mm_destroy() frees what was shared so far */
		if (err < 0)
			return err;
	}
	dst->start_brk = src->start_brk;
	dst->brk = src->brk;
	dst->sigpage = src->sigpage;
	return 0;
}

/*
 * The lowest address of the mmap area: below the stack and its guard gap.
 * New mappings go top-down from here, as Linux's default layout places them.
 */
#define MMAP_BASE (USER_STACK_TOP - STACK_SIZE - STACK_GUARD_GAP)

/* Where area v's neighbour below must end: a stack keeps its guard gap free. */
static unsigned long vm_start_gap(const struct vm_area_struct *v)
{
	unsigned long gap = v->vm_flags & VM_STACK ? STACK_GUARD_GAP : 0;

	return v->vm_start >= gap ? v->vm_start - gap : 0;
}

/* A free range of len bytes, the highest below MMAP_BASE; 0 if none. */
static unsigned long get_unmapped_area(struct mm_struct *mm, unsigned long len)
{
	for (int i = (int)mm->map_count - 1; i >= -1; i--) {
		unsigned long floor = i >= 0 ? mm->vmas[i].vm_end : USER_BASE;
		unsigned long ceiling =
		    i + 1 < (int)mm->map_count ? vm_start_gap(&mm->vmas[i + 1]) : TASK_SIZE;

		if (ceiling > MMAP_BASE)
			ceiling = MMAP_BASE;
		if (ceiling > floor && ceiling - floor >= len)
			return ceiling - len;
	}
	return 0;
}

/* mmap's hint, used where it fits as Linux does: free, and clear of a stack's gap. */
static bool hint_fits(struct mm_struct *mm, unsigned long addr, unsigned long len)
{
	if (!addr || addr & (PAGE_SIZE - 1) || !user_range_ok(addr, len))
		return false;
	for (unsigned int i = 0; i < mm->map_count; i++)
		if (vm_start_gap(&mm->vmas[i]) < addr + len && addr < mm->vmas[i].vm_end)
			return false;
	return true;
}

/*
 * Maps page, a kernel page that stays the kernel's (the signal page), with
 * prot into mm where a mapping would go: one more reference to it, shared
 * by fork as any page, written to by nobody (a private copy if the task makes
 * it writable). The address, or a negative errno.
 */
long mm_map_special_page(struct mm_struct *mm, void *page, unsigned int prot)
{
	unsigned long addr = get_unmapped_area(mm, PAGE_SIZE);
	int err;

	if (!addr)
		return -ENOMEM;
	err = mm_map_area(mm, addr, PAGE_SIZE, prot, 0);
	if (err < 0)
		return err;
	get_page(page);
	err = arch_map_user(mm, addr, virt_to_phys(page), prot);
	if (err < 0) {
		free_page(page);
		return err;
	}
	return (long)addr;
}

static long do_mmap(unsigned long addr, unsigned long len, unsigned long prot, unsigned long flags,
		    int fd)
{
	struct mm_struct *mm = current->mm;
	int err;

	if (!(flags & MAP_ANONYMOUS) && !fget(fd))
		return -EBADF;
	if (!len)
		return -EINVAL;
	if (len > TASK_SIZE)
		return -ENOMEM;
	len = ALIGN(len, PAGE_SIZE);
	if ((flags & MAP_TYPE) != MAP_PRIVATE && (flags & MAP_TYPE) != MAP_SHARED)
		return -EINVAL;
	if (!(flags & MAP_ANONYMOUS))
		return -ENODEV; /* no file here can be mapped */
	if ((flags & MAP_TYPE) != MAP_PRIVATE)
		return -EINVAL; /* shared memory does not exist here */
	prot &= PROT_READ | PROT_WRITE | PROT_EXEC;
	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
		if (addr & (PAGE_SIZE - 1))
			return -EINVAL;
		if (!user_range_ok(addr, len))
			return addr < USER_BASE && addr + len > addr ? -EPERM : -ENOMEM;
		if (range_in_use(mm, addr, addr + len)) {
			if (!(flags & MAP_FIXED))
				return -EEXIST; /* MAP_FIXED_NOREPLACE */
			err = do_munmap(mm, addr, addr + len);
			if (err < 0)
				return err;
		}
	} else if (addr = ALIGN(addr, PAGE_SIZE), !hint_fits(mm, addr, len)) {
		addr = get_unmapped_area(mm, len);
		if (!addr)
			return -ENOMEM;
	}
	err = vma_insert(mm, addr, addr + len, (unsigned int)prot, 0);
	return err < 0 ? err : (long)addr;
}

/* mmap(addr, len, prot, flags, fd, offset): anonymous private memory, demand-zero. */
SYSCALL_DEFINE6(mmap, unsigned long, addr, unsigned long, len, unsigned long, prot, unsigned long,
		flags, int, fd, unsigned long, off)
{
	if (off & (PAGE_SIZE - 1))
		return -EINVAL;
	return do_mmap(addr, len, prot, flags, fd);
}

#ifdef __ARCH_WANT_SYS_OLD_MMAP
/* old_mmap's one argument: the six of mmap, in user memory (Linux's struct mmap_arg_struct). */
struct mmap_arg_struct {
	unsigned long addr;
	unsigned long len;
	unsigned long prot;
	unsigned long flags;
	unsigned long fd;
	unsigned long offset;
};

/* s390's mmap (its table's 90): the arguments read from user memory, then as mmap. */
SYSCALL_DEFINE1(old_mmap, struct mmap_arg_struct __user *, arg)
{
	struct mmap_arg_struct a;

	if (copy_from_user(&a, arg, sizeof(a)) < 0)
		return -EFAULT;
	if (a.offset & (PAGE_SIZE - 1))
		return -EINVAL;
	return do_mmap(a.addr, a.len, a.prot, a.flags, (int)a.fd);
}
#endif

SYSCALL_DEFINE2(munmap, unsigned long, addr, size_t, len)
{
	if (addr & (PAGE_SIZE - 1) || !len || len > TASK_SIZE || addr > TASK_SIZE - len)
		return -EINVAL;
	return do_munmap(current->mm, addr, ALIGN(addr + len, PAGE_SIZE));
}

/*
 * mprotect(addr, len, prot): areas are split where the range cuts them, as
 * glibc's RELRO needs. A hole in the range is -ENOMEM, as in Linux after the
 * areas before the hole have changed.
 */
SYSCALL_DEFINE3(mprotect, unsigned long, start, size_t, len, unsigned long, prot)
{
	return mm_mprotect(current->mm, start, len, prot);
}

int mm_mprotect(struct mm_struct *mm, unsigned long start, size_t len, unsigned long prot)
{
	unsigned long end, va;
	int err;

	if (start & (PAGE_SIZE - 1))
		return -EINVAL;
	if (prot & ~(unsigned long)(PROT_READ | PROT_WRITE | PROT_EXEC))
		return -EINVAL;
	if (!len)
		return 0;
	end = ALIGN(start + len, PAGE_SIZE);
	if (end <= start)
		return -ENOMEM;
	if (!vma_lookup(mm, start))
		return -ENOMEM;
	err = vma_split_range(mm, start, end);
	if (err < 0)
		return err;
	for (va = start; va < end;) {
		struct vm_area_struct *v = vma_lookup(mm, va);

		if (!v) {
			err = -ENOMEM;
			break;
		}
		v->vm_prot = (unsigned int)prot;
		protect_user_pages(mm, v->vm_start, v->vm_end, v->vm_prot);
		va = v->vm_end;
	}
	/* Neighbours that now agree become one area again. */
	for (unsigned int i = mm->map_count; i-- > 0;)
		if (i < mm->map_count)
			vma_merge(mm, i);
	return err;
}

/*
 * brk(addr): moves the end of the heap, never below start_brk nor into
 * another area (with the stack's gap), and returns the new end; on any
 * failure, the old one (Linux: brk reports no errno).
 */
SYSCALL_DEFINE1(brk, unsigned long, addr)
{
	struct mm_struct *mm = current->mm;
	unsigned long old = ALIGN(mm->brk, PAGE_SIZE), new = ALIGN(addr, PAGE_SIZE);

	if (addr < mm->start_brk || addr > TASK_SIZE)
		return (long)mm->brk;
	if (new < old) {
		if (do_munmap(mm, new, old) < 0)
			return (long)mm->brk;
	} else if (new > old) {
		if (!hint_fits(mm, old, new - old) ||
		    vma_insert(mm, old, new, PROT_READ | PROT_WRITE, VM_BRK) < 0)
			return (long)mm->brk;
	}
	mm->brk = addr;
	return (long)addr;
}

// SPDX-License-Identifier: MIT
/*
 * The pages of user address spaces: demand-zero faults, copy-on-write, fork's
 * sharing, and copies between the kernel and an address space. The page
 * tables are the one record of which page is present (arch_user_page() and
 * the other hooks of arch.h); the areas of mm/mmap.c say what may be.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/printk.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "internal.h"

void release_user_pages(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	unsigned long pa;
	unsigned int prot;

	for (unsigned long va = start; va < end; va += PAGE_SIZE)
		if (arch_user_page(mm, va, &pa, &prot) == 0)
			free_page(phys_to_virt(pa));
}

void unmap_user_pages(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		unsigned long pa = arch_unmap_user(mm, va);

		if (pa)
			free_page(phys_to_virt(pa));
	}
}

/* A page shared with another address space stays read-only until its write fault. */
static unsigned int page_prot(unsigned long pa, unsigned int prot)
{
	return page_count(phys_to_virt(pa)) > 1 ? prot & ~(unsigned int)PROT_WRITE : prot;
}

void protect_user_pages(struct mm_struct *mm, unsigned long start, unsigned long end,
			unsigned int prot)
{
	unsigned long pa;
	unsigned int old;

	for (unsigned long va = start; va < end; va += PAGE_SIZE)
		if (arch_user_page(mm, va, &pa, &old) == 0 && old != page_prot(pa, prot))
			arch_protect_user(mm, va, page_prot(pa, prot));
}

int copy_user_pages(struct mm_struct *dst, struct mm_struct *src, const struct vm_area_struct *vma)
{
	unsigned int shared = vma->vm_prot & ~(unsigned int)PROT_WRITE;

	for (unsigned long va = vma->vm_start; va < vma->vm_end; va += PAGE_SIZE) {
		unsigned long pa;
		unsigned int prot;
		int err;

		if (arch_user_page(src, va, &pa, &prot) < 0)
			continue; /* never touched: the child gets its own zero page */
		if (prot & PROT_WRITE)
			arch_protect_user(src, va, shared);
		get_page(phys_to_virt(pa));
		err = arch_map_user(dst, va, pa, shared);
		if (err < 0) {
			free_page(phys_to_virt(pa));
			return err;
		}
	}
	return 0;
}

/*
 * A write to present page va (at pa) of vma, which may be written: a page
 * nobody else holds any more just becomes writable; a shared one is copied
 * and the copy takes its place.
 */
static int do_wp_page(struct mm_struct *mm, struct vm_area_struct *vma, unsigned long va,
		      unsigned long pa)
{
	void *old = phys_to_virt(pa), *new;
	int err;

	if (page_count(old) == 1)
		return vma->vm_prot & PROT_WRITE ? arch_protect_user(mm, va, vma->vm_prot) : 0;
	new = alloc_page();
	if (!new)
		return -ENOMEM;
	memcpy(new, old, PAGE_SIZE);
	arch_unmap_user(mm, va);
	free_page(old); /* our reference: the others keep the page */
	err = arch_map_user(mm, va, virt_to_phys(new), vma->vm_prot);
	if (err < 0)
		free_page(new);
	return err;
}

int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma, unsigned long va, bool write)
{
	unsigned long pa;
	unsigned int prot;
	void *page;
	int err;

	va &= ~(PAGE_SIZE - 1);
	if (arch_user_page(mm, va, &pa, &prot) < 0) {
		/* Demand-zero: the area's first touch of this page. */
		page = alloc_page();
		if (!page)
			return -ENOMEM;
		err = arch_map_user(mm, va, virt_to_phys(page), vma->vm_prot);
		if (err < 0)
			free_page(page);
		return err;
	}
	if (write && !(prot & PROT_WRITE))
		return do_wp_page(mm, vma, va, pa);
	/* An entry that grants less than its area (and sharing) allows: the area's. */
	if (page_prot(pa, vma->vm_prot) & ~prot & (PROT_READ | PROT_EXEC))
		return arch_protect_user(mm, va, page_prot(pa, vma->vm_prot));
	return 0; /* present as asked: another CPU's stale entry, now gone */
}

/* May a user access of this kind touch vma? Write implies read, as on every MMU here. */
static bool access_allowed(const struct vm_area_struct *vma, enum user_fault kind)
{
	switch (kind) {
	case FAULT_WRITE:
		return vma->vm_prot & PROT_WRITE;
	case FAULT_EXEC:
		return vma->vm_prot & PROT_EXEC;
	default:
		return vma->vm_prot & (PROT_READ | PROT_WRITE);
	}
}

void do_user_page_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	int err = -EFAULT, code;

	spin_lock(&kernel_lock); /* a trap from user mode holds none */
	vma = mm ? vma_lookup(mm, addr) : NULL;
	code = vma ? SEGV_ACCERR : SEGV_MAPERR; /* a mapping that forbids it, or none */
	if (vma && access_allowed(vma, kind))
		err = handle_mm_fault(mm, vma, addr, kind == FAULT_WRITE);
	if (err == -ENOMEM) {
		/* Out of memory: only the task that asked dies, as Linux's OOM killer's victim. */
		kernel_stats.user_faults++;
		printk("task %d (%s) killed: out of memory at 0x%lx, pc 0x%lx\n", current->pid,
		       current->comm, addr, instruction_pointer(regs));
		do_exit(SIGKILL);
	}
	spin_unlock(&kernel_lock);
	if (err < 0)
		force_sig_fault(regs, kind, addr, code);
}

/* mm_copy()'s general way: a write under the kernel lock, a read with or without it. */
static int mm_copy_general(struct mm_struct *mm, unsigned long va, u8 *dst, const u8 *src, size_t n)
{
	unsigned long end = va + n, off, pa;
	unsigned int prot;

	for (unsigned long p = va & ~(PAGE_SIZE - 1); p < end; p += PAGE_SIZE) {
		struct vm_area_struct *vma = vma_lookup(mm, p);
		int err;

		if (!vma)
			return -EFAULT;
		if (src && (err = handle_mm_fault(mm, vma, p, true)) < 0)
			return err;
	}
	while (n) {
		size_t chunk;
		u8 *page;

		off = va & (PAGE_SIZE - 1);
		chunk = PAGE_SIZE - off < n ? PAGE_SIZE - off : n;
		page = arch_user_page(mm, va - off, &pa, &prot) == 0 ? phys_to_virt(pa) : NULL;

		if (src) {
			memcpy(page + off, src, chunk); /* to the user page, made present above */
			src += chunk;
		} else {
			if (page)
				memcpy(dst, page + off, chunk);
			else
				memset(dst, 0, chunk);
			dst += chunk;
		}
		va += chunk;
		n -= chunk;
	}
	return 0;
}

int mm_populate(struct mm_struct *mm, unsigned long start, unsigned long len)
{
	for (unsigned long va = start & ~(PAGE_SIZE - 1); va < start + len; va += PAGE_SIZE) {
		struct vm_area_struct *vma = vma_lookup(mm, va);
		int err;

		if (!vma)
			return -EFAULT;
		err = handle_mm_fault(mm, vma, va, false);
		if (err < 0)
			return err;
	}
	return 0;
}

/*
 * Copies between the kernel and [va, va + n) of mm, through the kernel's view
 * of physical memory. Every page must lie in an area (-EFAULT). A write first
 * makes every page present and private (-ENOMEM if memory runs out), so it
 * either copies everything or nothing; a read of a page never touched reads
 * zeros and allocates nothing.
 *
 * The syscalls that run without the kernel lock (SYSCALL_LOCKLESS:
 * clock_gettime(), getcpu(), ...) copy out too. The usual copy needs no lock:
 * only this task changes its own address space. But making a page present
 * or private allocates and frees pages, and the page allocator is the kernel
 * lock's: a write that takes the general way takes the lock for it when its
 * caller does not hold it. A read never does (tty_write() reads with the
 * console lock held, and the kernel lock is never taken inside that one).
 */
static int mm_copy(struct mm_struct *mm, unsigned long va, u8 *dst, const u8 *src, size_t n)
{
	unsigned long off = va & (PAGE_SIZE - 1), pa;
	unsigned int prot;

	/*
	 * The usual copy (a syscall's small buffer): inside one page of an
	 * area, present, and for a write already private and writable. Then
	 * one page-table walk does, and handle_mm_fault() has nothing to do.
	 * A page that is absent or shared (read-only until its copy) takes
	 * the general way below.
	 */
	if (n && n <= PAGE_SIZE - off && vma_lookup(mm, va) &&
	    arch_user_page(mm, va - off, &pa, &prot) == 0 && (!src || (prot & PROT_WRITE))) {
		if (src)
			memcpy((u8 *)phys_to_virt(pa) + off, src, n);
		else
			memcpy(dst, (u8 *)phys_to_virt(pa) + off, n);
		return 0;
	}
	if (src && !spin_is_held_by_me(&kernel_lock)) {
		int err;

		spin_lock(&kernel_lock);
		err = mm_copy_general(mm, va, dst, src, n);
		spin_unlock(&kernel_lock);
		return err;
	}
	return mm_copy_general(mm, va, dst, src, n);
}

int mm_copy_to(struct mm_struct *mm, unsigned long va, const void *src, size_t n)
{
	return mm_copy(mm, va, NULL, src, n);
}

int mm_copy_from(struct mm_struct *mm, void *dst, unsigned long va, size_t n)
{
	return mm_copy(mm, va, dst, NULL, n);
}

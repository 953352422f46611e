// SPDX-License-Identifier: MIT
/*
 * copy_from_user and friends. The range is checked in full before anything is
 * copied: first for wrap-around (uptr + n must not pass the top of the address
 * space), then page by page against the task's areas (VMAs) and their
 * protection. The copy itself goes through the kernel's mapping of physical
 * memory (mm/memory.c: a page not yet touched is made present, a shared one
 * copied before it is written), so no architecture needs to open user memory
 * to the kernel (no SUM, no PAN games), and a bad pointer yields -EFAULT,
 * never a kernel fault.
 */
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>

/* Does page va of the address space ctx lie in an area that allows prot? */
static bool user_page_ok(const void *ctx, unsigned long va, unsigned int prot)
{
	const struct vm_area_struct *vma = vma_lookup((struct mm_struct *)ctx, va);

	return vma && (vma->vm_prot & prot) == prot;
}

bool access_ok(const void __user *uptr, size_t n, unsigned int prot)
{
	if (!current || !current->mm)
		return false;
	/* The walk itself is in include/trapdoor/uaccess.h (the fuzz target runs it too). */
	return uaccess_range_ok(user_addr(uptr), n, PAGE_SIZE, prot, user_page_ok, current->mm);
}

long copy_from_user(void *dst, const void __user *usrc, size_t n)
{
	if (!access_ok(usrc, n, PROT_READ))
		return -EFAULT;
	return mm_copy_from(current->mm, dst, user_addr(usrc), n) < 0 ? -EFAULT : 0;
}

long copy_to_user(void __user *udst, const void *src, size_t n)
{
	if (!access_ok(udst, n, PROT_WRITE))
		return -EFAULT;
	return mm_copy_to(current->mm, user_addr(udst), src, n) < 0 ? -EFAULT : 0;
}

long strncpy_from_user(char *dst, const char __user *usrc, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		if (!access_ok(usrc + i, 1, PROT_READ))
			return -EFAULT;
		mm_copy_from(current->mm, &dst[i], user_addr(usrc + i), 1);
		if (dst[i] == '\0')
			return (long)i;
	}
	if (max)
		dst[max - 1] = '\0';
	return -ENAMETOOLONG;
}

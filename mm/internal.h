/* SPDX-License-Identifier: MIT */
/* Between the files of mm/: the page walks of mm/memory.c that mm/mmap.c calls. */
#ifndef TRAPDOOR_MM_INTERNAL_H
#define TRAPDOOR_MM_INTERNAL_H

#include <trapdoor/mm.h>

/*
 * Each over the pages of [start, end) (page aligned) that are present:
 *	release_user_pages()	drops each page's reference, leaving the page
 *				tables to arch_mm_destroy() (exit, execve)
 *	unmap_user_pages()	unmaps each page and drops its reference (munmap)
 *	protect_user_pages()	gives each page prot, less PROT_WRITE while it
 *				is shared (mprotect)
 *	copy_user_pages()	fork: maps each of vma's present pages of src
 *				into dst too, read-only in both while shared
 */
void release_user_pages(struct mm_struct *mm, unsigned long start, unsigned long end);
void unmap_user_pages(struct mm_struct *mm, unsigned long start, unsigned long end);
void protect_user_pages(struct mm_struct *mm, unsigned long start, unsigned long end,
			unsigned int prot);
int copy_user_pages(struct mm_struct *dst, struct mm_struct *src, const struct vm_area_struct *vma);

#endif

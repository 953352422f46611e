/* SPDX-License-Identifier: MIT */
/*
 * Small kernel allocations (mm/slab.c): kmalloc() gives size bytes, 16-byte
 * aligned, from pages cut into objects of one size class (32 to 2048 bytes);
 * a page whose last object is freed goes back to the page allocator, so free
 * pages return to their baseline once everything is freed.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SLAB_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SLAB_H

#include <trapdoor/types.h>

#define KMALLOC_MAX_SIZE 2048

void *kmalloc(size_t size); /* NULL if size is 0, too big, or memory is short */
void *kzalloc(size_t size); /* kmalloc(), zeroed */
void kfree(const void *p);  /* NULL is ignored */

#endif

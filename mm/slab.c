// SPDX-License-Identifier: MIT
/*
 * kmalloc (include/trapdoor/slab.h). Each size class keeps a list of its
 * pages that have a free object. A page starts with its header; its objects
 * follow, each free one linking to the next. kfree() finds the header by
 * rounding the address down to its page.
 */
#include <trapdoor/list.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/slab.h>
#include <trapdoor/string.h>

#define SLAB_MAGIC	0x51ab51abU
#define NR_SIZE_CLASSES 7  /* 32, 64, ..., 2048 */
#define SLAB_HEADER	64 /* the header's room, keeping objects 16-byte aligned */

struct slab {
	u32 magic;
	unsigned int size;  /* object size */
	unsigned int inuse; /* objects handed out */
	void *freelist;
	struct list_head list; /* in its class's partial list while an object is free */
};

static struct list_head partial[NR_SIZE_CLASSES] = {
	LIST_HEAD_INIT(partial[0]), LIST_HEAD_INIT(partial[1]), LIST_HEAD_INIT(partial[2]),
	LIST_HEAD_INIT(partial[3]), LIST_HEAD_INIT(partial[4]), LIST_HEAD_INIT(partial[5]),
	LIST_HEAD_INIT(partial[6]),
};

_Static_assert(sizeof(struct slab) <= SLAB_HEADER, "slab header too big");

static int size_class(size_t size)
{
	int c = 0;

	while ((32UL << c) < size)
		c++;
	return c;
}

static struct slab *new_slab(int c)
{
	struct slab *s = alloc_page();
	unsigned int size = 32U << c;
	char *obj;

	if (!s)
		return NULL;
	*s = (struct slab){ .magic = SLAB_MAGIC, .size = size };
	for (obj = (char *)s + SLAB_HEADER; obj + size <= (char *)s + PAGE_SIZE; obj += size) {
		*(void **)obj = s->freelist;
		s->freelist = obj;
	}
	list_add_tail(&s->list, &partial[c]);
	return s;
}

void *kmalloc(size_t size)
{
	struct slab *s;
	void *obj;
	int c;

	if (size == 0 || size > KMALLOC_MAX_SIZE || should_fail_alloc())
		return NULL;
	c = size_class(size);
	if (list_empty(&partial[c]))
		s = new_slab(c);
	else
		s = list_first_entry(&partial[c], struct slab, list);
	if (!s)
		return NULL;
	obj = s->freelist;
	s->freelist = *(void **)obj;
	s->inuse++;
	if (!s->freelist)
		list_del_init(&s->list);
	return obj;
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void kfree(const void *p)
{
	struct slab *s;

	if (!p)
		return;
	s = (struct slab *)((unsigned long)p & ~(PAGE_SIZE - 1));
	if (s->magic != SLAB_MAGIC || s->inuse == 0)
		panic("kfree: %p is no kmalloc object", p);
	if (!s->freelist)
		list_add_tail(&s->list, &partial[size_class(s->size)]);
	*(void **)p = s->freelist;
	s->freelist = (void *)p;
	if (--s->inuse == 0) {
		list_del_init(&s->list);
		s->magic = 0;
		free_page(s);
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * Doubly linked circular lists, Linux's struct list_head: the links live
 * inside the listed object, and a list is a head whose next and prev point
 * at itself when it is empty. Nothing here allocates or locks; the caller's
 * lock keeps the list consistent.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_LIST_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_LIST_H

#include <trapdoor/types.h>

struct list_head {
	struct list_head *next, *prev;
};

/* The object of type type whose member member is at ptr. */
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

#define LIST_HEAD_INIT(name) { &(name), &(name) }

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

/* Adds entry at the end of the list head. */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	entry->prev = head->prev;
	entry->next = head;
	head->prev->next = entry;
	head->prev = entry;
}

/* Takes entry off its list and leaves it an empty list of its own (list_empty() is then true). */
static inline void list_del_init(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
	INIT_LIST_HEAD(entry);
}

#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

/* Each entry of the list head, of type typeof(*pos), in order. */
#define list_for_each_entry(pos, head, member)                                                 \
	for (pos = list_entry((head)->next, __typeof__(*pos), member); &pos->member != (head); \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#define list_entry(ptr, type, member)	     container_of(ptr, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)

#endif

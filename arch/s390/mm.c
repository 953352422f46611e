// SPDX-License-Identifier: MIT
/*
 * User address spaces on s390x: one segment table per task, page tables
 * below it, designated by CR1 while the task runs.
 *
 * The kernel itself is never translated. Every interruption loads a new PSW
 * with DAT off (head.S), so the kernel runs on real addresses whatever CR1
 * holds, and a system call switches no table at all (docs/design.md,
 * "Performance principles"). CR1 changes only in arch_switch_mm(), on a
 * context switch.
 *
 * Formats (z/Architecture Principles of Operation, SA22-7832, chapter 3,
 * "Dynamic Address Translation"), bits counted from the left, bit 0 = MSB:
 *
 *   ASCE  (CR1)  bits 0-51 segment-table origin, 60-61 designation type
 *                (00 = segment table), 62-63 table length (in 4 KiB units - 1)
 *   segment-table entry  bits 0-52 page-table origin, 58 I (invalid)
 *   page-table entry     bits 0-51 page-frame real address, 53 I (invalid),
 *                        54 P (page protection: no stores), 55 IEP
 *                        (instruction-execution protection, facility 130)
 *
 * A zero entry is *valid* on s390 (I = 0) and points at real address 0, the
 * lowcore: every new table is filled with invalid entries before use.
 *
 * TLBs with several CPUs (docs/smp.md). Each CPU has its own TLB, whose
 * entries are tagged with the ASCE they were made through. The rule: a CPU's
 * TLB holds translations made through its live ASCE only, because every change
 * of CR1 comes with a purge of its whole TLB (arch_switch_mm()). A mapping
 * added (invalid -> valid) needs no purge; one changed or removed goes
 * through IPTE, which clears it from every CPU's TLB at once (ipte_user()).
 * What is left is a table freed and its page reused, maybe as another address space's table with the very same
 * ASCE: arch_mm_destroy() first makes every CPU whose live ASCE it is switch
 * away and purge (an IPI, smp_call_function()), and frees only then.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/smp.h>
#include <asm/ctlreg.h>
#include <asm/facility.h>
#include <asm/setup.h>
#include <uapi/errno.h>

/* Virtual-address fields with a segment-table ASCE: SX bits 33-43, PX bits 44-51. */
#define SEGMENT_SHIFT	      20  /* a segment is 1 MiB */
#define SEGMENT_TABLE_ENTRIES 512 /* table length 0: one 4 KiB unit */
#define PAGE_TABLE_ENTRIES    256 /* 1 MiB / 4 KiB; a page table is 2 KiB */

#define ASCE_ORIGIN_MASK     (~0xfffUL) /* bits 0-51: 4 KiB aligned table */
#define ASCE_TYPE_SEGMENT    0x0UL	/* bits 60-61 = 00: a segment table */
#define ASCE_TABLE_LENGTH_4K 0x0UL	/* bits 62-63 = 0: 512 entries */

#define SEGMENT_ENTRY_ORIGIN  (~0x7ffUL) /* bits 0-52: 2 KiB aligned page table */
#define SEGMENT_ENTRY_INVALID 0x20UL	 /* bit 58 */

#define PAGE_ENTRY_ORIGIN  (~0xfffUL) /* bits 0-51: the page frame */
#define PAGE_ENTRY_INVALID 0x400UL    /* bit 53 */
#define PAGE_ENTRY_PROTECT 0x200UL    /* bit 54: stores raise a protection exception */
#define PAGE_ENTRY_IEP	   0x100UL    /* bit 55: fetching an instruction does too */

/*
 * The address space of no task: every segment invalid. CR1 designates it
 * whenever no user address space is live (arch_switch_mm(NULL)), and CR7
 * (secondary) and CR13 (home) designate it always, so that no address-space
 * mode a user might reach can translate anything.
 */
static u64 empty_segment_table[SEGMENT_TABLE_ENTRIES] __aligned(PAGE_SIZE);
static unsigned long empty_asce;

/* The ASCE in each CPU's CR1 now: arch_switch_mm() reloads (and purges) only on change. */
static unsigned long live_asce[NR_CPUS];

/* Whether page-table entries can forbid instruction fetches. */
static bool have_iep;

static unsigned long segment_index(unsigned long va)
{
	return va >> SEGMENT_SHIFT;
}

static unsigned long page_index(unsigned long va)
{
	return (va >> PAGE_SHIFT) & (PAGE_TABLE_ENTRIES - 1);
}

static unsigned long make_asce(const u64 *segment_table)
{
	return (virt_to_phys(segment_table) & ASCE_ORIGIN_MASK) | ASCE_TYPE_SEGMENT |
	       ASCE_TABLE_LENGTH_4K;
}

static void fill(u64 *table, unsigned int entries, u64 value)
{
	for (unsigned int i = 0; i < entries; i++)
		table[i] = value;
}

/* LOAD CONTROL for control registers 1, 7, 13 (the primary, secondary, home ASCEs). */
static void set_cr1(unsigned long asce)
{
	__asm__ __volatile__("lctlg	1,1,%0" : : "Q"(asce) : "memory");
}

static void set_cr7_cr13(unsigned long asce)
{
	__asm__ __volatile__("lctlg	7,7,%0\n\t"
			     "lctlg	13,13,%0"
			     :
			     : "Q"(asce)
			     : "memory");
}

/* PURGE TLB: forget every translation this CPU cached (PoP 10, "PTLB"). */
static void purge_tlb(void)
{
	__asm__ __volatile__("ptlb" : : : "memory");
}

bool arch_mm_setup(void)
{
	fill(empty_segment_table, SEGMENT_TABLE_ENTRIES, SEGMENT_ENTRY_INVALID);
	empty_asce = make_asce(empty_segment_table);
	s390_mm_init_cpu();

	/*
	 * Basic DAT can forbid stores (P) but not instruction fetches: that
	 * takes the instruction-execution-protection facility, which QEMU's
	 * TCG implements. With it, CR0 bit 43 makes the IEP bit count.
	 */
	have_iep = test_facility(FACILITY_IEP);
	if (have_iep)
		set_cr0(get_cr0() | CR0_INSTRUCTION_EXEC_PROTECTION);
	return have_iep;
}

/* This CPU's address-space registers: no user space live, an empty TLB. */
void s390_mm_init_cpu(void)
{
	unsigned long *live = &live_asce[smp_processor_id()];

	set_cr7_cr13(empty_asce);
	*live = empty_asce;
	set_cr1(*live);
	purge_tlb();
}

int arch_mm_init(struct mm_struct *mm)
{
	u64 *segment_table = alloc_page();

	if (!segment_table)
		return -ENOMEM;
	fill(segment_table, SEGMENT_TABLE_ENTRIES, SEGMENT_ENTRY_INVALID);
	mm->arch.segment_table = segment_table;
	mm->arch.asce = make_asce(segment_table);
	return 0;
}

/* The page table for va's segment, allocated on first use; NULL if out of memory. */
static u64 *page_table_for(struct mm_struct *mm, unsigned long va)
{
	u64 *ste = &mm->arch.segment_table[segment_index(va)];
	u64 *page_table;

	if (!(*ste & SEGMENT_ENTRY_INVALID))
		return phys_to_virt(*ste & SEGMENT_ENTRY_ORIGIN);
	/* A page table needs only 2 KiB; we give it a page and leave the rest unused. */
	page_table = alloc_page();
	if (!page_table)
		return NULL;
	fill(page_table, PAGE_TABLE_ENTRIES, PAGE_ENTRY_INVALID);
	*ste = virt_to_phys(page_table) & SEGMENT_ENTRY_ORIGIN; /* I = 0: valid */
	return page_table;
}

/*
 * A user page with no access (PROT_NONE) keeps its page in an invalid entry:
 * its frame and this bit, one of bits 56-63, which DAT never looks at (Linux
 * keeps its software bits there too).
 */
#define PAGE_ENTRY_PROT_NONE 0x001UL

static bool pte_user_present(u64 pte)
{
	return !(pte & PAGE_ENTRY_INVALID) || (pte & PAGE_ENTRY_PROT_NONE);
}

/* Every valid entry is readable: s390 pages cannot forbid loads. */
static u64 pte_user(unsigned long pa, unsigned int prot)
{
	u64 pte = pa & PAGE_ENTRY_ORIGIN;

	if (!prot)
		return pte | PAGE_ENTRY_INVALID | PAGE_ENTRY_PROT_NONE;
	if (!(prot & PROT_WRITE))
		pte |= PAGE_ENTRY_PROTECT;
	if (!(prot & PROT_EXEC) && have_iep)
		pte |= PAGE_ENTRY_IEP;
	return pte;
}

static bool user_page_ok(unsigned long va)
{
	return !(va & (PAGE_SIZE - 1)) && va >= USER_BASE && va < TASK_SIZE;
}

/* The page-table entry of user page va, NULL if its segment has no page table. */
static u64 *user_pte(struct mm_struct *mm, unsigned long va)
{
	u64 ste = mm->arch.segment_table[segment_index(va)];

	if (ste & SEGMENT_ENTRY_INVALID)
		return NULL;
	return (u64 *)phys_to_virt(ste & SEGMENT_ENTRY_ORIGIN) + page_index(va);
}

/* The segment table spans the user range: 1 MiB a segment. */
BUILD_BUG_ON(TASK_SIZE > (unsigned long)SEGMENT_TABLE_ENTRIES << SEGMENT_SHIFT);

int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot)
{
	u64 *page_table;

	if (!user_page_ok(va) || pa & (PAGE_SIZE - 1))
		return -EINVAL;
	page_table = page_table_for(mm, va);
	if (!page_table)
		return -ENOMEM;
	/*
	 * invalid -> valid needs no TLB purge: the TLB never holds invalid
	 * entries. A valid entry changes only through IPTE (ipte_user()).
	 */
	if (pte_user_present(page_table[page_index(va)]))
		return -EBUSY;
	page_table[page_index(va)] = pte_user(pa, prot);
	return 0;
}

void arch_switch_mm(struct mm_struct *mm)
{
	unsigned long asce = mm ? mm->arch.asce : empty_asce;
	unsigned long *live = &live_asce[smp_processor_id()];

	if (asce == *live)
		return;
	set_cr1(asce);
	/*
	 * The TLB may still hold translations made through the previous
	 * table, and a freed table page may come back as this one: purge.
	 * (Under QEMU's TCG, LCTLG flushes its software TLB by itself.)
	 */
	purge_tlb();
	*live = asce;
}

/* On every CPU whose CR1 holds it (smp_call_function()): switch away, purge. */
static void drop_asce(void *arg)
{
	if (live_asce[smp_processor_id()] == (unsigned long)arg)
		arch_switch_mm(NULL);
}

void arch_mm_destroy(struct mm_struct *mm)
{
	u64 *segment_table = mm->arch.segment_table;

	if (!segment_table)
		return;
	/*
	 * No CPU may keep a translation through a table we free: do_exit()
	 * switched this CPU away first, but another may still have the ASCE
	 * live (the task ran there last) and translations of it in its TLB.
	 * The IPI goes out only if one does; no CPU can take the ASCE up
	 * meanwhile, as no task has this mm any more.
	 */
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		if (cpu != smp_processor_id() && READ_ONCE(live_asce[cpu]) == mm->arch.asce) {
			smp_call_function(drop_asce, (void *)mm->arch.asce);
			break;
		}
	drop_asce((void *)mm->arch.asce);
	for (unsigned int i = 0; i < SEGMENT_TABLE_ENTRIES; i++)
		if (!(segment_table[i] & SEGMENT_ENTRY_INVALID))
			free_page(phys_to_virt(segment_table[i] & SEGMENT_ENTRY_ORIGIN));
	free_page(segment_table);
	mm->arch.segment_table = NULL;
	mm->arch.asce = 0;
}

/*
 * The kernel has no mapping to change: it runs with DAT off (every new PSW in
 * head.S), on real addresses, so no page-table entry ever applies to its own
 * accesses. Page protection and IEP guard user pages only; what s390 offers
 * the kernel instead (low-address protection, storage keys) and why it is not
 * used for W^X: docs/hardening-s390.md.
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot)
{
	return -ENOSYS;
}

int arch_user_page(struct mm_struct *mm, unsigned long va, unsigned long *pa, unsigned int *prot)
{
	u64 *pte;

	if (va < USER_BASE || va >= TASK_SIZE)
		return -EINVAL;
	pte = user_pte(mm, va);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	*pa = *pte & PAGE_ENTRY_ORIGIN;
	*prot = 0;
	if (!(*pte & PAGE_ENTRY_INVALID)) {
		*prot = PROT_READ;
		*prot |= *pte & PAGE_ENTRY_PROTECT ? 0 : PROT_WRITE;
		*prot |= *pte & PAGE_ENTRY_IEP ? 0 : PROT_EXEC;
	}
	return 0;
}

/*
 * INVALIDATE PAGE TABLE ENTRY (PoP 10, "IPTE"): sets the entry's I bit and
 * clears every TLB entry made from it, on every CPU of the configuration,
 * before it completes: the broadcast invalidation, no IPI needed. A valid
 * entry is changed only this way, then rewritten (Linux's ptep_xchg).
 */
static void ipte_user(u64 *pte, unsigned long va)
{
	unsigned long page_table = virt_to_phys(pte - page_index(va));

	if (*pte & PAGE_ENTRY_INVALID)
		return; /* no TLB holds an invalid entry */
	__asm__ __volatile__("ipte	%[pto],%[va]"
			     :
			     : [pto] "a"(page_table), [va] "a"(va)
			     : "memory");
}

int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	u64 *pte, pa;

	if (!user_page_ok(va))
		return -EINVAL;
	pte = user_pte(mm, va);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	pa = *pte & PAGE_ENTRY_ORIGIN;
	ipte_user(pte, va);
	WRITE_ONCE(*pte, pte_user(pa, prot));
	return 0;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	u64 *pte, pa;

	if (!user_page_ok(va))
		return 0;
	pte = user_pte(mm, va);
	if (!pte || !pte_user_present(*pte))
		return 0;
	pa = *pte & PAGE_ENTRY_ORIGIN;
	ipte_user(pte, va);
	WRITE_ONCE(*pte, PAGE_ENTRY_INVALID);
	return pa;
}

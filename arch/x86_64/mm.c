// SPDX-License-Identifier: MIT
/*
 * Page tables: the kernel's map, shared by every address space, and one
 * private user map per task (asm/page.h draws the layout).
 *
 * The kernel's map is head.S's identity map of the first 4 GiB, all in
 * PML4 entry 0, supervisor-only (U/S = 0) and global. It is executable only
 * where the kernel's text is (paging_init()), and the kernel image itself is
 * mapped in 4 KiB pages with W^X and unmapped stack guards
 * (arch_kernel_map_prot(), for kernel_protect() in kernel/traps.c). Each
 * address space is a PML4 of its own whose entry 0 is a copy of the
 * kernel's: the same PDPT, so the kernel is mapped, identically, wherever
 * CR3 points, and a syscall never switches page tables (docs/design.md). The
 * user's pages hang off the other entries, U/S = 1.
 *
 * Permissions combine over the four levels (SDM Vol. 3A §4.6.1): a page is
 * user-accessible only if U/S is set at every level, writable only if R/W
 * is set at every level, and executable only if no level has XD/NX. So the
 * tables we allocate for user pages allow everything (P, R/W, U/S, no NX)
 * and each last-level entry decides alone.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/printk.h>
#include <trapdoor/sections.h>
#include <trapdoor/smp.h>
#include <uapi/errno.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor-flags.h>
#include <asm/setup.h>

/* head.S: the boot PML4. Its entry 0 is the kernel's map; it maps nothing for the user. */
extern u64 boot_pml4[];

/* The one PML4 entry the kernel's map occupies: 4 GiB fit in the first 512 GiB. */
#define KERNEL_PML4_INDEX 0
BUILD_BUG_ON(((IDENTITY_MAP_SIZE - 1) >> PGDIR_SHIFT) != KERNEL_PML4_INDEX);
BUILD_BUG_ON((USER_BASE >> PGDIR_SHIFT) == KERNEL_PML4_INDEX);
/* The first non-canonical address: 48-bit linear addresses (SDM Vol. 1 §3.3.7.1). */
#define CANONICAL_LOWER_HALF_END (1UL << 47)
BUILD_BUG_ON(USER_STACK_TOP > CANONICAL_LOWER_HALF_END);

/* A table for user pages: present, writable, user; the last-level entry decides. */
#define _PAGE_USER_TABLE (_PAGE_PRESENT | _PAGE_RW | _PAGE_USER)

/* Levels below the PML4: PDPT (3), PD (2), PT (1), which holds the pages. */
#define PML4_LEVELS_BELOW 3

/* The address bits that index the PML4, the PDPT and the PD on the way to a PT. */
static const unsigned int walk_shifts[PML4_LEVELS_BELOW] = { PGDIR_SHIFT, PUD_SHIFT, PMD_SHIFT };

/* _PAGE_NX once EFER.NXE is on; 0 on a CPU without NX, where bit 63 is reserved. */
static u64 page_nx;

static unsigned int table_index(unsigned long va, unsigned int shift)
{
	return (va >> shift) & TABLE_INDEX_MASK;
}

static u64 *entry_table(u64 entry)
{
	return phys_to_virt(entry & PTE_PFN_MASK);
}

/* The kernel's PD entry for addr: a 2 MiB page, or a PT once split (arch_kernel_map_prot()). */
static u64 *kernel_pmd(unsigned long addr)
{
	u64 *pdpt = entry_table(boot_pml4[KERNEL_PML4_INDEX]);
	u64 *pd = entry_table(pdpt[table_index(addr, PUD_SHIFT)]);

	return &pd[table_index(addr, PMD_SHIFT)];
}

/*
 * The identity map is never executable but for the kernel's own text: NX for
 * a page [start, start + size) that holds none of it. Without that, every
 * byte of RAM would be kernel code too: a user page's bytes, reached through
 * the kernel's map of physical memory, say (Linux's ret2dir).
 */
static u64 identity_nx(unsigned long start, unsigned long size)
{
	bool text = start < (unsigned long)_etext && start + size > (unsigned long)_stext;

	return text ? 0 : page_nx;
}

/*
 * Drops every translation from the TLB, global ones too: a change of
 * CR4.PGE does that (SDM Vol. 3A §4.10.4.1); a CR3 write keeps global ones.
 */
static void flush_tlb_all(void)
{
	unsigned long cr4 = read_cr4();

	if (!(cr4 & X86_CR4_PGE)) {
		write_cr3(read_cr3()); /* no global pages yet: a CR3 write is enough */
		return;
	}
	write_cr4(cr4 & ~X86_CR4_PGE);
	write_cr4(cr4);
}

/*
 * Kernel MMU setup at boot (Linux's name). head.S already runs on the
 * identity map; here we turn on what user mode needs:
 *	- EFER.NXE, so that bit 63 of an entry forbids instruction fetches;
 *	- NX on every 2 MiB page of the identity map that holds no kernel text;
 *	- CR4.PGE, so that the kernel's global pages survive each CR3 write;
 *	- CR4.SMEP and CR4.SMAP where the CPU has them: ring 0 then faults if it
 *	  ever executes, reads or writes a user page. The kernel never needs to:
 *	  uaccess copies through the kernel's own map of physical memory.
 */
void paging_init(void)
{
	unsigned long cr4 = read_cr4() | X86_CR4_PGE;

	if (cpu_has(X86_FEATURE_NX)) {
		wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_NXE);
		page_nx = _PAGE_NX;
	}
	/* Only now is bit 63 NX rather than reserved: set it on every 2 MiB without text. */
	for (unsigned long pa = 0; pa < IDENTITY_MAP_SIZE; pa += PMD_SIZE)
		*kernel_pmd(pa) |= identity_nx(pa, PMD_SIZE);
	if (cpu_has(X86_FEATURE_SMEP))
		cr4 |= X86_CR4_SMEP;
	if (cpu_has(X86_FEATURE_SMAP))
		cr4 |= X86_CR4_SMAP;
	write_cr4(cr4); /* a change of PGE also flushes the whole TLB */

	if (!page_nx)
		printk("paging: no NX bit: user data and stack pages are executable\n");
}

/*
 * Make the kernel's 2 MiB identity page holding addr uncacheable, for a
 * device's registers (the local APIC and the I/O APIC, drivers/): a read must reach the device,
 * not a cached copy, and a write must not wait in a write-back line. PCD and
 * PWT both set select PAT entry 3, which is UC from reset on (SDM Vol. 3A,
 * "Memory Type Setting of PAT Entries Following a Power-up or Reset"). Every
 * address space shares this page directory (arch_mm_init()), so one change
 * covers them all; invlpg drops the old translation, global or not. (QEMU's
 * TCG ignores memory types, and on a PC the firmware's MTRRs usually make
 * this range UC anyway; Linux maps the APIC UC all the same, and so do we.)
 */
void kernel_map_uncached(unsigned long addr)
{
	*kernel_pmd(addr) |= _PAGE_PCD | _PAGE_PWT;
	__asm__ __volatile__("invlpg (%0)" : : "r"(addr) : "memory");
}

/*
 * What a 2 MiB entry hands down to the 512 4 KiB entries it is split into:
 * everything but PS (bit 7) and the address, and but PAT, bit 12 there and
 * bit 7 here, which we never set. NX is each page's own (identity_nx()).
 */
#define PMD_SPLIT_FLAGS                                                                   \
	(_PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_PWT | _PAGE_PCD | _PAGE_ACCESSED | \
	 _PAGE_DIRTY | _PAGE_GLOBAL)

/*
 * The kernel's 4 KiB entry for addr. A 2 MiB page is split first: a new PT
 * maps the same 2 MiB with the same permissions, page by page, and the PD
 * entry then points at it (present and writable, no NX: the PT's entries
 * decide). NULL if there is no page left for the PT.
 */
static u64 *kernel_pte(unsigned long addr)
{
	u64 *pmd = kernel_pmd(addr);

	if (*pmd & _PAGE_PSE) {
		unsigned long base = addr & ~(unsigned long)(PMD_SIZE - 1);
		u64 *pt = alloc_page();

		if (!pt)
			return NULL;
		for (unsigned int i = 0; i < PTRS_PER_TABLE; i++) {
			unsigned long pa = base + i * PAGE_SIZE;

			pt[i] = pa | (*pmd & PMD_SPLIT_FLAGS) | identity_nx(pa, PAGE_SIZE);
		}
		*pmd = virt_to_phys(pt) | _PAGE_TABLE;
	}
	return &entry_table(*pmd)[table_index(addr, PAGE_SHIFT)];
}

/*
 * include/trapdoor/arch.h. The kernel's map is the identity map, shared by
 * every address space (arch_mm_init()), so one change covers them all. A
 * page the kernel may read is present; PROT_WRITE sets R/W, which ring 0
 * obeys because head.S set CR0.WP; no PROT_EXEC sets NX; prot 0 leaves the
 * entry empty, and any access faults (a stack guard). Only the range asked
 * for is split into 4 KiB pages; the rest of the map keeps its 2 MiB ones.
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot)
{
	if (((start | end) & (PAGE_SIZE - 1)) || start > end || end > IDENTITY_MAP_SIZE)
		return -EINVAL;
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		u64 *pte = kernel_pte(va);
		u64 entry = va | _PAGE_PRESENT | _PAGE_GLOBAL;

		if (!pte)
			return -ENOMEM;
		if (prot & PROT_WRITE)
			entry |= _PAGE_RW;
		if (!(prot & PROT_EXEC))
			entry |= page_nx;
		*pte = prot ? entry : 0;
	}
	/*
	 * Stale translations may allow more than the new entries do, and the
	 * split ones may be cached as 2 MiB pages: drop them all, global or
	 * not.
	 */
	flush_tlb_all();
	return 0;
}

int arch_mm_init(struct mm_struct *mm)
{
	u64 *pml4 = alloc_page(); /* zeroed: no user mapping yet */

	if (!pml4)
		return -ENOMEM;
	/* The kernel: the same PDPT as in every other address space. */
	pml4[KERNEL_PML4_INDEX] = boot_pml4[KERNEL_PML4_INDEX];
	mm->arch.pml4 = pml4;
	mm->arch.live_cpus = 0;
	return 0;
}

/*
 * The table *entry points at; if the entry is empty, a new one (zeroed) when alloc, else
 * NULL. NULL too if out of memory.
 */
static u64 *next_table(u64 *entry, bool alloc)
{
	if (!(*entry & _PAGE_PRESENT)) {
		u64 *table = alloc ? alloc_page() : NULL;

		if (!table)
			return NULL;
		*entry = virt_to_phys(table) | _PAGE_USER_TABLE;
	}
	return entry_table(*entry);
}

/*
 * The PT entry of user page va: PML4 -> PDPT -> PD -> PT, three steps down, 9 bits of va
 * select each entry. Missing tables are made if alloc; else NULL where one is missing.
 * Tables allocated before a failure stay in the tree; arch_mm_destroy() frees them.
 */
static u64 *user_pte(struct mm_struct *mm, unsigned long va, bool alloc)
{
	u64 *table = mm->arch.pml4;

	for (int i = 0; i < PML4_LEVELS_BELOW; i++) {
		table = next_table(&table[table_index(va, walk_shifts[i])], alloc);
		if (!table)
			return NULL;
	}
	return &table[table_index(va, PAGE_SHIFT)];
}

/*
 * A user page with no access (PROT_NONE) keeps its page in a not-present entry, whose other
 * bits the CPU ignores (SDM Vol. 3A §4.5): its address and this software bit. Linux marks
 * such pages the same way (_PAGE_PROTNONE).
 */
#define _PAGE_PROTNONE (1UL << 9)

static bool pte_user_present(u64 pte)
{
	return pte & (_PAGE_PRESENT | _PAGE_PROTNONE);
}

/* A present page is always readable: PROT_WRITE sets R/W, and only PROT_EXEC leaves NX clear. */
static u64 pte_user(unsigned long pa, unsigned int prot)
{
	u64 entry = pa | _PAGE_PRESENT | _PAGE_USER;

	if (!prot)
		return pa | _PAGE_PROTNONE;
	if (prot & PROT_WRITE)
		entry |= _PAGE_RW;
	if (!(prot & PROT_EXEC))
		entry |= page_nx;
	return entry;
}

static bool user_page_ok(unsigned long va)
{
	return va >= USER_BASE && va < TASK_SIZE && !(va & (PAGE_SIZE - 1));
}

int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot)
{
	u64 *pte;

	if (!user_page_ok(va) || (pa & (PAGE_SIZE - 1)))
		return -EINVAL;
	pte = user_pte(mm, va, true);
	if (!pte)
		return -ENOMEM;
	if (pte_user_present(*pte))
		return -EBUSY;
	/*
	 * Not present -> present needs no TLB flush: the TLB holds only
	 * translations of present pages (SDM Vol. 3A §4.10.2.3).
	 */
	*pte = pte_user(pa, prot);
	return 0;
}

/* The address space each CPU's CR3 holds; NULL: boot_pml4, no user mappings. */
static struct mm_struct *live_mm[NR_CPUS];

/*
 * CR3 names the PML4 in use. Writing it flushes every TLB entry that is not
 * global (SDM Vol. 3A §4.10.4.1): exactly the old task's user pages, while
 * the kernel's global entries stay. That is the whole TLB story: no PCID, so
 * no entries tagged with an address-space id to keep across the switch. (QEMU
 * TCG flushes its software TLB on every CR3 write whatever the flags, so PCID
 * would buy nothing here.) We write CR3 only when the PML4 really changes:
 * leaving for the kernel-only map while already on it costs nothing.
 * live_cpus says which CPUs hold mm in CR3, for flush_user_page()'s IPI: the
 * bit is set (a locked, fully ordered RMW) before the CR3 load that starts
 * caching the tables, and cleared after the one that stops it.
 */
void arch_switch_mm(struct mm_struct *mm)
{
	unsigned int cpu = smp_processor_id();
	struct mm_struct *prev = live_mm[cpu];
	unsigned long cr3 = virt_to_phys(mm ? mm->arch.pml4 : boot_pml4);

	if (mm && mm != prev)
		__atomic_fetch_or(&mm->arch.live_cpus, 1UL << cpu, __ATOMIC_SEQ_CST);
	live_mm[cpu] = mm;
	if (read_cr3() != cr3)
		write_cr3(cr3);
	if (prev && prev != mm)
		__atomic_fetch_and(&prev->arch.live_cpus, ~(1UL << cpu), __ATOMIC_SEQ_CST);
}

static void invlpg(unsigned long va)
{
	__asm__ __volatile__("invlpg (%0)" : : "r"(va) : "memory");
}

/* smp_call_function() from flush_user_page(): a CPU with the space in CR3 drops the page. */
struct flush_page_args {
	struct mm_struct *mm;
	unsigned long va;
};

static void flush_user_page_ipi(void *arg)
{
	const struct flush_page_args *f = arg;

	if (live_mm[smp_processor_id()] == f->mm)
		invlpg(f->va);
}

/*
 * The entry of page va changed: no CPU may use the old one once we return. A CPU whose CR3
 * does not hold mm has no translation of it (its last CR3 load dropped them) and reads the
 * new entry when it next switches to it. This CPU, if it runs mm, drops the page with
 * invlpg; any other that runs it does the same in an IPI, the shootdown.
 */
static void flush_user_page(struct mm_struct *mm, unsigned long va)
{
	unsigned long self = 1UL << smp_processor_id();

	if (live_mm[smp_processor_id()] == mm)
		invlpg(va);
	if (__atomic_load_n(&mm->arch.live_cpus, __ATOMIC_SEQ_CST) & ~self) {
		struct flush_page_args f = { mm, va };

		smp_call_function(flush_user_page_ipi, &f);
	}
}

/* Frees table and, levels_below > 1, every table below it; never the user's pages. */
static void free_table(u64 *table, int levels_below)
{
	if (levels_below > 1) {
		for (int i = 0; i < PTRS_PER_TABLE; i++)
			if (table[i] & _PAGE_PRESENT)
				free_table(entry_table(table[i]), levels_below - 1);
	}
	free_page(table);
}

/*
 * The caller left this address space first (arch_switch_mm(NULL) or another
 * task's), so no CR3 points here and the TLB holds nothing of it.
 */
void arch_mm_destroy(struct mm_struct *mm)
{
	u64 *pml4 = mm->arch.pml4;

	for (int i = 0; i < PTRS_PER_TABLE; i++)
		if (i != KERNEL_PML4_INDEX && (pml4[i] & _PAGE_PRESENT))
			free_table(entry_table(pml4[i]), PML4_LEVELS_BELOW);
	free_page(pml4);
	mm->arch.pml4 = NULL;
}

int arch_user_page(struct mm_struct *mm, unsigned long va, unsigned long *pa, unsigned int *prot)
{
	u64 *pte, entry;

	if (va < USER_BASE || va >= TASK_SIZE)
		return -EINVAL;
	pte = user_pte(mm, va & ~(PAGE_SIZE - 1), false);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	entry = *pte;
	*pa = entry & PTE_PFN_MASK;
	*prot = 0;
	if (entry & _PAGE_PRESENT) {
		*prot = PROT_READ;
		*prot |= entry & _PAGE_RW ? PROT_WRITE : 0;
		*prot |= entry & page_nx ? 0 : PROT_EXEC;
	}
	return 0;
}

int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	u64 *pte;

	if (!user_page_ok(va))
		return -EINVAL;
	pte = user_pte(mm, va, false);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	*pte = pte_user(*pte & PTE_PFN_MASK, prot);
	flush_user_page(mm, va);
	return 0;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	u64 *pte, entry;

	if (!user_page_ok(va))
		return 0;
	pte = user_pte(mm, va, false);
	if (!pte || !pte_user_present(*pte))
		return 0;
	entry = *pte;
	*pte = 0;
	flush_user_page(mm, va);
	return entry & PTE_PFN_MASK;
}

// SPDX-License-Identifier: MIT
/*
 * arm64 address spaces: stage 1 translation tables for EL1&0 with a 4 KiB
 * granule and 39-bit virtual addresses (the layout is in asm/page.h, the
 * descriptor bits in asm/pgtable-hwdef.h).
 *
 * The kernel's map is built once by head.S: a level 1 table (init_pg_dir)
 * whose four entries point at level 2 tables of 2 MiB blocks, all EL1 only
 * and global. Every user address space gets its own level 1 table that
 * starts as a copy of those four entries — the kernel is mapped, not
 * reachable from EL0, in every address space — plus level 2 and level 3
 * tables for its own pages, which are not global but tagged with the address
 * space's ASID. So:
 *   - a syscall or fault changes nothing here: the kernel is already mapped;
 *   - a context switch writes TTBR0_EL1 (table + ASID) and needs no TLB
 *     flush: entries of other ASIDs simply do not match;
 *   - an ASID is flushed from the TLB once, when its address space dies, so
 *     the next address space to get it starts clean.
 * Several CPUs: every TLB instruction here is the Inner Shareable ("...is")
 * one, which the hardware broadcasts to every CPU of the machine, so one
 * CPU's flush drops the stale entries from all of them. The one thing a
 * broadcast cannot do is stop another CPU from walking an address space
 * again: arch_mm_destroy() first makes sure no CPU still has it in TTBR0_EL1
 * (docs/smp.md, "arm64").
 */
#include <asm/page.h>
#include <asm/pgtable-hwdef.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

/* head.S: the kernel's level 1 table, and its three level 2 tables for RAM. */
extern u64 init_pg_dir[PTRS_PER_TABLE];
extern u64 init_pmd_ram[KERNEL_PUD_ENTRIES - 1][PTRS_PER_TABLE];

/* init_pmd_ram maps level 1 entries 1-3: [1 GiB, 4 GiB). */
#define KERNEL_RAM_MAP_START PUD_SIZE

/* --- the kernel's map ---------------------------------------------------- */

/*
 * head.S mapped RAM up to 4 GiB before anyone knew how much there is. Now
 * that the device tree has said, unmap every 2 MiB block that holds no RAM:
 * a stray kernel pointer there faults instead of reading nothing. Only
 * valid -> invalid changes, so no break-before-make sequence is needed; one
 * TLB flush afterwards drops whatever the TLB still holds. RAM the map cannot
 * reach (above 4 GiB) is left out of boot_info, so that page_alloc never
 * hands it out.
 */
void paging_init(void)
{
	u64 start = boot_info.mem_start, end = start + boot_info.mem_size;

	if (!boot_info.mem_size)
		return; /* no device tree: keep the boot map, page_alloc will say so */
	if (end > KERNEL_MAP_END) {
		printk("arm64: using RAM up to 0x%lx only (the kernel maps the first 4 GiB)\n",
		       KERNEL_MAP_END);
		end = KERNEL_MAP_END;
		boot_info.mem_size = end > start ? end - start : 0;
	}
	for (unsigned int i = 0; i < (KERNEL_PUD_ENTRIES - 1) * PTRS_PER_TABLE; i++) {
		u64 block = KERNEL_RAM_MAP_START + (u64)i * PMD_SIZE;

		if (block + PMD_SIZE <= start || block >= end)
			init_pmd_ram[i / PTRS_PER_TABLE][i % PTRS_PER_TABLE] = 0;
	}
	dsb(ishst); /* the table writes reach the walker ... */
	__asm__ __volatile__("tlbi vmalle1is" : : : "memory"); /* ... then forget old walks */
	dsb(ish);
	isb();
}

/*
 * The kernel's own protection (kernel_protect() in kernel/traps.c): each page
 * of [start, end) gets prot. Only pages that head.S mapped through its level
 * 3 tables (the kernel image, asm/pgtable-hwdef.h) can change: anything else
 * is a 2 MiB block, and an address outside RAM is -EINVAL. Every change here
 * narrows or removes a valid page of the same output address and memory type
 * (read-only: AP[2]; never executable: PXN; no page: invalid), which the
 * architecture allows in place, with no break-before-make: the old entry may
 * live on in the TLB until the invalidation at the end, and it is never
 * wider than what it was at boot.
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot)
{
	u64 attrs = PROT_PAGE_KERNEL;

	if ((start | end) & (PAGE_SIZE - 1) || start > end || start < KERNEL_RAM_MAP_START ||
	    end > KERNEL_MAP_END)
		return -EINVAL;
	if (!(prot & PROT_WRITE))
		attrs |= PTE_AP_RDONLY;
	if (!(prot & PROT_EXEC))
		attrs |= PTE_PXN;
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		unsigned long block = (va - KERNEL_RAM_MAP_START) >> PMD_SHIFT;
		u64 pmd = init_pmd_ram[block / PTRS_PER_TABLE][block % PTRS_PER_TABLE];
		u64 *pte;

		if ((pmd & PMD_TYPE_TABLE) != PMD_TYPE_TABLE)
			return -EINVAL; /* a block or nothing: not the image */
		pte = phys_to_virt(pmd & PTE_ADDR_MASK);
		WRITE_ONCE(pte[PTE_INDEX(va)], prot ? va | attrs : 0);
	}
	dsb(ishst); /* the new entries reach the walker ... */
	__asm__ __volatile__("tlbi vmalle1is" : : : "memory"); /* ... the old ones go */
	dsb(ish);
	isb(); /* and the next instruction is fetched under them */
	return 0;
}

/* TLBI by VA operand (Arm ARM, "TLBI VAE1IS"): VA[55:12] in bits 43:0, the ASID in 63:48. */
#define TLBI_VA_MASK	((1UL << 44) - 1)
#define TLBI_ASID_SHIFT 48

/* --- ASIDs ---------------------------------------------------------------- */

/*
 * 8-bit ASIDs (TCR_EL1.AS = 0): 255 for user address spaces, 0 for the
 * kernel-only map, which has no non-global entries at all. There are at most
 * NR_TASKS address spaces, so there is always one free: no generations, no
 * rollover flush (Linux needs both: it has more processes than ASIDs).
 */
#define NR_ASIDS    (1U << ASID_BITS)
#define ASID_KERNEL 0

_Static_assert(NR_TASKS < NR_ASIDS, "one ASID per address space, plus the kernel's");

/* Set bits: ASIDs in use. Atomic updates: two CPUs may take or free one at once. */
static u64 asid_used[NR_ASIDS / 64] = { 1UL << ASID_KERNEL };

static int asid_alloc(void)
{
	for (unsigned int a = 0; a < NR_ASIDS; a++) {
		u64 bit = 1UL << (a % 64);

		if (!(__atomic_fetch_or(&asid_used[a / 64], bit, __ATOMIC_ACQUIRE) & bit))
			return (int)a; /* it was free, and now it is ours */
	}
	return -1;
}

static void asid_free(unsigned int asid)
{
	__atomic_fetch_and(&asid_used[asid / 64], ~(1UL << (asid % 64)), __ATOMIC_RELEASE);
}

/*
 * Drops every TLB entry (pages and cached table walks) tagged with asid, on
 * every CPU: TLBI ASIDE1IS is broadcast to the Inner Shareable domain, and
 * the dsb waits until every CPU has done it.
 */
static void asid_flush_free(unsigned int asid)
{
	dsb(ishst);
	__asm__ __volatile__("tlbi aside1is, %0" : : "r"((u64)asid << TTBR_ASID_SHIFT) : "memory");
	dsb(ish);
	asid_free(asid);
}

/*
 * What each CPU's TTBR0_EL1 holds (table | ASID), as arch_switch_mm() set
 * it: arch_mm_destroy() reads the other CPUs' entries.
 */
static u64 cpu_ttbr[NR_CPUS];

/* --- user address spaces ------------------------------------------------- */

int arch_mm_init(struct mm_struct *mm)
{
	u64 *pgd = alloc_page(); /* zeroed: every user entry starts invalid */
	int asid = asid_alloc();

	if (!pgd || asid < 0) {
		if (pgd)
			free_page(pgd);
		if (asid >= 0)
			asid_free((unsigned int)asid);
		return -ENOMEM;
	}
	/* The kernel's entries: the same level 2 tables, shared, never freed here. */
	memcpy(pgd, init_pg_dir, KERNEL_PUD_ENTRIES * sizeof(*pgd));
	mm->arch = (struct arch_mm){ .pgd = pgd, .asid = (u16)asid };
	return 0;
}

/*
 * The next-level table an entry points at, allocated (zeroed: all invalid)
 * if the entry is still invalid. NULL if memory ran out.
 */
static u64 *next_table(u64 *entry)
{
	if (!(*entry & PTE_VALID)) {
		u64 *table = alloc_page();

		if (!table)
			return NULL;
		dsb(ishst); /* the zeroed table is visible before the entry that points at it */
		WRITE_ONCE(*entry, virt_to_phys(table) | PROT_TABLE_USER);
	} else if ((*entry & PMD_TYPE_TABLE) != PMD_TYPE_TABLE) {
		return NULL; /* a block: user space has none */
	}
	return phys_to_virt(*entry & PTE_ADDR_MASK);
}

/*
 * A user page with no access (PROT_NONE) keeps its page in an invalid
 * descriptor, whose other bits the walker ignores: its address and this
 * software bit, Linux's PTE_PROT_NONE.
 */
#define PTE_PROT_NONE BIT(58)

static bool pte_user_present(u64 desc)
{
	return desc & (PTE_VALID | PTE_PROT_NONE);
}

/*
 * The level 3 entry of user page va, making the missing tables if alloc;
 * NULL where one is missing (or memory ran out).
 */
static u64 *user_pte(struct mm_struct *mm, unsigned long va, bool alloc)
{
	u64 *entry = &mm->arch.pgd[PUD_INDEX(va)];

	for (int level = 1; level < 3; level++) {
		u64 *table;

		if (!(*entry & PTE_VALID) && !alloc)
			return NULL;
		table = next_table(entry);
		if (!table)
			return NULL;
		entry = &table[level == 1 ? PMD_INDEX(va) : PTE_INDEX(va)];
	}
	return entry;
}

/*
 * A user page is always readable from EL0 (AP[1] = 1; like Linux we want no
 * write-only or execute-only pages), so PROT_READ is implied; PROT_WRITE
 * makes it writable (AP[2] = 0), PROT_EXEC executable at EL0 (UXN = 0). EL1
 * never executes it (PXN), and never needs to read or write through it
 * either: the kernel reaches user memory through its own map of RAM
 * (mm/uaccess.c). No access at all: PTE_PROT_NONE.
 */
static u64 pte_user(unsigned long pa, unsigned int prot)
{
	u64 desc = pa | PROT_PAGE_USER;

	if (!prot)
		return pa | PTE_PROT_NONE;
	if (!(prot & PROT_WRITE))
		desc |= PTE_AP_RDONLY;
	if (!(prot & PROT_EXEC))
		desc |= PTE_UXN;
	return desc;
}

static bool user_page_ok(unsigned long va)
{
	return !(va & (PAGE_SIZE - 1)) && va >= USER_BASE && va < TASK_SIZE;
}

/* Is mm live on this CPU: does its TTBR0_EL1 hold mm's table? */
static bool mm_live_here(const struct mm_struct *mm)
{
	return (cpu_ttbr[smp_processor_id()] & PTE_ADDR_MASK) == virt_to_phys(mm->arch.pgd);
}

static void sync_icache_page(unsigned long pa);

/*
 * New code in a page mm can execute. Where mm is not live here, the next
 * switch to it syncs the caches (sync_icache()); where it is (the page-fault
 * path maps a page the task then runs at once), this page's now: its
 * contents must be in place before it is mapped executable.
 */
static void user_code_changed(struct mm_struct *mm, unsigned long pa)
{
	if (mm_live_here(mm))
		sync_icache_page(pa);
	else
		mm->arch.icache_stale = true;
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
		return -EBUSY; /* changing a live entry would need break-before-make */
	if (prot & PROT_EXEC)
		user_code_changed(mm, pa); /* code will be copied in through the D-side */
	WRITE_ONCE(*pte, pte_user(pa, prot));
	dsb(ishst); /* the walker sees the entry before anyone uses va */
	return 0;
}

/* Cleans the data cache to the point of unification over one page's kernel alias. */
static void clean_dcache_page(unsigned long pa, unsigned long line)
{
	unsigned long p = (unsigned long)phys_to_virt(pa);

	for (unsigned long a = p; a < p + PAGE_SIZE; a += line)
		__asm__ __volatile__("dc cvau, %0" : : "r"(a) : "memory");
}

static unsigned long dcache_line(u64 ctr)
{
	return 4UL << ((ctr >> CTR_DMINLINE_SHIFT) & CTR_DMINLINE_MASK);
}

static void invalidate_icache(u64 ctr)
{
	if (!(ctr & CTR_DIC)) {
		__asm__ __volatile__("ic ialluis" : : : "memory");
		dsb(ish);
	}
	isb();
}

static void sync_icache_page(unsigned long pa)
{
	u64 ctr = read_sysreg(ctr_el0);

	if (!(ctr & CTR_IDC)) {
		clean_dcache_page(pa, dcache_line(ctr));
		dsb(ish);
	}
	invalidate_icache(ctr);
}

/*
 * The loader wrote the program's code through the kernel's map, i.e. through
 * the data cache; the CPU fetches instructions through the instruction cache,
 * which does not snoop the data cache on every core. Before the task runs:
 * clean the data cache to the point of unification for every executable
 * page (found in the tables themselves), then invalidate the instruction
 * cache (Arm ARM, "Instruction cache maintenance"). CTR_EL0.IDC/DIC say when
 * the hardware makes either step unnecessary. QEMU models no caches, so this
 * only matters on hardware.
 */
static void sync_icache(struct mm_struct *mm)
{
	u64 ctr = read_sysreg(ctr_el0);
	const u64 *pgd = mm->arch.pgd;

	if (!(ctr & CTR_IDC)) {
		for (unsigned int i = KERNEL_PUD_ENTRIES; i < PTRS_PER_TABLE; i++) {
			const u64 *pmd;

			if (!(pgd[i] & PTE_VALID))
				continue;
			pmd = phys_to_virt(pgd[i] & PTE_ADDR_MASK);
			for (unsigned int j = 0; j < PTRS_PER_TABLE; j++) {
				const u64 *pte;

				if (!(pmd[j] & PTE_VALID))
					continue;
				pte = phys_to_virt(pmd[j] & PTE_ADDR_MASK);
				for (unsigned int k = 0; k < PTRS_PER_TABLE; k++)
					if ((pte[k] & (PTE_VALID | PTE_UXN)) == PTE_VALID)
						clean_dcache_page(pte[k] & PTE_ADDR_MASK,
								  dcache_line(ctr));
			}
		}
		dsb(ish);
	}
	invalidate_icache(ctr);
	mm->arch.icache_stale = false;
}

/*
 * Makes mm the live user address space: one write of TTBR0_EL1 changes the
 * table and the ASID together. No TLB flush: the TLB entries of the previous
 * address space carry its ASID and stop matching; the kernel's are global
 * and stay valid. NULL selects the kernel's own table with ASID 0, which has
 * no user mappings at all.
 */
void arch_switch_mm(struct mm_struct *mm)
{
	u64 ttbr = virt_to_phys(init_pg_dir) | (u64)ASID_KERNEL << TTBR_ASID_SHIFT;

	if (mm) {
		if (mm->arch.icache_stale)
			sync_icache(mm);
		ttbr = virt_to_phys(mm->arch.pgd) | (u64)mm->arch.asid << TTBR_ASID_SHIFT;
	}
	write_sysreg(ttbr, ttbr0_el1);
	isb(); /* every later access, and the eret to EL0, uses the new table */
	WRITE_ONCE(cpu_ttbr[smp_processor_id()], ttbr);
}

/* smp_call_function(): on a CPU whose TTBR0_EL1 still holds the table pgd, leave it. */
static void leave_mm(void *pgd)
{
	if ((read_sysreg(ttbr0_el1) & PTE_ADDR_MASK) == virt_to_phys(pgd))
		arch_switch_mm(NULL);
}

/*
 * Frees the tables arch_mm_init() and arch_map_user() allocated: the level 1
 * table and everything below its user entries (the kernel's level 2 tables
 * are shared and stay). The user pages themselves belong to common code.
 * First no CPU may walk the tables any more: this one leaves them, and if
 * another CPU's TTBR0_EL1 still points at them (a CPU may keep the last
 * address space while it idles), an IPI makes it leave too; until then it
 * could fill its TLB from them at any time, even speculatively. Then the
 * ASID is flushed on every CPU, so that no TLB entry or cached walk can
 * point into a table after it is freed, and the next owner of the ASID
 * finds no stale translation anywhere.
 */
void arch_mm_destroy(struct mm_struct *mm)
{
	u64 *pgd = mm->arch.pgd;
	unsigned int self = smp_processor_id();

	if (!pgd)
		return;
	leave_mm(pgd); /* never free the tables the MMU is walking */
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++) {
		if (cpu != self &&
		    (READ_ONCE(cpu_ttbr[cpu]) & PTE_ADDR_MASK) == virt_to_phys(pgd)) {
			smp_call_function(leave_mm, pgd); /* every other CPU checks */
			break;
		}
	}
	asid_flush_free(mm->arch.asid);
	for (unsigned int i = KERNEL_PUD_ENTRIES; i < PTRS_PER_TABLE; i++) {
		u64 *pmd;

		if (!(pgd[i] & PTE_VALID))
			continue;
		pmd = phys_to_virt(pgd[i] & PTE_ADDR_MASK);
		for (unsigned int j = 0; j < PTRS_PER_TABLE; j++)
			if (pmd[j] & PTE_VALID)
				free_page(phys_to_virt(pmd[j] & PTE_ADDR_MASK));
		free_page(pmd);
	}
	free_page(pgd);
	mm->arch = (struct arch_mm){ 0 };
}

int arch_user_page(struct mm_struct *mm, unsigned long va, unsigned long *pa, unsigned int *prot)
{
	u64 *pte, desc;

	if (va < USER_BASE || va >= TASK_SIZE)
		return -EINVAL;
	pte = user_pte(mm, va & ~(PAGE_SIZE - 1), false);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	desc = READ_ONCE(*pte);
	*pa = desc & PTE_ADDR_MASK;
	*prot = 0;
	if (desc & PTE_VALID) {
		*prot = PROT_READ;
		*prot |= desc & PTE_AP_RDONLY ? 0 : PROT_WRITE;
		*prot |= desc & PTE_UXN ? 0 : PROT_EXEC;
	}
	return 0;
}

/*
 * Drops page va of mm from every CPU's TLB: TLBI VAE1IS (by address and
 * ASID, every level, Inner Shareable: broadcast) after the new entry is
 * visible to the walkers, and the dsb waits until every CPU has done it. No
 * IPI: the broadcast reaches a CPU that runs mm now as well as one that ran
 * it before.
 */
static void flush_user_page(struct mm_struct *mm, unsigned long va)
{
	u64 arg = (va >> PAGE_SHIFT & TLBI_VA_MASK) | (u64)mm->arch.asid << TLBI_ASID_SHIFT;

	dsb(ishst);
	__asm__ __volatile__("tlbi vae1is, %0" : : "r"(arg) : "memory");
	dsb(ish);
	isb();
}

/*
 * A change of permissions only (same address and memory type) may be made
 * in place, without break-before-make (Arm ARM, "TLB maintenance
 * requirements ... break-before-make"), then flushed.
 */
int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	u64 *pte;
	unsigned long pa;

	if (!user_page_ok(va))
		return -EINVAL;
	pte = user_pte(mm, va, false);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	pa = *pte & PTE_ADDR_MASK;
	if (prot & PROT_EXEC)
		user_code_changed(mm, pa);
	WRITE_ONCE(*pte, pte_user(pa, prot));
	flush_user_page(mm, va);
	return 0;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	u64 *pte, desc;

	if (!user_page_ok(va))
		return 0;
	pte = user_pte(mm, va, false);
	if (!pte || !pte_user_present(*pte))
		return 0;
	desc = *pte;
	WRITE_ONCE(*pte, 0);
	flush_user_page(mm, va);
	return desc & PTE_ADDR_MASK;
}

// SPDX-License-Identifier: MIT
/*
 * User address spaces on loongarch64.
 *
 * The kernel itself needs nothing here: it runs in the direct mapping windows (head.S), which
 * translate without any table or TLB entry and only at PLV0. User programs run at PLV3, where
 * no window applies, so every user address goes through the TLB. LoongArch's TLB is filled by
 * software: on a miss the CPU takes a TLB refill exception and our handler (entry.S) copies
 * two entries from the running task's page tables (asm/pgtable.h) into it.
 *
 * This file builds those tables — one set per address space, allocated page by page with
 * alloc_page() — and switches between them. Switching is two CSR writes: PGDL (where the
 * refill handler finds the root) and ASID (the tag every TLB entry carries, so entries of the
 * other tasks stay in the TLB, harmlessly, until their owner runs again).
 *
 * Several CPUs: each core has its own TLB, and invtlb drops entries from the TLB of the core
 * that runs it only; LoongArch has no broadcast invalidation. Nor is one needed here: a space
 * is live on one CPU at a time (a task runs on one CPU, and no two tasks share a space), and
 * a CPU only uses a space's entries while that space is live on it. So a CPU drops what it may
 * hold of a space when it switches to that space, if something changed since it last ran it:
 * arch_mm.tlb_stale has a bit per CPU for that. An ASID that changes owner (arch_mm_init) is
 * stale on every CPU; a page mapped into a space that has run (arch_map_user) is dropped on
 * this CPU at once and is stale on every other one. No IPI, and nothing on the syscall path.
 * Nor does a PGDL ever point at freed tables: a CPU that still has a dying space in it (it
 * ran the space last, and has run only kernel code since) leaves it first, by IPI
 * (arch_mm_destroy()).
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <uapi/errno.h>
#include <asm/csr.h>
#include <asm/pgtable.h>
#include <asm/setup.h>
#include <trapdoor/smp.h>

/*
 * ASIDs. The field is ASID[9:0], so at most 1024 (manual §7.5, "Address Space Identifier");
 * CSR.ASID.ASIDBITS says how many this CPU really has (QEMU: 10). ASID 0 is never given to a
 * task: it is live while no user space is (arch_switch_mm(NULL)), and no table then has any
 * entry for it to cache.
 */
#define ASID_LIMIT    1024
#define BITS_PER_LONG 64

static unsigned long asid_used[ASID_LIMIT / BITS_PER_LONG];
static unsigned int nr_asids;

/* The root table of "no user space": all zeros, so every walk through it finds nothing. */
static unsigned long empty_pgd[PTRS_PER_TABLE] __aligned(PAGE_SIZE);

/* Drop TLB entries: op is an INVTLB_* (asm/csr.h), asid and va select which ones. */
static void invtlb(unsigned int op, unsigned long asid, unsigned long va)
{
	__asm__ __volatile__("invtlb %0, %1, %2" : : "i"(op), "r"(asid), "r"(va) : "memory");
}

static unsigned int asid_alloc(void)
{
	for (unsigned int asid = 1; asid < nr_asids; asid++) {
		unsigned long bit = 1UL << (asid % BITS_PER_LONG);

		if (!(asid_used[asid / BITS_PER_LONG] & bit)) {
			asid_used[asid / BITS_PER_LONG] |= bit;
			return asid;
		}
	}
	return 0;
}

static void asid_free(unsigned int asid)
{
	asid_used[asid / BITS_PER_LONG] &= ~(1UL << (asid % BITS_PER_LONG));
}

/*
 * Boot-time TLB setup, on every CPU: from arch_setup() on CPU 0, from smp.c on the others.
 * The CPU comes out of reset with the TLB in an unknown state and page sizes we do not use,
 * so: our page size in the STLB (the big set-associative part, which holds only STLBPS-sized
 * pages) and in TLBREHI.PS (the size tlbfill gives the entries the refill handler writes — the
 * CPU sets only TLBREHI.VPPN on a refill), the empty root, ASID 0, and every stale entry gone.
 */
void mmu_init(void)
{
	unsigned long asid_bits =
	    (csr_read(LOONGARCH_CSR_ASID) >> ASID_ASIDBITS_SHIFT) & ASID_ASIDBITS_MASK;

	nr_asids = asid_bits >= 10 ? ASID_LIMIT : 1U << asid_bits;
	csr_write(LOONGARCH_CSR_STLBPS, PAGE_SHIFT);
	csr_write(LOONGARCH_CSR_TLBREHI, PAGE_SHIFT);
	arch_switch_mm(NULL);
	invtlb(INVTLB_ALL, 0, 0);
}

static unsigned int pgd_index(unsigned long va)
{
	return (va >> PGDIR_SHIFT) & (PTRS_PER_TABLE - 1);
}

static unsigned int pmd_index(unsigned long va)
{
	return (va >> PMD_SHIFT) & (PTRS_PER_TABLE - 1);
}

static unsigned int pte_index(unsigned long va)
{
	return (va >> PAGE_SHIFT) & (PTRS_PER_TABLE - 1);
}

/*
 * The table a directory entry points to, allocating an empty one if there is none. A
 * directory entry holds a physical address because the refill handler reads it with
 * translation off; 0 means "no table" (physical page 0 is never handed out: it lies below
 * the kernel image, see mm/page_alloc.c).
 */
static unsigned long *next_table(unsigned long *entry)
{
	if (!*entry) {
		void *table = alloc_page(); /* zeroed: no entries yet */

		if (!table)
			return NULL;
		*entry = virt_to_phys(table);
	}
	return phys_to_virt(*entry);
}

/* The leaf entry: TLBELO's format (asm/pgtable.h), so the refill handler copies it as is. */
static unsigned long mk_pte(unsigned long pa, unsigned int prot)
{
	/*
	 * PLV3 with RPLV set: usable at PLV3 and ONLY there. RPLV = 0 would let the kernel (PLV0)
	 * use it too; trapdoor's kernel never touches user memory through user addresses (uaccess
	 * goes through the cached window), so a kernel bug that tries faults instead.
	 */
	unsigned long pte = (pa & PTE_PPN_MASK) | PTE_V | PTE_PLV_USER | PTE_RPLV | PTE_MAT_CC;

	if (prot & PROT_WRITE)
		pte |= PTE_D;
	if (!(prot & PROT_READ))
		pte |= PTE_NR;
	/*
	 * QEMU 7.2 hangs when user code jumps into such a page: delivering the PNX exception,
	 * loongarch_cpu_do_interrupt() reads the faulting instruction for BADI with a fetch
	 * from the same page, which faults again, for ever (only PIF and ADEF skip that read).
	 * Hardware delivers PNX (manual §7.4.6); we keep NX, W^X is the contract.
	 */
	if (!(prot & PROT_EXEC))
		pte |= PTE_NX;
	return pte;
}

int arch_mm_init(struct mm_struct *mm)
{
	unsigned long *pgd = alloc_page();
	unsigned int asid;

	if (!pgd)
		return -ENOMEM;
	asid = asid_alloc();
	if (!asid) {
		free_page(pgd);
		return -ENOMEM;
	}
	/*
	 * The ASID's earlier owners may have left entries in any CPU's TLB: every CPU drops
	 * them before it first runs this space.
	 */
	mm->arch =
	    (struct arch_mm){ .pgd = pgd, .asid = asid, .has_run = false, .tlb_stale = ~0UL };
	return 0;
}

/*
 * The leaf entry of user page va: a pointer into its page table, which is made (with the
 * PMD table above it) if missing and alloc; NULL where one is missing.
 */
static unsigned long *user_pte(struct mm_struct *mm, unsigned long va, bool alloc)
{
	unsigned long *entry = &mm->arch.pgd[pgd_index(va)], *table;

	if (!*entry && !alloc)
		return NULL;
	table = next_table(entry);
	if (!table)
		return NULL;
	entry = &table[pmd_index(va)];
	if (!*entry && !alloc)
		return NULL;
	table = next_table(entry);
	return table ? &table[pte_index(va)] : NULL;
}

static bool user_page_ok(unsigned long va)
{
	return !(va & (PAGE_SIZE - 1)) && va >= USER_BASE && va < TASK_SIZE;
}

int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot)
{
	unsigned long *pte;

	/* TASK_SIZE is within what three levels reach (asm/pgtable.h). */
	BUILD_BUG_ON(TASK_SIZE > 1UL << USER_VA_BITS);
	if (!user_page_ok(va) || (pa & (PAGE_SIZE - 1)))
		return -EINVAL;
	pte = user_pte(mm, va, true);
	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_V)
		return -EBUSY;
	*pte = mk_pte(pa, prot);
	/*
	 * A task that touched va before it was mapped left an invalid entry for it in the TLB
	 * (the refill handler caches "nothing here" too); drop it here, and on every other CPU
	 * before it runs this space again (see the top). A space that never ran cannot have
	 * one: every CPU drops its ASID before it first runs it (arch_mm_init()).
	 */
	if (mm->arch.has_run) {
		invtlb(INVTLB_ASID_ADDR, mm->arch.asid, va);
		__atomic_or_fetch(&mm->arch.tlb_stale, ~(1UL << smp_processor_id()),
				  __ATOMIC_RELAXED);
	}
	return 0;
}

/* The space whose tables each CPU's PGDL points at; NULL: empty_pgd. */
static struct mm_struct *live_mm[NR_CPUS];

/*
 * The context switch half of memory: PGDL for the refill handler, ASID for the TLB lookup.
 * The entries of other address spaces carry other ASIDs and stay. Called on every context
 * switch, never on a syscall (docs/design.md, "Performance principles").
 */
void arch_switch_mm(struct mm_struct *mm)
{
	unsigned long me;

	/* Ordered before the tlb_stale load below (flush_user_page()). */
	__atomic_store_n(&live_mm[smp_processor_id()], mm, __ATOMIC_SEQ_CST);
	if (!mm) {
		csr_write(LOONGARCH_CSR_PGDL, virt_to_phys(empty_pgd));
		csr_write(LOONGARCH_CSR_ASID, 0);
		return;
	}
	csr_write(LOONGARCH_CSR_PGDL, virt_to_phys(mm->arch.pgd));
	csr_write(LOONGARCH_CSR_ASID, mm->arch.asid);
	me = 1UL << smp_processor_id();
	if (__atomic_load_n(&mm->arch.tlb_stale, __ATOMIC_SEQ_CST) & me) {
		/*
		 * This CPU's TLB may hold entries of the ASID that the tables no longer say
		 * (see the top): drop them all, before the first user access. And the first
		 * run of a space on this CPU: the loader or fork wrote its code through the
		 * kernel's window. ibar (LoongArch reference manual, IBAR) orders those stores
		 * before the instruction fetches that follow.
		 */
		invtlb(INVTLB_ASID, mm->arch.asid, 0);
		__asm__ __volatile__("ibar 0" : : : "memory");
		__atomic_and_fetch(&mm->arch.tlb_stale, ~me, __ATOMIC_RELAXED);
	}
	mm->arch.has_run = true;
}

/* smp_call_function() from arch_mm_destroy(): this CPU leaves the dying space, if it is here. */
static void leave_mm(void *mm)
{
	if (live_mm[smp_processor_id()] == mm)
		arch_switch_mm(NULL);
}

void arch_mm_destroy(struct mm_struct *mm)
{
	unsigned long *pgd = mm->arch.pgd;

	/*
	 * Never pull the tables from under a CPU whose PGDL still points at them. Here: leave
	 * the space. Elsewhere (a CPU that ran it last and has not switched since, so it runs
	 * only kernel code now, which uses no user address): only an IPI can, and only then.
	 */
	if (live_mm[smp_processor_id()] == mm)
		arch_switch_mm(NULL);
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++) {
		if (__atomic_load_n(&live_mm[cpu], __ATOMIC_RELAXED) == mm) {
			smp_call_function(leave_mm, mm);
			break;
		}
	}
	for (unsigned int i = 0; i < PTRS_PER_TABLE; i++) {
		unsigned long *pmd;

		if (!pgd[i])
			continue;
		pmd = phys_to_virt(pgd[i]);
		for (unsigned int j = 0; j < PTRS_PER_TABLE; j++)
			if (pmd[j])
				free_page(phys_to_virt(pmd[j]));
		free_page(pmd);
	}
	free_page(pgd);
	/*
	 * The entries tagged with our ASID stay in the TLBs of the CPUs that ran us: the next
	 * owner of the ASID has every CPU drop them first (arch_mm_init()).
	 */
	asid_free(mm->arch.asid);
	mm->arch = (struct arch_mm){ 0 };
}

/*
 * W^X and stack guard pages for the kernel's own mapping: not on loongarch64. The kernel runs
 * in DMW1, a direct mapping window (head.S), which translates a whole 2^60-byte segment for
 * PLV0 with one memory type and no per-page permission at all: no read-only, no no-execute,
 * no hole. Only a kernel mapped through the TLB, page by page, could have them; what that
 * would take is in docs/hardening-loongarch.md. Stack overflows are caught after the fact, by
 * the canary below each stack (kernel/lkdtm.c, EXHAUST_STACK).
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot)
{
	return -ENOSYS;
}

int arch_user_page(struct mm_struct *mm, unsigned long va, unsigned long *pa, unsigned int *prot)
{
	unsigned long *pte, entry;

	if (va < USER_BASE || va >= TASK_SIZE)
		return -EINVAL;
	pte = user_pte(mm, va, false);
	if (!pte || !(*pte & PTE_V))
		return -ENOENT;
	entry = *pte;
	*pa = entry & PTE_PPN_MASK;
	*prot = (entry & PTE_NR ? 0 : PROT_READ) | (entry & PTE_D ? PROT_WRITE : 0) |
		(entry & PTE_NX ? 0 : PROT_EXEC);
	return 0;
}

/* smp_call_function() from flush_user_page(): a CPU running the space drops the page. */
struct flush_page_args {
	struct mm_struct *mm;
	unsigned long va;
};

static void flush_user_page_ipi(void *arg)
{
	const struct flush_page_args *f = arg;

	if (live_mm[smp_processor_id()] == f->mm)
		invtlb(INVTLB_ASID_ADDR, f->mm->arch.asid, f->va);
}

/*
 * The entry of page va changed to one that allows less: no CPU may use the old one once we
 * return. This CPU drops it now; every other CPU is stale (it drops the whole ASID before
 * it next runs the space, see the top), set before we look which ones have the space live
 * now: those may be running it and drop the page in an IPI.
 */
static void flush_user_page(struct mm_struct *mm, unsigned long va)
{
	unsigned long me = 1UL << smp_processor_id();

	if (!mm->arch.has_run)
		return; /* no TLB holds anything of it (arch_mm_init()) */
	invtlb(INVTLB_ASID_ADDR, mm->arch.asid, va);
	__atomic_or_fetch(&mm->arch.tlb_stale, ~me, __ATOMIC_SEQ_CST);
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++) {
		if (cpu != smp_processor_id() &&
		    __atomic_load_n(&live_mm[cpu], __ATOMIC_SEQ_CST) == mm) {
			struct flush_page_args f = { mm, va };

			smp_call_function(flush_user_page_ipi, &f);
			break;
		}
	}
}

/*
 * The entry keeps V and the page; prot 0 is V with NR and NX and no D, which every access
 * faults on (PNR, PME, PNX), so a PROT_NONE page keeps its page like any other.
 */
int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	unsigned long *pte;

	if (!user_page_ok(va))
		return -EINVAL;
	pte = user_pte(mm, va, false);
	if (!pte || !(*pte & PTE_V))
		return -ENOENT;
	*pte = mk_pte(*pte & PTE_PPN_MASK, prot);
	flush_user_page(mm, va);
	return 0;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	unsigned long *pte, entry;

	if (!user_page_ok(va))
		return 0;
	pte = user_pte(mm, va, false);
	if (!pte || !(*pte & PTE_V))
		return 0;
	entry = *pte;
	*pte = 0;
	flush_user_page(mm, va);
	return entry & PTE_PPN_MASK;
}

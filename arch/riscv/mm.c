// SPDX-License-Identifier: MIT
/*
 * riscv64 page tables: the kernel's own map, and one Sv39 address space per task.
 *
 * Sv39 (Privileged ISA 20211203, 4.4): a virtual address is three 9-bit indices (VPN[2],
 * VPN[1], VPN[0]) and a 12-bit page offset; satp points at the root table. An entry with any
 * of R, W, X set is a leaf, at any level: a root-level leaf maps 1 GiB, a level-1 leaf 2 MiB.
 *
 * The kernel's map (riscv_mmu_init) is the identity over [0, end of RAM), all with U = 0
 * (U-mode may not touch it) and G = 1 (the same in every address space, so the TLB keeps it
 * across address-space switches): devices and RAM read/write and never executable, in 1 GiB
 * leaves of the root table, except where finer permissions need smaller leaves. The kernel
 * image alone is executable at first; kernel_protect() (kernel/traps.c) then makes its text
 * r-x, its rodata r--, its data r-w and unmaps the guard below every kernel stack, through
 * arch_kernel_map_prot(). Page 0 is not mapped, so a kernel NULL dereference faults. A range
 * that covers only part of a 1 GiB or 2 MiB leaf splits it into a table of 512 smaller leaves
 * (from kernel_pt_pool), down to 4 KiB pages.
 *
 * Each task's root table starts as a copy of the kernel's, and its user pages live in root
 * entries the kernel never uses (asm/page.h): so the kernel is mapped in every address space,
 * and a trap or system call never switches satp (docs/design.md). Only a context switch does, in
 * arch_switch_mm(). The copies share the kernel's lower tables, so a later permission change
 * below the root reaches every address space at once.
 *
 * The TLB: each address space gets its own ASID (address-space identifier, in satp), so the
 * TLB may hold translations of several at once and switching needs no flush. An ASID is
 * flushed once, on the first switch to a new owner (the previous one left entries behind).
 * Under QEMU's TCG every satp write flushes QEMU's software TLB anyway; on hardware the ASID
 * saves the refills.
 *
 * Several CPUs: each hart has its own satp and TLB, and sfence.vma acts on the hart that runs
 * it only. So what used to be "flush before the next use" is kept per CPU: an address space
 * carries the mask of CPUs that must flush its ASID before they use it (stale_cpus: every CPU
 * for a new address space or a reused ASID, every other CPU when a mapping is added), and the
 * mask of CPUs whose satp holds it (live_cpus). Before its tables are freed, every CPU still
 * holding it switches to the kernel's table, through an IPI (smp_call_function()): no hart
 * may walk a freed table. docs/smp.md, "riscv".
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/sections.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>
#include <asm/csr.h>
#include <asm/setup.h>

/* Sv39 page-table entry (4.4.1, figure 4.21) */
#define PTE_V	       (1UL << 0) /* valid */
#define PTE_R	       (1UL << 1) /* readable */
#define PTE_W	       (1UL << 2) /* writable (W without R is reserved) */
#define PTE_X	       (1UL << 3) /* executable; R = W = X = 0: points to the next table */
#define PTE_U	       (1UL << 4) /* U-mode may access; S-mode may not (SUM = 0) */
#define PTE_G	       (1UL << 5) /* global: in every address space, whatever the ASID */
#define PTE_A	       (1UL << 6) /* accessed */
#define PTE_D	       (1UL << 7) /* dirty */
#define PTE_LEAF       (PTE_R | PTE_W | PTE_X)
#define PTE_FLAGS_MASK 0x3ffUL /* bits 9:0: V R W X U G A D and the two RSW bits */
#define PTE_PPN_SHIFT  10      /* the physical page number starts at bit 10 */
/*
 * A and D: the hart may either set them itself or raise a page fault when they are clear
 * (4.4.1). Nothing here pages out, so every leaf is born accessed, and every writable leaf
 * dirty: no such fault ever happens, whichever way the hart chose.
 */

#define PTRS_PER_TABLE 512 /* 4 KiB / 8-byte entries */
#define VPN_BITS       9   /* index bits per level */
#define ROOT_LEVEL     2   /* levels 2 (root), 1, 0; level-0 leaves are 4 KiB pages */
#define GIGAPAGE_SHIFT 30  /* a root entry maps 1 GiB */
#define GIGAPAGE_SIZE  (1UL << GIGAPAGE_SHIFT)

/* The kernel's root table: satp when no task runs, and the template every task copies. */
static u64 kernel_pgd[PTRS_PER_TABLE] __aligned(PAGE_SIZE);

/*
 * The lower tables of the kernel's map, made when a leaf is split. A static pool, because
 * riscv_mmu_init() runs before the page allocator exists. Splitting the kernel's own
 * gigapage takes one table, each 2 MiB of the image that needs 4 KiB pages one more, and
 * page 0 two: 16 leave room for an image of several MiB.
 */
#define KERNEL_PT_POOL 16
static u64 kernel_pt_pool[KERNEL_PT_POOL][PTRS_PER_TABLE] __aligned(PAGE_SIZE);
static unsigned int kernel_pt_used;

/* Set by arch_mm_init(): from then on root entries are copied into address spaces. */
static bool kernel_pgd_copied;

/* The address space each CPU's satp holds; NULL = kernel_pgd (no user mappings). */
static struct mm_struct *live_mm[NR_CPUS];

/* This CPU's bit in the CPU masks of struct arch_mm (asm/mmu.h). */
static unsigned long this_cpu_bit(void)
{
	return 1UL << smp_processor_id();
}

/*
 * ASIDs. satp has up to 16 ASID bits but a hart may implement fewer, even none (4.1.11); we
 * probe how many. ASID 0 belongs to kernel_pgd. Tasks draw theirs from a bitmap; an address
 * space that finds none left (a hart with few ASID bits) gets 0 and a full TLB flush
 * whenever it is switched to or away from, which is always correct, only slower.
 */
#define MAX_ASIDS   256 /* our bitmap: more than NR_TASKS address spaces */
#define KERNEL_ASID 0

static unsigned int asid_bits;
static unsigned long nr_asids; /* usable ASIDs, KERNEL_ASID included */
static u64 asid_used[MAX_ASIDS / 64];

static unsigned long pgd_index(unsigned long va, int level)
{
	return (va >> (PAGE_SHIFT + level * VPN_BITS)) & (PTRS_PER_TABLE - 1);
}

/* A leaf entry mapping pa with flags. */
static u64 pte_leaf(unsigned long pa, u64 flags)
{
	return (pa >> PAGE_SHIFT) << PTE_PPN_SHIFT | flags | PTE_V;
}

/* Non-leaf entries keep U, A, D and G clear: reserved for future use (4.4.1). */
static u64 pte_table(const u64 *table)
{
	return (virt_to_phys(table) >> PAGE_SHIFT) << PTE_PPN_SHIFT | PTE_V;
}

static bool pte_is_table(u64 pte)
{
	return (pte & PTE_V) && !(pte & PTE_LEAF);
}

static u64 *pte_next_table(u64 pte)
{
	return phys_to_virt((pte >> PTE_PPN_SHIFT) << PAGE_SHIFT);
}

/* The size one leaf maps at level: 4 KiB at 0, 2 MiB at 1, 1 GiB at 2. */
static unsigned long level_size(int level)
{
	return 1UL << (PAGE_SHIFT + level * VPN_BITS);
}

/*
 * The access bits of a leaf for prot (PROT_*): R, W, X, and D with W, so that the first
 * write does not fault to set it. 0 for no access: a valid entry without R, W or X is a
 * pointer to the next table, not a leaf.
 */
static u64 prot_pte_flags(unsigned int prot)
{
	u64 flags = 0;

	if (prot & PROT_READ)
		flags |= PTE_R;
	if (prot & PROT_WRITE)
		flags |= PTE_R | PTE_W | PTE_D; /* W alone is a reserved encoding */
	if (prot & PROT_EXEC)
		flags |= PTE_X;
	return flags;
}

/* The leaf flags of a kernel mapping with prot (PROT_*), 0 for none. */
static u64 kernel_pte_flags(unsigned int prot)
{
	u64 flags = prot_pte_flags(prot);

	return flags ? flags | PTE_G | PTE_A : 0; /* no R, W or X: not mapped at all */
}

/*
 * Replace the leaf (or empty entry) *pte at level by a table of 512 entries one level down
 * that map the same memory with the same flags, so that part of it can change.
 */
static int split_leaf(u64 *pte, int level)
{
	u64 *table, flags = *pte & PTE_FLAGS_MASK;
	unsigned long pa = (*pte >> PTE_PPN_SHIFT) << PAGE_SHIFT;

	if (kernel_pt_used == KERNEL_PT_POOL)
		return -ENOMEM;
	table = kernel_pt_pool[kernel_pt_used++]; /* bss: all entries invalid */
	if (flags & PTE_V)
		for (int i = 0; i < PTRS_PER_TABLE; i++)
			table[i] = pte_leaf(pa + i * level_size(level - 1), flags & ~PTE_V);
	*pte = pte_table(table);
	return 0;
}

/*
 * The kernel's map of [start, end) (page-aligned; identity, so pa = va) gets leaf flags
 * (0: unmapped). Each piece takes the largest leaf that it covers whole and that is aligned
 * to its own size; a leaf that is only partly covered is split first. A root entry may only
 * change while no address space has copied the root yet.
 */
static int kernel_set_range(unsigned long start, unsigned long end, u64 flags)
{
	unsigned long va = start;

	while (va < end) {
		u64 *table = kernel_pgd;
		int level = ROOT_LEVEL;

		for (;;) {
			u64 *pte = &table[pgd_index(va, level)];
			unsigned long size = level_size(level);
			bool whole = !(va & (size - 1)) && end - va >= size;

			if (level == ROOT_LEVEL && kernel_pgd_copied && !pte_is_table(*pte))
				return -EBUSY;
			if (whole && !pte_is_table(*pte)) {
				*pte = flags ? pte_leaf(va, flags) : 0;
				va += size;
				break;
			}
			if (!pte_is_table(*pte)) {
				int err = split_leaf(pte, level);

				if (err)
					return err;
			}
			table = pte_next_table(*pte);
			level--;
		}
	}
	return 0;
}

static unsigned long make_satp(const u64 *pgd, unsigned long asid)
{
	return (unsigned long)SATP_MODE_SV39 << SATP_MODE_SHIFT | asid << SATP_ASID_SHIFT |
	       virt_to_phys(pgd) >> PAGE_SHIFT;
}

/*
 * sfence.vma rs1, rs2 (4.2.1): rs1 = x0 means every address, rs2 = x0 every address space
 * including global entries. It also orders our earlier stores to page tables before the
 * hart's later page walks, which is why it follows every table change that may be live.
 */
static void flush_tlb_all(void)
{
	__asm__ __volatile__("sfence.vma zero, zero" : : : "memory");
}

/* Every non-global entry of one address space. */
static void flush_tlb_asid(unsigned long asid)
{
	__asm__ __volatile__("sfence.vma zero, %0" : : "r"(asid) : "memory");
}

/* One page of one address space. */
static void flush_tlb_page(unsigned long va, unsigned long asid)
{
	__asm__ __volatile__("sfence.vma %0, %1" : : "r"(va), "r"(asid) : "memory");
}

static unsigned long asid_alloc(void)
{
	for (unsigned long a = KERNEL_ASID + 1; a < nr_asids; a++) {
		if (!(asid_used[a / 64] & 1UL << (a % 64))) {
			asid_used[a / 64] |= 1UL << (a % 64);
			return a;
		}
	}
	return KERNEL_ASID; /* none left: share 0, flush on every switch */
}

static void asid_free(unsigned long asid)
{
	if (asid != KERNEL_ASID)
		asid_used[asid / 64] &= ~(1UL << (asid % 64));
}

/*
 * How many ASID bits the hart has: write all ones to satp's ASID field and read back which
 * stuck (4.1.11). Also tells us whether Sv39 exists at all: writing an unsupported MODE
 * leaves satp unchanged. Runs with kernel_pgd already built, because the write turns
 * translation on.
 */
static void probe_satp(void)
{
	unsigned long satp;

	csr_write(satp, make_satp(kernel_pgd, SATP_ASID_MASK));
	satp = csr_read(satp);
	if (satp >> SATP_MODE_SHIFT != SATP_MODE_SV39)
		panic("riscv: this hart has no Sv39 (satp reads 0x%lx)", satp);
	satp = satp >> SATP_ASID_SHIFT & SATP_ASID_MASK;
	while (satp & 1UL << asid_bits)
		asid_bits++;
	nr_asids = 1UL << asid_bits < MAX_ASIDS ? 1UL << asid_bits : MAX_ASIDS;
}

/*
 * The kernel's map and the MMU on; arch_setup() calls it once the device tree told us where
 * RAM is. The kernel keeps running at the same addresses (identity map), so turning
 * translation on needs no jump.
 */
void riscv_mmu_init(void)
{
	unsigned long ram_end = boot_info.mem_start + boot_info.mem_size;
	unsigned long image_start = (unsigned long)_stext, image_end = (unsigned long)_end;
	int err;

	/* No /memory in the tree: map at least this kernel. */
	if (ram_end < virt_to_phys(_end))
		ram_end = virt_to_phys(_end);
	/* Everything above USER_BASE belongs to the tasks (asm/page.h). */
	if (ram_end > USER_BASE) {
		printk("mmu:     RAM above 0x%lx unused: user space starts there\n", USER_BASE);
		ram_end = USER_BASE;
		boot_info.mem_size = ram_end - boot_info.mem_start;
	}

	/* Devices and RAM: read/write, never executable. */
	for (unsigned long pa = 0; pa < ram_end; pa += GIGAPAGE_SIZE)
		kernel_pgd[pgd_index(pa, ROOT_LEVEL)] =
		    pte_leaf(pa, kernel_pte_flags(PROT_READ | PROT_WRITE));
	/* Our own image is also executable, until kernel_protect() narrows it down. */
	err = kernel_set_range(image_start, image_end,
			       kernel_pte_flags(PROT_READ | PROT_WRITE | PROT_EXEC));
	/* Nothing at 0 (QEMU virt's first device is at 0x100): a NULL pointer faults. */
	if (!err)
		err = kernel_set_range(0, PAGE_SIZE, 0);
	if (err)
		panic("riscv: cannot build the kernel map: error %d", err);

	/* Order the table stores before the first walk, then translate. */
	flush_tlb_all();
	probe_satp();
	csr_write(satp, make_satp(kernel_pgd, KERNEL_ASID));
	flush_tlb_all();
	printk("mmu:     Sv39, %u ASID bits; kernel 0x0-0x%lx (identity, U=0), user 0x%lx-0x%lx\n",
	       asid_bits, ALIGN(ram_end, GIGAPAGE_SIZE), USER_BASE, USER_STACK_TOP);
}

unsigned long riscv_kernel_satp(void)
{
	return make_satp(kernel_pgd, KERNEL_ASID);
}

static void flush_tlb_all_ipi(void *unused)
{
	(void)unused;
	flush_tlb_all();
}

/*
 * W^X and guard pages for the kernel's own map (kernel_protect(), kernel/traps.c). The
 * changes are all below the root (riscv_mmu_init() already split the image's gigapage), so
 * they reach every address space. sfence.vma with rs2 = x0 also drops global entries, on this
 * hart; every other CPU that runs does the same in an IPI.
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot)
{
	int err;

	if (start & (PAGE_SIZE - 1) || end & (PAGE_SIZE - 1) || start > end || end > USER_BASE)
		return -EINVAL;
	err = kernel_set_range(start, end, kernel_pte_flags(prot));
	flush_tlb_all();
	smp_call_function(flush_tlb_all_ipi, NULL);
	return err;
}

int arch_mm_init(struct mm_struct *mm)
{
	u64 *pgd = alloc_page();

	if (!pgd)
		return -ENOMEM;
	/*
	 * The kernel's half: its root entries, leaves and pointers to the kernel's own lower
	 * tables, which every address space shares; the user's entries of kernel_pgd are empty.
	 */
	memcpy(pgd, kernel_pgd, PAGE_SIZE);
	kernel_pgd_copied = true;
	mm->arch.pgd = pgd;
	mm->arch.asid = asid_alloc();
	mm->arch.live_cpus = 0;
	/* Every CPU: the ASID's previous owner may have left TLB entries on any of them. */
	mm->arch.stale_cpus = ~0UL;
	return 0;
}

/*
 * A user page with no access (PROT_NONE, or mprotect() to it) keeps its page: the entry is
 * invalid to the hart (V = 0) but holds the physical page and this bit, the first of the
 * two bits the Privileged ISA leaves to software (RSW, 4.4.1). Linux keeps PROT_NONE pages
 * the same way (_PAGE_PROT_NONE).
 */
#define PTE_PROT_NONE (1UL << 8)

/* A user page is there, accessible (V) or not (PTE_PROT_NONE). */
static bool pte_user_present(u64 pte)
{
	return pte & (PTE_V | PTE_PROT_NONE);
}

/* The level-0 entry of user page va in mm, making the missing tables if alloc; NULL if none. */
static u64 *user_pte(struct mm_struct *mm, unsigned long va, bool alloc)
{
	u64 *table = mm->arch.pgd, *pte;

	for (int level = ROOT_LEVEL; level > 0; level--) {
		pte = &table[pgd_index(va, level)];
		if (!(*pte & PTE_V)) {
			u64 *next;

			if (!alloc || !(next = alloc_page())) /* zeroed: every entry invalid */
				return NULL; /* arch_mm_destroy() frees what we made */
			*pte = pte_table(next);
		} else if (*pte & PTE_LEAF) {
			return NULL; /* a kernel leaf: cannot happen in the user range */
		}
		table = pte_next_table(*pte);
	}
	return &table[pgd_index(va, 0)];
}

/* The entry for user page pa with prot: a leaf, or the kept page of PROT_NONE. */
static u64 pte_user(unsigned long pa, unsigned int prot)
{
	u64 flags = prot_pte_flags(prot);

	if (!flags)
		return (pa >> PAGE_SHIFT) << PTE_PPN_SHIFT | PTE_PROT_NONE;
	return pte_leaf(pa, flags | PTE_U | PTE_A);
}

static bool user_range_ok(unsigned long va)
{
	return !(va & (PAGE_SIZE - 1)) && va >= USER_BASE && va < TASK_SIZE;
}

/* fence.i: this hart's instruction fetches see the code the kernel wrote into a page. */
static void sync_icache(void)
{
	__asm__ __volatile__("fence.i" : : : "memory");
}

int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot)
{
	u64 *pte;

	if (!user_range_ok(va) || pa & (PAGE_SIZE - 1))
		return -EINVAL;
	pte = user_pte(mm, va, true);
	if (!pte)
		return -ENOMEM;
	if (pte_user_present(*pte))
		return -EBUSY;
	*pte = pte_user(pa, prot);

	/*
	 * The hart may cache even invalid entries (4.2.1), so a new mapping is only certain
	 * to be seen after an sfence.vma: now on this CPU if this space is live here, else on
	 * its next switch to it; on every other CPU on its next switch to it (where that
	 * switch also runs fence.i). No other CPU runs this space's code meanwhile: its one
	 * task is here, in the kernel.
	 */
	if (mm == live_mm[smp_processor_id()]) {
		flush_tlb_page(va, mm->arch.asid);
		if (prot & PROT_EXEC)
			sync_icache();
		__atomic_fetch_or(&mm->arch.stale_cpus, ~this_cpu_bit(), __ATOMIC_SEQ_CST);
	} else {
		__atomic_fetch_or(&mm->arch.stale_cpus, ~0UL, __ATOMIC_SEQ_CST);
	}
	return 0;
}

void arch_switch_mm(struct mm_struct *mm)
{
	unsigned int cpu = smp_processor_id();
	unsigned long bit = this_cpu_bit();
	struct mm_struct *prev = live_mm[cpu];
	const u64 *pgd = mm ? mm->arch.pgd : kernel_pgd;
	unsigned long asid = mm ? mm->arch.asid : KERNEL_ASID;
	bool flushed = false;

	if (mm != prev) {
		live_mm[cpu] = mm;
		if (prev)
			__atomic_fetch_and(&prev->arch.live_cpus, ~bit, __ATOMIC_RELAXED);
		if (mm) /* ordered before the stale_cpus load below (flush_user_page()) */
			__atomic_fetch_or(&mm->arch.live_cpus, bit, __ATOMIC_SEQ_CST);
		csr_write(satp, make_satp(pgd, asid));
		/*
		 * Between the satp write and the flush below, stale user entries may still be
		 * in the TLB; harmless, because the kernel never touches a user address. A space
		 * without an ASID of its own (0, shared with kernel_pgd) on either side: flush
		 * everything non-global, or its entries would show through the next space.
		 */
		if ((prev && prev->arch.asid == KERNEL_ASID) || (mm && asid == KERNEL_ASID)) {
			flush_tlb_all();
			flushed = true;
		}
	}
	/*
	 * A space whose tables or ASID changed since this CPU last flushed it: its ASID now.
	 * The bit goes first, so that a change made meanwhile sets it again.
	 */
	if (mm && __atomic_load_n(&mm->arch.stale_cpus, __ATOMIC_ACQUIRE) & bit) {
		__atomic_fetch_and(&mm->arch.stale_cpus, ~bit, __ATOMIC_ACQUIRE);
		if (!flushed)
			flush_tlb_asid(asid);
		/*
		 * A new or changed space: the loader or fork may have written code into its
		 * pages through the kernel's map, on this CPU or another. fence.i (Zifencei)
		 * makes this hart's instruction fetches see those stores before user code runs
		 * there.
		 */
		__asm__ __volatile__("fence.i" : : : "memory");
	}
}

/* smp_call_function() from arch_mm_destroy(): leave mm if this CPU's satp still holds it. */
static void drop_mm_ipi(void *mm)
{
	if (live_mm[smp_processor_id()] == mm)
		arch_switch_mm(NULL);
}

void arch_mm_destroy(struct mm_struct *mm)
{
	u64 *pgd = mm->arch.pgd;

	if (!pgd)
		return;
	/* Never leave any CPU's satp on a freed table, nor its walker inside one. */
	if (mm == live_mm[smp_processor_id()])
		arch_switch_mm(NULL);
	if (__atomic_load_n(&mm->arch.live_cpus, __ATOMIC_ACQUIRE))
		smp_call_function(drop_mm_ipi, mm);
	/* Only the user's root entries: the kernel's tables are shared, not ours to free. */
	for (unsigned long i = pgd_index(USER_BASE, ROOT_LEVEL);
	     i <= pgd_index(TASK_SIZE - 1, ROOT_LEVEL); i++) {
		u64 *pmd;

		if (!pte_is_table(pgd[i]))
			continue;
		pmd = pte_next_table(pgd[i]);
		for (int j = 0; j < PTRS_PER_TABLE; j++)
			if (pte_is_table(pmd[j]))
				free_page(pte_next_table(pmd[j]));
		free_page(pmd);
	}
	free_page(pgd);
	asid_free(mm->arch.asid); /* its next owner flushes it on first use */
	mm->arch.pgd = NULL;
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
	*pa = (entry >> PTE_PPN_SHIFT) << PAGE_SHIFT;
	*prot = 0;
	if (entry & PTE_V) {
		*prot |= entry & PTE_R ? PROT_READ : 0;
		*prot |= entry & PTE_W ? PROT_WRITE : 0;
		*prot |= entry & PTE_X ? PROT_EXEC : 0;
	}
	return 0;
}

/* smp_call_function() from flush_user_page(): a CPU where the space is live drops the page. */
struct flush_page_args {
	struct mm_struct *mm;
	unsigned long va;
};

static void flush_user_page_ipi(void *arg)
{
	const struct flush_page_args *f = arg;

	if (live_mm[smp_processor_id()] == f->mm)
		flush_tlb_page(f->va, f->mm->arch.asid);
}

/*
 * The entry of page va changed to one that allows less (or nothing): no CPU may use the old
 * one once we return. Here: sfence.vma now. Every other CPU that is not running the space
 * flushes its ASID before it next does (stale_cpus, set first); those that are running it,
 * which have a satp that may walk and cache the entry any time, flush the page in an IPI.
 */
static void flush_user_page(struct mm_struct *mm, unsigned long va)
{
	unsigned long others = ~this_cpu_bit();

	if (mm == live_mm[smp_processor_id()])
		flush_tlb_page(va, mm->arch.asid);
	else
		others = ~0UL;
	__atomic_fetch_or(&mm->arch.stale_cpus, others, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&mm->arch.live_cpus, __ATOMIC_SEQ_CST) & ~this_cpu_bit()) {
		struct flush_page_args f = { mm, va };

		smp_call_function(flush_user_page_ipi, &f);
	}
}

int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	u64 *pte;

	if (!user_range_ok(va))
		return -EINVAL;
	pte = user_pte(mm, va, false);
	if (!pte || !pte_user_present(*pte))
		return -ENOENT;
	*pte = pte_user((*pte >> PTE_PPN_SHIFT) << PAGE_SHIFT, prot);
	flush_user_page(mm, va);
	if (prot & PROT_EXEC && mm == live_mm[smp_processor_id()])
		sync_icache();
	return 0;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	u64 *pte, entry;

	if (!user_range_ok(va))
		return 0;
	pte = user_pte(mm, va, false);
	if (!pte || !pte_user_present(*pte))
		return 0;
	entry = *pte;
	*pte = 0;
	flush_user_page(mm, va);
	return (entry >> PTE_PPN_SHIFT) << PAGE_SHIFT;
}

// SPDX-License-Identifier: MIT
/*
 * The interrupt controller of QEMU's virt board: an Arm GICv2 (-M
 * virt,gic-version=2, Makefile.arch). Trapdoor needs two interrupts from
 * it: the generic timer's, a private peripheral interrupt (PPI), and the
 * PL011 console's receive interrupt, a shared peripheral interrupt (SPI).
 * This is the smallest driver that delivers both as IRQs, the console's to
 * CPU 0, and that lets CPUs interrupt each other with a software generated
 * interrupt (SGI), the IPI of arch_send_ipi() (smp.c):
 *
 *   device line --> distributor (GICD): enabled? priority? which CPU? -->
 *   CPU interface (GICC): priority above the mask? --> IRQ exception at
 *   VBAR_EL1 + 0x480 (from EL0) or + 0x280 (from EL1, the idle loop)
 *
 * Register offsets and fields: Arm "Generic Interrupt Controller
 * Architecture Specification, GIC architecture version 2" (IHI 0048B),
 * chapter 4 "Programmers' Model". QEMU's GICv2 has no Security Extensions
 * unless the board runs with secure=on, so there is one group of interrupts
 * (group 0) and it is signalled as IRQ.
 */
#include <asm/dt.h>
#include <asm/gic.h>
#include <asm/io.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>

/* Distributor registers (IHI 0048B, 4.3). */
#define GICD_CTLR		0x000 /* bit 0: forward pending interrupts to CPU interfaces */
#define GICD_CTLR_ENABLE	1U
#define GICD_TYPER		0x004 /* [4:0] ITLinesNumber: 32 * (N + 1) INTIDs implemented */
#define GICD_TYPER_ITLINES	0x1fU
#define GICD_ICENABLER0		0x180 /* write 1: disable INTID n (bank 0: INTIDs 0-31) */
#define GICD_ISENABLER0		0x100 /* write 1: enable INTID n (bank 0: INTIDs 0-31) */
#define GICD_ISENABLER(n)	(0x100 + 4 * (n)) /* bank n: INTIDs 32n to 32n + 31 */
#define GICD_IPRIORITYR		0x400 /* one byte per INTID, lower value = more urgent */
#define GICD_ITARGETSR		0x800 /* one byte per INTID: a bit per target CPU (SPIs) */
#define GICD_ICFGR(n)		(0xc00 + 4 * (n)) /* 2 bits per INTID, 16 INTIDs a word */
#define GICD_ICFGR_EDGE		2U /* the upper bit of the pair: edge (1) or level (0) */
#define GICD_ITARGETSR_CPU0	1U
#define GICD_SGIR		0xf00 /* write: send SGI [3:0] to the CPUs in [23:16] */
#define GICD_SGIR_TARGETS_SHIFT 16    /* CPUTargetList: a bit per CPU interface */

/* CPU interface registers (IHI 0048B, 4.4). */
#define GICC_CTLR	 0x000 /* bit 0: signal interrupts to the CPU */
#define GICC_CTLR_ENABLE 1U
#define GICC_PMR	 0x004 /* priority mask: only priorities below it are signalled */
#define GICC_IAR	 0x00c /* read: acknowledge the highest pending interrupt */
#define GICC_EOIR	 0x010 /* write the IAR value back: end of interrupt */

/*
 * Priorities: every interrupt gets the middle value (the kernel never nests
 * them: IRQs stay masked in the handler); the mask lets everything through
 * but the lowest priority (0xff). The GIC may implement fewer than
 * 8 priority bits (at least 4 for the non-secure view, 4.3.11), so both
 * values keep their low bits zero.
 */
#define GIC_PRIO_DEFAULT  0xa0
#define GIC_PMR_ALLOW_ALL 0xf0

static unsigned long gicd, gicc;
static unsigned int gic_nr_irqs; /* INTIDs the distributor implements (GICD_TYPER) */

/*
 * Each CPU's CPU interface, as the one-bit mask GICD_SGIR's target list
 * wants (logical CPU n -> its bit). A GICv2 serves at most 8 CPUs: NR_CPUS.
 */
static u8 gic_cpu_mask[NR_CPUS];

/*
 * Finds the GIC in the device tree (/intc, "reg" = distributor, CPU
 * interface; dt.c checks both lie in the device window) and refuses anything
 * but a GICv2: a GICv3's CPU interface is a set of system registers, not
 * this MMIO page.
 */
static void gic_probe(const void *fdt)
{
	struct arm64_gic_regs gic;
	const char *why = arm64_dt_gic(fdt, &gic);

	if (!gic.v2)
		panic("arm64: interrupt controller \"%s\" is not a GICv2: boot with "
		      "-M virt,gic-version=2",
		      gic.compatible);
	if (why)
		printk("arm64: device tree: %s: GIC at QEMU virt's 0x%lx and 0x%lx\n", why,
		       gic.dist, gic.cpu);
	gicd = gic.dist;
	gicc = gic.cpu;
}

/* The distributor, once (CPU 0), then CPU 0's own part. */
void gic_init(const void *fdt)
{
	gic_probe(fdt);
	writel(0, gicd + GICD_CTLR); /* quiet while we set it up */
	gic_nr_irqs = 32 * ((readl(gicd + GICD_TYPER) & GICD_TYPER_ITLINES) + 1);
	if (gic_nr_irqs > GIC_INTID_SPURIOUS - 3)
		gic_nr_irqs = GIC_INTID_SPURIOUS - 3; /* 1020-1023 are special */
	writel(GICD_CTLR_ENABLE, gicd + GICD_CTLR);
	gic_cpu_init();
}

/* GICD_IPRIORITYR is byte-accessible, but a word update works on every GIC. */
static void gic_set_priority(unsigned int intid)
{
	unsigned long prio = gicd + GICD_IPRIORITYR + (intid & ~3U);
	unsigned int shift = (intid & 3) * 8;

	writel((readl(prio) & ~(0xffU << shift)) | (u32)GIC_PRIO_DEFAULT << shift, prio);
}

/*
 * The part every CPU sets up for itself: the registers of SGIs and PPIs
 * (INTIDs 0-31) are banked, one copy per CPU behind the same address, and
 * so is the CPU interface. Every SGI and PPI off but the IPI's SGI; the
 * mask open; the interface on. GICD_ITARGETSR0-7 read as this CPU's own
 * interface bit (IHI 0048B, 4.3.12): that is where other CPUs send its IPIs.
 */
void gic_cpu_init(void)
{
	unsigned int cpu = smp_processor_id();
	u32 self = readl(gicd + GICD_ITARGETSR) & 0xff;

	gic_cpu_mask[cpu] = self ? (u8)self : (u8)(1U << cpu); /* 0: a one-CPU GIC */
	writel(~0U, gicd + GICD_ICENABLER0);		       /* every SGI and PPI off */
	gic_set_priority(IPI_SGI);
	writel(1U << IPI_SGI, gicd + GICD_ISENABLER0);
	writel(GIC_PMR_ALLOW_ALL, gicc + GICC_PMR);
	writel(GICC_CTLR_ENABLE, gicc + GICC_CTLR);
}

/*
 * Sends SGI sgi to logical CPU cpu. The dsb makes this CPU's earlier stores
 * visible to every CPU before the interrupt can reach the target, which then
 * reads what the sender wrote for it (smp_call_function()).
 */
void gic_send_sgi(unsigned int cpu, unsigned int sgi)
{
	dsb(ishst);
	writel((u32)gic_cpu_mask[cpu] << GICD_SGIR_TARGETS_SHIFT | sgi, gicd + GICD_SGIR);
}

/* PPIs (INTIDs 16-31) are banked per CPU: bank 0 of every register is this CPU's. */
void gic_enable_ppi(unsigned int intid)
{
	gic_set_priority(intid);
	writel(1U << intid, gicd + GICD_ISENABLER0);
}

/*
 * An SPI (INTID 32 and up) may go to any CPU: GICD_ITARGETSR sends it to
 * CPU 0 (like GICD_IPRIORITYR, updated a word at a time). Its trigger is set
 * to level, as the device's line is (the DT's third cell says so for the
 * PL011): the interrupt stays pending for as long as the device holds it.
 */
bool gic_enable_spi(unsigned int intid)
{
	unsigned long target = gicd + GICD_ITARGETSR + (intid & ~3U);
	unsigned long cfg = gicd + GICD_ICFGR(intid / 16);
	unsigned int shift = (intid & 3) * 8;

	/* Every register below has a bit or a byte per INTID: past the last, another device's. */
	if (intid < GIC_SPI_BASE || intid >= gic_nr_irqs) {
		printk("arm64: GIC: no SPI with INTID %u (this GIC has INTIDs 0-%u)\n", intid,
		       gic_nr_irqs - 1);
		return false;
	}
	gic_set_priority(intid);
	writel((readl(target) & ~(0xffU << shift)) | GICD_ITARGETSR_CPU0 << shift, target);
	writel(readl(cfg) & ~(GICD_ICFGR_EDGE << 2 * (intid % 16)), cfg);
	writel(1U << (intid % 32), gicd + GICD_ISENABLER(intid / 32));
	return true;
}

/* Acknowledge: the interrupt becomes active; its INTID is IAR[9:0] (1023: none pending). */
u32 gic_ack(void)
{
	return readl(gicc + GICC_IAR);
}

/* Done with it: the interrupt leaves the active state (and, if its line is still high, pends again). */
void gic_eoi(u32 iar)
{
	writel(iar, gicc + GICC_EOIR);
}

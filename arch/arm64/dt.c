// SPDX-License-Identifier: MIT
/*
 * The device tree, parsed and checked (asm/dt.h): the GIC's registers, the
 * console's and the timer's interrupts, RAM and the CPUs. Nothing here
 * touches a device; setup.c, drivers/gic.c, console.c, time.c and smp.c do,
 * with what these functions return.
 */
#include <asm/dt.h>
#include <trapdoor/compiler.h>
#include <trapdoor/fdt.h>
#include <trapdoor/string.h>

#define SZ_4K		    0x1000UL
#define MPIDR_AFF_MASK	    0xff00ffffffULL /* Aff3, Aff2, Aff1, Aff0 (asm/sysreg.h) */
#define DT_IRQ_TYPE_SPI	    0
#define DT_IRQ_TYPE_PPI	    1
#define DT_IRQ_CELLS	    3
#define TIMER_DT_VIRT_INDEX 2 /* secure phys, non-secure phys, virtual, hyp */

/* The root's #address-cells and #size-cells, if both are 1 or 2. */
static bool root_cells(const void *fdt, int *ac, int *sc)
{
	int root = fdt_path_offset(fdt, "/");

	if (root < 0)
		return false;
	*ac = fdt_address_cells(fdt, root);
	*sc = fdt_size_cells(fdt, root);
	return *ac >= 1 && *ac <= 2 && *sc >= 1 && *sc <= 2;
}

/* [base, base + size) is page-aligned, at least min bytes, and inside the device window. */
static bool in_device_window(u64 base, u64 size, u64 min)
{
	return !(base & (SZ_4K - 1)) && size >= min && base >= ARM64_DEVICE_WINDOW_START &&
	       base < ARM64_DEVICE_WINDOW_END && size <= ARM64_DEVICE_WINDOW_END - base;
}

const char *arm64_dt_gic(const void *fdt, struct arm64_gic_regs *gic)
{
	int node = fdt ? fdt_path_offset(fdt, "/intc") : -1, len, ac, sc;
	const char *compat = fdt_getprop_string(fdt, node, "compatible");
	const u8 *reg = node < 0 ? NULL : fdt_getprop(fdt, node, "reg", &len);
	u64 dist, dist_size, cpu, cpu_size;

	gic->dist = ARM64_GICD_DEFAULT;
	gic->cpu = ARM64_GICC_DEFAULT;
	gic->v2 =
	    !compat || !strcmp(compat, "arm,cortex-a15-gic") || !strcmp(compat, "arm,gic-400");
	gic->compatible[0] = '\0';
	if (compat)
		string_escape(gic->compatible, sizeof(gic->compatible), compat);
	if (!reg)
		return node < 0 ? NULL : "/intc has no reg";
	if (!root_cells(fdt, &ac, &sc))
		return "the root's #address-cells or #size-cells is not 1 or 2";
	if (len < 8 * (ac + sc))
		return "/intc's reg is shorter than two regions";
	dist = fdt_read_cells(reg, ac);
	dist_size = fdt_read_cells(reg + 4 * ac, sc);
	cpu = fdt_read_cells(reg + 4 * (ac + sc), ac);
	cpu_size = fdt_read_cells(reg + 4 * (2 * ac + sc), sc);
	if (!in_device_window(dist, dist_size, ARM64_GICD_MIN_SIZE))
		return "the GIC distributor is not a page-aligned region of 4 KiB or more "
		       "in the device window";
	if (!in_device_window(cpu, cpu_size, ARM64_GICC_MIN_SIZE))
		return "the GIC CPU interface is not a page-aligned region of 4 KiB or more "
		       "in the device window";
	if (dist < cpu + cpu_size && cpu < dist + dist_size)
		return "the GIC distributor and CPU interface overlap";
	gic->dist = dist;
	gic->cpu = cpu;
	return NULL;
}

const char *arm64_dt_uart_spi(const void *fdt, unsigned int *spi)
{
	int len;
	const u8 *irq = fdt_path_getprop(fdt, "/pl011@9000000", "interrupts", &len);

	*spi = ARM64_UART_SPI_DEFAULT;
	if (!irq)
		return NULL;
	if (len < 4 * DT_IRQ_CELLS || fdt32_ld(irq) != DT_IRQ_TYPE_SPI)
		return "the UART's interrupt is not an SPI";
	if (fdt32_ld(irq + 4) > ARM64_GIC_MAX_SPI)
		return "the UART's SPI number is beyond the GIC's 988 SPIs";
	*spi = fdt32_ld(irq + 4);
	return NULL;
}

const char *arm64_dt_timer_ppi(const void *fdt, unsigned int *ppi)
{
	int len;
	const u8 *irqs = fdt_path_getprop(fdt, "/timer", "interrupts", &len);
	const u8 *virt;

	*ppi = ARM64_TIMER_PPI_DEFAULT;
	if (!irqs)
		return NULL;
	if (len < 4 * DT_IRQ_CELLS * (TIMER_DT_VIRT_INDEX + 1))
		return "/timer lists no virtual timer interrupt";
	virt = irqs + 4 * DT_IRQ_CELLS * TIMER_DT_VIRT_INDEX;
	if (fdt32_ld(virt) != DT_IRQ_TYPE_PPI || fdt32_ld(virt + 4) >= 16)
		return "the virtual timer's interrupt is not a PPI (0-15)";
	*ppi = fdt32_ld(virt + 4);
	return NULL;
}

/* What arm64_dt_cpus() collects, one CPU node at a time. */
struct arm64_cpus {
	u64 self;
	u64 *hwid;
	bool *psci;
	unsigned int max, n;
};

static void arm64_dt_cpu(const void *fdt, int node, u64 id, void *arg)
{
	struct arm64_cpus *c = arg;

	id &= MPIDR_AFF_MASK;
	if (id == c->self)
		return;
	if (c->n < c->max) {
		c->hwid[c->n] = id;
		c->psci[c->n] = fdt_prop_is(fdt, node, "enable-method", "psci", false);
	}
	c->n++;
}

int arm64_dt_cpus(const void *fdt, u64 self, u64 *hwid, bool *psci, unsigned int max)
{
	struct arm64_cpus c = { .self = self, .hwid = hwid, .psci = psci, .max = max, .n = 1 };

	if (max) {
		hwid[0] = self;
		psci[0] = true; /* running already */
	}
	return fdt_for_each_cpu(fdt, arm64_dt_cpu, &c) < 0 ? -1 : (int)c.n;
}

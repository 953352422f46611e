// SPDX-License-Identifier: MIT
/*
 * The device tree, parsed and checked (asm/dt.h): the timebase, the
 * console's interrupt and the harts. Nothing here touches a CSR or a
 * device; time.c, console.c and smp.c do, with what these functions return.
 */
#include <asm/dt.h>
#include <trapdoor/compiler.h>
#include <trapdoor/fdt.h>
#include <trapdoor/string.h>

const char *riscv_dt_timebase(const void *fdt, u64 *hz)
{
	int len;
	const void *p = fdt_path_getprop(fdt, "/cpus", "timebase-frequency", &len);
	u64 v;

	*hz = RISCV_TIMEBASE_DEFAULT;
	if (!p)
		return NULL;
	if (len != 4 && len != 8)
		return "/cpus/timebase-frequency is not one or two cells";
	v = fdt_read_cells(p, len / 4);
	if (v < RISCV_TIMEBASE_MIN || v > RISCV_TIMEBASE_MAX)
		return "/cpus/timebase-frequency is outside 10 kHz-10 GHz";
	*hz = v;
	return NULL;
}

const char *riscv_dt_uart_irq(const void *fdt, unsigned int *irq)
{
	int len;
	const void *p = fdt_path_getprop(fdt, "/soc/serial@10000000", "interrupts", &len);

	*irq = RISCV_UART_IRQ_DEFAULT;
	if (!p)
		return NULL;
	if (len != 4)
		return "the UART's interrupts is not one cell";
	if (fdt32_ld(p) == 0 || fdt32_ld(p) > RISCV_PLIC_MAX_SOURCE)
		return "the UART's PLIC source is not 1-1023";
	*irq = fdt32_ld(p);
	return NULL;
}

/* What riscv_dt_harts() collects, one CPU node at a time. */
struct riscv_harts {
	unsigned long boot_hartid;
	unsigned long *hartids;
	unsigned int max, n, refused;
};

static void riscv_dt_hart(const void *fdt, int node, u64 hartid, void *arg)
{
	struct riscv_harts *h = arg;

	if (!fdt_prop_is(fdt, node, "status", "okay", true) || hartid == h->boot_hartid)
		return;
	if (hartid > RISCV_MAX_HARTID) {
		h->refused++;
		return;
	}
	if (h->n < h->max)
		h->hartids[h->n] = (unsigned long)hartid;
	h->n++;
}

int riscv_dt_harts(const void *fdt, unsigned long boot_hartid, unsigned long *hartids,
		   unsigned int max, unsigned int *refused)
{
	struct riscv_harts h = {
		.boot_hartid = boot_hartid, .hartids = hartids, .max = max, .n = 1
	};
	int err;

	if (max)
		hartids[0] = boot_hartid;
	err = fdt_for_each_cpu(fdt, riscv_dt_hart, &h);
	*refused = h.refused;
	return err < 0 ? -1 : (int)h.n;
}

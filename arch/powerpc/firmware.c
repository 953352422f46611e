// SPDX-License-Identifier: MIT
/*
 * The firmware powerpc may call. Open Firmware's client interface (prom_init(), before
 * start_kernel, while the firmware still lives): what it tells us about the machine, kept
 * in struct prom_info. RTAS (asm/rtas.h): the run-time services, through QEMU's hcall.
 */
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <asm/hcall.h>
#include <asm/processor.h>
#include <asm/prom.h>
#include <asm/rtas.h>

unsigned long prom_entry;
struct prom_info prom;

/* ---- Open Firmware client interface (runs before the vectors replace the firmware) ---- */

/* The firmware takes 32-bit cells, so pointers must be below 4 GiB: ours all are. */
static u32 cell(const void *p)
{
	return (u32)(uintptr_t)p;
}

/* Calls service with nargs inputs; every service we use returns exactly one result. */
static u32 prom_call(const char *service, u32 nargs, u32 a0, u32 a1, u32 a2, u32 a3)
{
	struct prom_args args = {
		.service = cell(service),
		.nargs = nargs,
		.nret = 1,
		.args = { a0, a1, a2, a3 },
	};

	args.args[nargs] = PROM_ERROR; /* stays -1 if the firmware does not answer */
	enter_prom(&args, prom_entry);
	return args.args[nargs];
}

/* A node ("phandle") by path, e.g. "/cpus"; PROM_ERROR if there is none. */
static u32 of_finddevice(const char *path)
{
	return prom_call("finddevice", 1, cell(path), 0, 0, 0);
}

/* Copies up to len bytes of a property; returns its full length, or -1 if absent. */
static int of_getprop(u32 node, const char *name, void *buf, u32 len)
{
	return (int)prom_call("getprop", 4, node, cell(name), cell(buf), len);
}

/* The first child of node, and the next sibling: 0 when there is none. */
static u32 of_child(u32 node)
{
	return prom_call("child", 1, node, 0, 0, 0);
}

static u32 of_peer(u32 node)
{
	return prom_call("peer", 1, node, 0, 0, 0);
}

/* An open device ("ihandle", e.g. /chosen/stdout) to its node. */
static u32 of_instance_to_package(u32 ihandle)
{
	return prom_call("instance-to-package", 1, ihandle, 0, 0, 0);
}

static bool of_valid(u32 node)
{
	return node != 0 && node != PROM_ERROR;
}

/*
 * The children of a node looked at, at most: a firmware whose peer chain loops
 * ends the walk there. And the slowest time base believed.
 */
#define PROM_MAX_CHILDREN 4096
#define PROM_MIN_TIMEBASE 10000

/* A one-cell property (all the numbers we need are one cell), or def if absent. */
static u32 of_getprop_u32(u32 node, const char *name, u32 def)
{
	u32 v;

	return of_getprop(node, name, &v, sizeof(v)) == (int)sizeof(v) ? v : def;
}

/* A string property into buf, always terminated; false if absent or empty. */
static bool of_getprop_string(u32 node, const char *name, char *buf, u32 size)
{
	int len = of_getprop(node, name, buf, size - 1);

	if (len <= 0) {
		buf[0] = '\0';
		return false;
	}
	buf[(u32)len < size - 1 ? (u32)len : size - 1] = '\0';
	return buf[0] != '\0';
}

/*
 * A string the console and uname will show, escaped in place (string_escape()): a newline
 * in a hostile tree's /model could forge a line of the test protocol.
 */
static void escape_for_display(char *s, size_t size)
{
	char tmp[sizeof(prom.model)];

	string_escape(tmp, size < sizeof(tmp) ? size : sizeof(tmp), s);
	strscpy(s, tmp, size);
}

/* Is node's device_type this string ("memory", "cpu")? */
static bool of_is_type(u32 node, const char *type)
{
	char buf[16];

	return of_getprop_string(node, "device_type", buf, sizeof(buf)) && !strcmp(buf, type);
}

/* Big-endian cells to a number: 1 or 2 cells (#address-cells, #size-cells). */
static u64 read_cells(const u32 *p, u32 ncells)
{
	return ncells == 2 ? (u64)p[0] << 32 | p[1] : p[0];
}

/*
 * RAM: every node under / with device_type "memory" has a "reg" property listing (address,
 * size) pairs, in the root's #address-cells and #size-cells (QEMU: 2 and 2, one node
 * memory@0 for the first 256 MiB; more nodes with more RAM or NUMA). Sum them all.
 */
#define MEMORY_REG_CELLS 32 /* up to 8 ranges of 2 + 2 cells per node */

static void prom_find_memory(u32 root)
{
	u32 ac = of_getprop_u32(root, "#address-cells", 2);
	u32 sc = of_getprop_u32(root, "#size-cells", 1);
	u32 reg[MEMORY_REG_CELLS];

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return;
	prom.mem_start = ~0ULL;
	unsigned int seen = 0;

	for (u32 node = of_child(root); of_valid(node) && seen++ < PROM_MAX_CHILDREN;
	     node = of_peer(node)) {
		int len;

		if (!of_is_type(node, "memory"))
			continue;
		len = of_getprop(node, "reg", reg, sizeof(reg));
		if (len > (int)sizeof(reg))
			len = sizeof(reg);
		for (u32 i = 0; len > 0 && i + ac + sc <= (u32)len / 4; i += ac + sc) {
			u64 base = read_cells(&reg[i], ac), size = read_cells(&reg[i + ac], sc);

			if (size && base < prom.mem_start)
				prom.mem_start = base;
			prom.mem_size += size;
		}
	}
	if (!prom.mem_size)
		prom.mem_start = 0;
}

/*
 * The nodes under /cpus with device_type "cpu", one per core: the first one's name and
 * time-base frequency, and every core's threads by the numbers XICS and RTAS know them by
 * (ibm,ppc-interrupt-server#s, one cell per thread; QEMU: one thread per core unless
 * -smp threads=). Which of them booted, smp.c finds out later.
 */
static void prom_find_cpus(void)
{
	u32 cpus = of_finddevice("/cpus");

	if (!of_valid(cpus))
		return;
	unsigned int seen = 0;

	for (u32 node = of_child(cpus); of_valid(node) && seen++ < PROM_MAX_CHILDREN;
	     node = of_peer(node)) {
		u32 servers[NR_CPUS];
		int len;

		if (!of_is_type(node, "cpu"))
			continue;
		if (!prom.cpu_name[0]) {
			of_getprop_string(node, "name", prom.cpu_name, sizeof(prom.cpu_name));
			prom.timebase_freq = of_getprop_u32(node, "timebase-frequency", 0);
			/* Below 10 kHz a tick would be a few counts: take QEMU's (time.c). */
			if (prom.timebase_freq < PROM_MIN_TIMEBASE)
				prom.timebase_freq = 0;
		}
		len = of_getprop(node, "ibm,ppc-interrupt-server#s", servers, sizeof(servers));
		if (len < 4) {
			/* No threads listed: the node's reg is its one thread. */
			servers[0] = of_getprop_u32(node, "reg", 0);
			len = 4;
		}
		/* getprop copies what fits and says how much there was: count it all. */
		for (u32 i = 0; i < (u32)len / 4; i++, prom.nr_cpu_threads++)
			if (i < NR_CPUS && prom.nr_cpu_threads < NR_CPUS)
				prom.cpu_threads[prom.nr_cpu_threads] = servers[i];
	}
	/* Until smp.c knows better: interrupts go to the first thread. */
	prom.irq_server = prom.cpu_threads[0];
}

/*
 * The command line is copied into prom.bootargs, which holds 255 bytes and a terminator:
 * getprop copies what fits and returns the property's full length, a string's length plus
 * its terminating NUL. Terminate the copy and return how many bytes of the string were
 * left out (0 if it all fitted, or if there was none).
 */
static size_t bootargs_dropped(int len)
{
	const size_t last = sizeof(prom.bootargs) - 1;
	size_t kept;

	if (len <= 0) {
		prom.bootargs[0] = '\0';
		return 0;
	}
	prom.bootargs[(size_t)len < last ? (size_t)len : last] = '\0';
	kept = strlen(prom.bootargs);
	return (size_t)len - 1 > kept ? (size_t)len - 1 - kept : 0;
}

__stackleak_frame_exempt void prom_init(void)
{
	u32 root = of_finddevice("/"), chosen, rtas, ic;
	int len;

	if (!prom_entry || !of_valid(root))
		return;

	/* The machine: /model ("IBM pSeries (emulated by qemu)"), else /compatible. */
	if (!of_getprop_string(root, "model", prom.model, sizeof(prom.model)))
		of_getprop_string(root, "compatible", prom.model, sizeof(prom.model));

	escape_for_display(prom.model, sizeof(prom.model));

	prom_find_memory(root);
	prom_find_cpus();
	escape_for_display(prom.cpu_name, sizeof(prom.cpu_name));

	/*
	 * The console: /chosen/stdout is an *instance* handle (an opened device); its node's
	 * "reg" is the vty's unit address, which the console hcalls take as "vtermno".
	 */
	chosen = of_finddevice("/chosen");
	if (of_valid(chosen)) {
		u32 stdout_ih = of_getprop_u32(chosen, "stdout", PROM_ERROR);

		if (stdout_ih != PROM_ERROR) {
			u32 node = of_instance_to_package(stdout_ih);

			if (of_valid(node)) {
				u32 irq[2]; /* the source number, then its sense */

				prom.vtermno = of_getprop_u32(node, "reg", 0);
				if (of_getprop(node, "interrupts", irq, sizeof(irq)) >= 4)
					prom.vty_irq = irq[0];
			}
		}
		len = of_getprop(chosen, "bootargs", prom.bootargs, sizeof(prom.bootargs) - 1);
		prom.bootargs_dropped = bootargs_dropped(len);
		/* Random bytes QEMU put in the tree for us (entropy.c): 32 with QEMU 7.2. */
		len = of_getprop(chosen, "rng-seed", prom.rng_seed, sizeof(prom.rng_seed));
		if (len > 0)
			prom.rng_seed_len =
			    len < (int)sizeof(prom.rng_seed) ? (u32)len : sizeof(prom.rng_seed);
	}

	/* The interrupt controller: XICS (ic-mode=xics in Makefile.arch) or not. */
	ic = of_finddevice("/interrupt-controller");
	if (of_valid(ic)) {
		char compat[32];

		prom.xics = of_getprop_string(ic, "compatible", compat, sizeof(compat)) &&
			    !strcmp(compat, "IBM,ppc-xicp");
	}

	/* RTAS services are called by token; /rtas maps their names to tokens. */
	rtas = of_finddevice("/rtas");
	if (of_valid(rtas)) {
		prom.rtas_power_off = of_getprop_u32(rtas, "power-off", RTAS_NO_TOKEN);
		prom.rtas_os_term = of_getprop_u32(rtas, "ibm,os-term", RTAS_NO_TOKEN);
		prom.rtas_set_xive = of_getprop_u32(rtas, "ibm,set-xive", RTAS_NO_TOKEN);
		prom.rtas_start_cpu = of_getprop_u32(rtas, "start-cpu", RTAS_NO_TOKEN);
		prom.rtas_query_cpu_stopped =
		    of_getprop_u32(rtas, "query-cpu-stopped-state", RTAS_NO_TOKEN);
	}
}

/*
 * One RTAS call through QEMU's hcall: nargs inputs from in, nret results, the first (the
 * status) returned and the others stored in out. The block is on the caller's stack, so
 * CPUs may call at the same time.
 */
s32 rtas_call_ret(u32 token, u32 nargs, const u32 *in, u32 nret, u32 *out)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct rtas_args args = { .token = token, .nargs = nargs, .nret = nret };

	if (nargs + nret > RTAS_MAX_ARGS || !nret)
		return -1;
	for (u32 i = 0; i < nargs; i++)
		args.args[i] = in[i];
	args.args[nargs] = (u32)-1;
	/* QEMU reads the block at its real address: in real mode, that is just &args. */
	hcall(KVMPPC_H_RTAS, NULL, (unsigned long)&args, 0, 0, 0);
	for (u32 i = 1; i < nret; i++)
		out[i - 1] = args.args[nargs + i];
	return (s32)args.args[nargs];
}

s32 rtas_call(u32 token, u32 nargs, const u32 *in)
{
	return rtas_call_ret(token, nargs, in, 1, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * A polled driver for QEMU's virtio-rng-pci, the smallest virtio device there is: one
 * virtqueue, and the device's only job is to fill the buffers we put on it with random bytes
 * (from QEMU's rng backend; the default one, rng-builtin, reads the host's getrandom()).
 *
 * We drive it through the LEGACY interface (virtio 1.x spec, §4.1.4.8 "Legacy Interfaces: A
 * Note on PCI Device Layout", and §2.7.2 for the ring layout): a handful of registers in an
 * I/O BAR, and one contiguous ring whose page number we write to the device. QEMU 7.2 offers
 * it on the host bridge's root bus ("transitional" device 1af4:1005), so no capability list
 * to parse and no feature to negotiate. No interrupts: we post one buffer, ring the doorbell
 * and poll the used ring until the device hands it back, then reset the device so that it
 * forgets our memory.
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/pci.h>
#include <trapdoor/string.h>
#include <trapdoor/virtio_rng.h>
#include <trapdoor/stackleak.h>
#include <asm/io.h>

/* Transitional virtio PCI IDs (spec §4.1.2.1): device 0x1000 + (virtio ID - 1), entropy = 4. */
#define PCI_VENDOR_ID_VIRTIO		0x1af4
#define PCI_DEVICE_ID_VIRTIO_RNG_LEGACY 0x1005

/* Legacy register layout in BAR0, the I/O BAR (spec §4.1.4.8). */
#define VIRTIO_PCI_HOST_FEATURES  0x00 /* u32, read: what the device offers */
#define VIRTIO_PCI_GUEST_FEATURES 0x04 /* u32, write: what the driver takes */
#define VIRTIO_PCI_QUEUE_PFN	  0x08 /* u32: ring address / 4096, 0 = none */
#define VIRTIO_PCI_QUEUE_NUM	  0x0c /* u16, read: entries in the selected queue */
#define VIRTIO_PCI_QUEUE_SEL	  0x0e /* u16: which queue the two above mean */
#define VIRTIO_PCI_QUEUE_NOTIFY	  0x10 /* u16, write: "queue N has new buffers" */
#define VIRTIO_PCI_STATUS	  0x12 /* u8: the driver's progress; 0 resets */

/* Device status bits (spec §2.1). */
#define VIRTIO_STATUS_ACKNOWLEDGE 0x01 /* we saw the device */
#define VIRTIO_STATUS_DRIVER	  0x02 /* we can drive it */
#define VIRTIO_STATUS_DRIVER_OK	  0x04 /* the queue is set up: go */
#define VIRTIO_STATUS_FAILED	  0x80 /* we gave up on it */

/* Legacy ring layout (spec §2.7.2): the used ring starts on the next 4 KiB boundary. */
#define VIRTIO_PCI_QUEUE_ADDR_SHIFT 12
#define VIRTIO_LEGACY_VRING_ALIGN   4096

#define VRING_DESC_F_WRITE	   2 /* the device writes this buffer (§2.7.5) */
#define VRING_AVAIL_F_NO_INTERRUPT 1 /* we poll: do not interrupt us (§2.7.6) */

/* The split virtqueue's three parts (spec §2.7.5-2.7.8), all little-endian, like the CPU. */
struct vring_desc {
	u64 addr; /* guest-physical address of the buffer */
	u32 len;
	u16 flags;
	u16 next; /* chaining: unused, we post one descriptor */
};

struct vring_avail {
	u16 flags;
	u16 idx;    /* where the driver will put the next entry (free-running) */
	u16 ring[]; /* descriptor heads offered to the device */
};

struct vring_used_elem {
	u32 id;	 /* the descriptor head the device is done with */
	u32 len; /* how many bytes it wrote into the buffer */
};

struct vring_used {
	u16 flags;
	u16 idx; /* where the device will put the next entry (free-running) */
	struct vring_used_elem ring[];
};

/*
 * The ring's memory: one block, physically contiguous (kernel bss, so virt_to_phys works) and
 * 4 KiB aligned as the legacy layout wants. Through the legacy interface the device alone
 * chooses the ring's size (QUEUE_NUM is read-only there, §4.1.4.8), so the block must hold
 * the largest ring QEMU makes, 1024 entries (VIRTQUEUE_MAX_SIZE): 28 KiB, where 32 KiB fits.
 * QEMU 7.2's virtio-rng has 8 entries, QEMU 10's 1024.
 */
#define VRING_AREA_SIZE 32768
static u8 vring_area[VRING_AREA_SIZE] __aligned(VIRTIO_LEGACY_VRING_ALIGN);

/*
 * How long the device may take to answer one request. QEMU serves it in microseconds, from
 * its main loop; on a host busy with other emulators that loop may not run for a while, and
 * a boot without the seed has no CRNG (a loaded test run missed 1 s once).
 */
#define VIRTIO_RNG_TIMEOUT_MS 5000

static unsigned long align_up(unsigned long x, unsigned long a)
{
	return (x + a - 1) & ~(a - 1);
}

/* The legacy ring for num entries: descriptors, avail ring, pad to 4 KiB, used ring. */
static unsigned long vring_avail_offset(unsigned int num)
{
	return sizeof(struct vring_desc) * num;
}

static unsigned long vring_used_offset(unsigned int num)
{
	return align_up(vring_avail_offset(num) + sizeof(struct vring_avail) +
			    sizeof(u16) * (num + 1), /* ring[num] + used_event */
			VIRTIO_LEGACY_VRING_ALIGN);
}

static unsigned long vring_size(unsigned int num)
{
	return vring_used_offset(num) + sizeof(struct vring_used) +
	       sizeof(struct vring_used_elem) * num + sizeof(u16); /* + avail_event */
}

struct virtio_rng {
	volatile u8 *io;  /* BAR0's registers, through the I/O window */
	unsigned int num; /* ring entries */
	struct vring_desc *desc;
	struct vring_avail *avail;
	struct vring_used *used;
	u16 last_used;
};

/*
 * Reset, then the legacy handshake (spec §3.1.1 with §4.1.4.8's legacy notes): ACKNOWLEDGE,
 * DRIVER, features (we take none: virtio-rng has no feature we need), the ring, DRIVER_OK.
 */
static bool virtio_rng_setup(struct virtio_rng *vr)
{
	volatile u8 *io = vr->io;

	writeb(0, io + VIRTIO_PCI_STATUS);
	writeb(VIRTIO_STATUS_ACKNOWLEDGE, io + VIRTIO_PCI_STATUS);
	writeb(VIRTIO_STATUS_ACKNOWLEDGE | VIRTIO_STATUS_DRIVER, io + VIRTIO_PCI_STATUS);
	(void)readl(io + VIRTIO_PCI_HOST_FEATURES);
	writel(0, io + VIRTIO_PCI_GUEST_FEATURES);

	writew(0, io + VIRTIO_PCI_QUEUE_SEL); /* queue 0, "requestq" (§5.4.2) */
	vr->num = readw(io + VIRTIO_PCI_QUEUE_NUM);
	if (!vr->num || vring_size(vr->num) > sizeof(vring_area)) {
		writeb(VIRTIO_STATUS_FAILED, io + VIRTIO_PCI_STATUS);
		return false;
	}
	memset(vring_area, 0, sizeof(vring_area));
	vr->desc = (struct vring_desc *)vring_area;
	vr->avail = (struct vring_avail *)(vring_area + vring_avail_offset(vr->num));
	vr->used = (struct vring_used *)(vring_area + vring_used_offset(vr->num));
	vr->avail->flags = VRING_AVAIL_F_NO_INTERRUPT;
	vr->last_used = 0;
	mb(); /* the ring is zeroed before the device sees it */
	writel((u32)(virt_to_phys(vring_area) >> VIRTIO_PCI_QUEUE_ADDR_SHIFT),
	       io + VIRTIO_PCI_QUEUE_PFN);
	writeb(VIRTIO_STATUS_ACKNOWLEDGE | VIRTIO_STATUS_DRIVER | VIRTIO_STATUS_DRIVER_OK,
	       io + VIRTIO_PCI_STATUS);
	return true;
}

/* One request: offer buf to the device, wait until it is handed back; bytes written, or 0. */
static unsigned int virtio_rng_request(struct virtio_rng *vr, void *buf, unsigned int len)
{
	u64 deadline = arch_get_cycles() + arch_cycles_per_sec() * VIRTIO_RNG_TIMEOUT_MS / 1000;
	u16 idx = vr->avail->idx;
	unsigned int written;

	vr->desc[0] = (struct vring_desc){
		.addr = virt_to_phys(buf),
		.len = len,
		.flags = VRING_DESC_F_WRITE,
	};
	vr->avail->ring[idx % vr->num] = 0; /* descriptor 0 is the head */
	mb();				    /* the entry before the index that shows it */
	vr->avail->idx = (u16)(idx + 1);
	mb();					     /* the index before the doorbell */
	writew(0, vr->io + VIRTIO_PCI_QUEUE_NOTIFY); /* queue 0 */

	while (READ_ONCE(vr->used->idx) == vr->last_used)
		if (arch_get_cycles() > deadline)
			return 0;
	mb(); /* the index before the data it covers */
	written = vr->used->ring[vr->last_used % vr->num].len;
	vr->last_used++;
	return written < len ? written : len; /* never trust it to say more */
}

/*
 * Fills buf with len bytes from the device; returns how many it got, 0 if there is no
 * virtio-rng-pci device (or it did not answer). BAR0 goes at the first port of the I/O
 * window; afterwards the device is reset (it drops the ring) and its decoding turned off
 * again, as we found it.
 */
unsigned int virtio_rng_read(void *buf, unsigned int len)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	volatile u8 *cfg = pci_find_device(PCI_VENDOR_ID_VIRTIO, PCI_DEVICE_ID_VIRTIO_RNG_LEGACY);
	struct virtio_rng vr;
	unsigned int got = 0, n;
	u16 command;

	if (!cfg || !(readl(cfg + PCI_BASE_ADDRESS_0) & PCI_BASE_ADDRESS_SPACE_IO))
		return 0;
	command = readw(cfg + PCI_COMMAND);
	writel(PCI_IO_FIRST_PORT, cfg + PCI_BASE_ADDRESS_0);
	writew(command | PCI_COMMAND_IO | PCI_COMMAND_MASTER, cfg + PCI_COMMAND);
	vr.io = pci_ioport(readl(cfg + PCI_BASE_ADDRESS_0) & PCI_BASE_ADDRESS_IO_MASK);

	if (virtio_rng_setup(&vr)) {
		/* The device may give fewer bytes than asked: ask again for the rest. */
		while (got < len && (n = virtio_rng_request(&vr, (u8 *)buf + got, len - got)))
			got += n;
		writeb(0, vr.io + VIRTIO_PCI_STATUS); /* reset: the device forgets the ring */
	}
	writew(command, cfg + PCI_COMMAND);
	return got;
}

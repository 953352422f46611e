/* SPDX-License-Identifier: MIT */
/* drivers/virtio_rng.c: random bytes from a virtio-rng-pci device, for an arch's entropy.c. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_VIRTIO_RNG_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_VIRTIO_RNG_H

/* Fills buf with len random bytes; returns how many it got (0: no device, or no answer). */
unsigned int virtio_rng_read(void *buf, unsigned int len);

#endif

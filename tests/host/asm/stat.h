/* SPDX-License-Identifier: MIT */
/* The host tests' struct stat: Linux's generic layout. */
#include <uapi/asm-generic/stat.h>

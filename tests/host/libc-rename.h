/* SPDX-License-Identifier: MIT */
/*
 * Force-included when lib/string.c and lib/vsprintf.c are built for the host:
 * libc owns memcpy, snprintf, ... there (and Criterion calls them), so ours
 * get a td_ prefix. Tests include this header to call ours by the same names.
 */
#ifndef TRAPDOOR_TESTS_HOST_LIBC_RENAME_H
#define TRAPDOOR_TESTS_HOST_LIBC_RENAME_H

#define memcpy	      td_memcpy
#define memmove	      td_memmove
#define memset	      td_memset
#define memcmp	      td_memcmp
#define strlen	      td_strlen
#define strnlen	      td_strnlen
#define strcmp	      td_strcmp
#define strncmp	      td_strncmp
#define strchr	      td_strchr
#define strscpy	      td_strscpy
#define strscpy_pad   td_strscpy_pad
#define string_escape td_string_escape
#define vsnprintf     td_vsnprintf
#define snprintf      td_snprintf

#endif

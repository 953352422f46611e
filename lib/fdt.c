// SPDX-License-Identifier: MIT
/*
 * Flattened device tree walker. The blob is a header, a structure block of
 * 32-bit tokens (BEGIN_NODE name, PROP len nameoff value, END_NODE, NOP, END)
 * and a strings block holding property names. Everything is big-endian and
 * every token is 4-byte aligned. We trust nothing: every read is bounds-checked
 * against the sizes the header gives, so a corrupt blob yields "absent".
 */
#include <trapdoor/compiler.h>
#include <trapdoor/fdt.h>
#include <trapdoor/string.h>

#define FDT_BEGIN_NODE 1
#define FDT_END_NODE   2
#define FDT_PROP       3
#define FDT_NOP	       4
#define FDT_END	       9

/* Header field offsets (Devicetree Specification §5.2). */
#define HDR_MAGIC	    0
#define HDR_TOTALSIZE	    4
#define HDR_OFF_DT_STRUCT   8
#define HDR_OFF_DT_STRINGS  12
#define HDR_VERSION	    20
#define HDR_SIZE_DT_STRINGS 32
#define HDR_SIZE_DT_STRUCT  36
#define HDR_LEN		    40

#define FDT_MAX_DEPTH 16

u32 fdt32_ld(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

u64 fdt64_ld(const void *p)
{
	return (u64)fdt32_ld(p) << 32 | fdt32_ld((const u8 *)p + 4);
}

u64 fdt_read_cells(const void *p, int ncells)
{
	return ncells == 2 ? fdt64_ld(p) : fdt32_ld(p);
}

static u32 hdr(const void *fdt, int off)
{
	return fdt32_ld((const u8 *)fdt + off);
}

bool fdt_valid(const void *fdt)
{
	u32 size;

	if (!fdt || hdr(fdt, HDR_MAGIC) != FDT_MAGIC)
		return false;
	size = hdr(fdt, HDR_TOTALSIZE);
	return hdr(fdt, HDR_VERSION) >= 16 && size >= HDR_LEN && size <= FDT_MAX_SIZE &&
	       hdr(fdt, HDR_OFF_DT_STRUCT) <= size &&
	       hdr(fdt, HDR_SIZE_DT_STRUCT) <= size - hdr(fdt, HDR_OFF_DT_STRUCT) &&
	       hdr(fdt, HDR_OFF_DT_STRINGS) <= size &&
	       hdr(fdt, HDR_SIZE_DT_STRINGS) <= size - hdr(fdt, HDR_OFF_DT_STRINGS);
}

u32 fdt_totalsize(const void *fdt)
{
	return hdr(fdt, HDR_TOTALSIZE);
}

/* Cursor over the structure block; offsets are relative to its start. */
struct fdt_cursor {
	const u8 *base;
	u32 size;
};

static struct fdt_cursor cursor(const void *fdt)
{
	struct fdt_cursor c = {
		.base = (const u8 *)fdt + hdr(fdt, HDR_OFF_DT_STRUCT),
		.size = hdr(fdt, HDR_SIZE_DT_STRUCT),
	};
	return c;
}

static u32 token(const struct fdt_cursor *c, u32 off)
{
	return off <= c->size && c->size - off >= 4 ? fdt32_ld(c->base + off) : FDT_END;
}

/* The node name at off (just after BEGIN_NODE), or NULL if unterminated. */
static const char *node_name(const struct fdt_cursor *c, u32 off, u32 *len)
{
	const char *name = (const char *)c->base + off;
	size_t n;

	if (off >= c->size)
		return NULL;
	n = strnlen(name, c->size - off);
	if (n == c->size - off)
		return NULL;
	*len = (u32)n;
	return name;
}

/* Offset of the token after the one at off, or 0 on a malformed blob. */
static u32 next_token(const struct fdt_cursor *c, u32 off)
{
	u32 tag = token(c, off), len;

	switch (tag) {
	case FDT_BEGIN_NODE:
		if (!node_name(c, off + 4, &len))
			return 0;
		return ALIGN(off + 4 + len + 1, 4u);
	case FDT_PROP:
		if (c->size - off < 12) /* token() saw off + 4 <= size */
			return 0;
		len = fdt32_ld(c->base + off + 4);
		if (len > c->size - off - 12)
			return 0;
		return ALIGN(off + 12 + len, 4u);
	case FDT_END_NODE:
	case FDT_NOP:
		return off + 4;
	default:
		return 0;
	}
}

static bool has_unit_address(const char *comp, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (comp[i] == '@')
			return true;
	return false;
}

/* Does path component comp (length n) name the node called name? */
static bool component_matches(const char *comp, size_t n, const char *name, u32 len)
{
	if (n == len && memcmp(comp, name, n) == 0)
		return true;
	/* "memory" matches "memory@40000000" when the path gives no unit address. */
	return !has_unit_address(comp, n) && len > n && name[n] == '@' &&
	       memcmp(comp, name, n) == 0;
}

/*
 * Walk the tree once, descending only into nodes that match the next path
 * component. depth counts open nodes; matched counts how many of them are on
 * the path so far.
 */
__stackleak_frame_exempt int fdt_path_offset(const void *fdt, const char *path)
{
	struct fdt_cursor c;
	u32 off = 0;
	int depth = 0, matched = 0;

	if (!fdt_valid(fdt) || path[0] != '/')
		return -1;
	c = cursor(fdt);
	path++;

	while (off < c.size) {
		u32 tag = token(&c, off), next = next_token(&c, off);

		if (!next)
			return -1;
		if (tag == FDT_BEGIN_NODE) {
			u32 len = 0;
			const char *name = node_name(&c, off + 4, &len);
			const char *comp = path;
			size_t n;

			depth++;
			if (depth == 1) {
				/* The root node: its name is empty. */
				matched = 1;
				if (*path == '\0')
					return (int)off;
			} else if (depth == matched + 1) {
				while (*comp == '/')
					comp++;
				n = strchr(comp, '/') ? (size_t)(strchr(comp, '/') - comp) :
							strlen(comp);
				if (component_matches(comp, n, name, len)) {
					matched++;
					path = comp + n;
					if (*path == '\0' || (path[0] == '/' && path[1] == '\0'))
						return (int)off;
				}
			}
		} else if (tag == FDT_END_NODE) {
			if (depth == matched)
				return -1; /* left a node on the path: the rest is absent */
			depth--;
		}
		off = next;
	}
	return -1;
}

__stackleak_frame_exempt const void *fdt_getprop(const void *fdt, int node, const char *name,
						 int *lenp)
{
	struct fdt_cursor c;
	const char *strings;
	u32 strings_size, off;

	if (node < 0 || !fdt_valid(fdt))
		return NULL;
	c = cursor(fdt);
	strings = (const char *)fdt + hdr(fdt, HDR_OFF_DT_STRINGS);
	strings_size = hdr(fdt, HDR_SIZE_DT_STRINGS);
	if (token(&c, (u32)node) != FDT_BEGIN_NODE)
		return NULL;

	/* Properties come first in a node, before any child node. */
	for (off = next_token(&c, (u32)node); off; off = next_token(&c, off)) {
		u32 tag = token(&c, off), nameoff;

		if (tag == FDT_NOP)
			continue;
		if (tag != FDT_PROP)
			return NULL;
		/*
		 * The header and the value must fit in the structure block before
		 * either is read or handed out: next_token() checks exactly that
		 * (it fails on a property that runs past the end).
		 */
		if (!next_token(&c, off))
			return NULL;
		nameoff = fdt32_ld(c.base + off + 8);
		/* The name must end inside the strings block: no prefix of it matches. */
		if (nameoff < strings_size &&
		    strnlen(strings + nameoff, strings_size - nameoff) < strings_size - nameoff &&
		    strcmp(strings + nameoff, name) == 0) {
			if (lenp)
				*lenp = (int)fdt32_ld(c.base + off + 4);
			return c.base + off + 12;
		}
	}
	return NULL;
}

const char *fdt_getprop_string(const void *fdt, int node, const char *name)
{
	int len;
	const char *s = fdt_getprop(fdt, node, name, &len);

	return s && len > 0 && strnlen(s, (size_t)len) < (size_t)len ? s : NULL;
}

const char *fdt_getprop_escaped(const void *fdt, int node, const char *name, char *buf, size_t size)
{
	const char *s = fdt_getprop_string(fdt, node, name);

	if (!s || !size)
		return NULL;
	string_escape(buf, size, s);
	return buf;
}

/*
 * The next child of the node that begins at node, from the token at off on:
 * its offset, or -1 at the end of the node, or -2 on a malformed blob. Every
 * step moves forward (next_token() refuses a length that runs past the
 * structure block), so the walk ends on any blob.
 */
static int next_child(const struct fdt_cursor *c, u32 off)
{
	int depth = 1;

	while (off && off < c->size) {
		u32 tag = token(c, off), next = next_token(c, off);

		if (!next)
			return -2;
		if (tag == FDT_BEGIN_NODE && depth++ == 1)
			return (int)off;
		if (tag == FDT_END_NODE && --depth == 0)
			return -1;
		off = next;
	}
	return -2;
}

int fdt_first_subnode(const void *fdt, int node)
{
	struct fdt_cursor c;

	if (node < 0 || !fdt_valid(fdt))
		return -2;
	c = cursor(fdt);
	if (token(&c, (u32)node) != FDT_BEGIN_NODE)
		return -2;
	return next_child(&c, next_token(&c, (u32)node));
}

int fdt_next_subnode(const void *fdt, int node)
{
	struct fdt_cursor c;
	u32 off;
	int depth = 0;

	if (node < 0 || !fdt_valid(fdt))
		return -2;
	c = cursor(fdt);
	if (token(&c, (u32)node) != FDT_BEGIN_NODE)
		return -2;
	/* Past the end of this child, then on to its next sibling. */
	for (off = (u32)node; off && off < c.size;) {
		u32 tag = token(&c, off), next = next_token(&c, off);

		if (!next)
			return -2;
		if (tag == FDT_BEGIN_NODE)
			depth++;
		else if (tag == FDT_END_NODE && --depth == 0)
			return next_child(&c, next);
		off = next;
	}
	return -2;
}

static int cells(const void *fdt, int node, const char *prop, int dflt)
{
	int len;
	const void *p = fdt_getprop(fdt, node, prop, &len);

	return p && len == 4 ? (int)fdt32_ld(p) : dflt;
}

int fdt_address_cells(const void *fdt, int node)
{
	return cells(fdt, node, "#address-cells", 2);
}

int fdt_size_cells(const void *fdt, int node)
{
	return cells(fdt, node, "#size-cells", 1);
}

const void *fdt_path_getprop(const void *fdt, const char *path, const char *name, int *lenp)
{
	int node = fdt ? fdt_path_offset(fdt, path) : -1;

	return node < 0 ? NULL : fdt_getprop(fdt, node, name, lenp);
}

bool fdt_prop_is(const void *fdt, int node, const char *name, const char *value, bool dflt)
{
	int len;
	const char *s;

	if (!fdt_getprop(fdt, node, name, &len))
		return dflt;
	s = fdt_getprop_string(fdt, node, name);
	return s && !strcmp(s, value);
}

int fdt_for_each_cpu(const void *fdt, fdt_cpu_fn fn, void *arg)
{
	int cpus = fdt ? fdt_path_offset(fdt, "/cpus") : -1, ac, child;

	if (cpus < 0)
		return 0;
	ac = fdt_address_cells(fdt, cpus);
	if (ac < 1 || ac > 2)
		return -1;
	for (child = fdt_first_subnode(fdt, cpus); child >= 0;
	     child = fdt_next_subnode(fdt, child)) {
		int len;
		const void *reg = fdt_getprop(fdt, child, "reg", &len);

		if (fdt_prop_is(fdt, child, "device_type", "cpu", false) && reg && len >= 4 * ac)
			fn(fdt, child, fdt_read_cells(reg, ac), arg);
	}
	return child == -2 ? -1 : 0;
}

const char *fdt_memory(const void *fdt, u64 lo, u64 hi, u64 *start, u64 *size)
{
	int root = fdt_path_offset(fdt, "/"), node = fdt_path_offset(fdt, "/memory"), len;
	int ac = fdt_address_cells(fdt, root), sc = fdt_size_cells(fdt, root);
	const u8 *reg = node < 0 ? NULL : fdt_getprop(fdt, node, "reg", &len);
	u64 base, bytes;

	*start = 0;
	*size = 0;
	if (!reg)
		return "no /memory with a reg";
	if (root < 0 || ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return "the root's #address-cells or #size-cells is not 1 or 2";
	if (len < 4 * (ac + sc))
		return "/memory's reg is too short";
	base = fdt_read_cells(reg, ac);
	bytes = fdt_read_cells(reg + 4 * ac, sc);
	if (bytes > ~0ULL - base)
		return "/memory's reg wraps around the address space";
	if (base > lo || base + bytes < hi)
		return "/memory does not hold the kernel and the device tree";
	*start = base;
	*size = bytes;
	return NULL;
}

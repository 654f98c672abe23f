/*
 * lower: the Lua host that turns one instruction into C text.
 *
 * One lua_State a run. Every template file (and the prelude before it) runs
 * in an environment of its own holding only safe built-ins and the host
 * functions below, loaded as text only under the chunk name
 * "@templates/FILE.lua" so errors name the file and line. Template files
 * register functions with lower("OpX", fn) / ext("name", fn); the host keeps
 * them in one registry table and calls them through lua_pcall with a
 * traceback handler. unsupported("why") raises a tagged error that becomes
 * an `unsupported:` diagnostic; any other error names the template and the
 * instruction's word offset.
 *
 * Host functions are one luaL_Reg table with the Lower context as upvalue.
 *
 * One lowering is not a template's: --checked's chunk probe (hoist.c)
 * computes addresses in uint64_t values with no check, written by
 * lower_u64 from analyse.c's opcode table (op_props' IX_ kinds and C
 * operators), at the end of this file.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

#include "spv2c.h"

enum { FN_SLOTS = 1024 };   /* opcodes and OpenCL.std numbers below it are cached */

/* The fields of the tables an instruction's template gets (ins, ins[k]),
   interned once: a field is set with its key string from the registry, not
   looked up by its C string each time. ORDER KEY */
enum Key { K_OP, K_WORD, K_R, K_T, K_C, K_ID, K_TYPE, K_VAR, K_OBJ, K_BUILTIN, K_ROOT, K_K,
           K_STR, K_LIT, K_FPROUND, K_SAT, K_RELAXED, K_MAD_UNFUSED, K_CHECKED, K_WHERE,
           K_SPECULATIVE, K_COPY, K_COPY_SET, K_HOISTED, K_ROOTID, K_COVERED, NKEYS };
static const char *const key_names[NKEYS] = {   /* ORDER KEY */
    "op", "word", "r", "t", "c", "id", "type", "var", "obj", "builtin", "root", "k",
    "str", "lit", "fpround", "sat", "relaxed", "mad_unfused", "checked", "where",
    "speculative", "copy", "copy_set", "hoisted", "rootid", "covered"
};

struct Lower {
    lua_State *L;
    const Module *m;
    const Options *o;
    int fns;              /* registry ref: name -> function */
    int ins_meta;         /* registry ref: the metatable of every ins (ins.llid) */
    const char *llid;     /* the instruction being lowered: ins.llid, NULL for
                             the work-item state's (wi->llid_) */
    int reads_wi;         /* its text reads the work-item state wi */
    int nparts;
    int *used;              /* per runtime part (lower_part_name): put out */
    unsigned char *sec_used; /* per row of embedded_runtime_sections: put out */
    char **text;            /* per runtime part: the text put out */
    const char *cur_file; /* the template file being loaded */
    const Names *nm;      /* the writer's C spellings of values (lower_names) */
    int *type_ref;        /* per type id: Lua registry ref of its table, or 0 */
    int *opnd_ref;        /* per id whose operand table is shared (shared_operand):
                             registry ref of the table, or 0 */
    const char **opnd_c;  /* its c field (the Lua string's text), or NULL */
    int fn_ref[2][FN_SLOTS];   /* per opcode [0] and OpenCL.std number [1]: registry
                                  ref of its template function, or 0 (not looked up) */
    int name_ref[2][FN_SLOTS]; /* the same: of the name templates see as ins.op */
    int key_ref[NKEYS];        /* registry refs of the field names (enum Key) */
    uint32_t mask;             /* the fields set in the table being filled (1 << Key) */
    /* ins and the operand tables of values that are not shared are the
       same tables at every call, their fields set anew (no table made,
       no key inserted): a template's tables are valid during its call */
    int ins_ref;               /* registry ref of ins (its metatable set) */
    uint32_t ins_mask;         /* the fields it holds */
    unsigned ins_n;            /* the operands it holds */
    int *pool_ref;             /* per operand position: registry ref of its table */
    uint32_t *pool_mask;       /* the fields it holds */
    unsigned npool;
    const unsigned char *hoisted; /* --checked: per instruction, its checks are a chunk's
                                     (ins.hoisted; hoist.c), or NULL */
    unsigned char *views; /* --checked: per id, a root whose checks may go through a
                             view (ckview; lower_views), or NULL */
    CkRec *ckrec;         /* --checked: a region's checks recorded or left out (ckchunk) */
    const Inst *cur;      /* the instruction being lowered */
};

/* --checked: the accesses whose checks a chunk of work-items may take
   (hoist.c): their checks are skipped where wi->ckfast_ is set */
void lower_hoisted(Lower *L, const unsigned char *hoisted)
{
    L->hoisted = hoisted;
}

/* --checked: the roots (kernel parameters, program-scope variables, a
   function's private variables) whose checks may go through a view
   declared by the caller, per id: VIEW_ROOT or VIEW_PRIVATE may, and
   ckview adds VIEW_USED when a check uses it (the caller then declares
   spv2c_ckv_ ckv_ID_); NULL: none */
void lower_views(Lower *L, unsigned char *views)
{
    L->views = views;
}

/* --checked: the checks of the instructions lowered from now on are
   recorded in r (r->omit NULL), or those r->omit marks are left out (the
   fast copy of a region's chunk, kernel.c); NULL: neither */
void lower_ckrec(Lower *L, CkRec *r)
{
    L->ckrec = r;
}

/* the table of C spellings the instructions' operands are read from */
void lower_names(Lower *L, const Names *nm)
{
    L->nm = nm;
}

/* The runtime parts are src/meson.build's runtime_files, in that order,
   which is the order the C file holds them (main and end after the API):
   embed's section table has one row of each part's own text (name ""). */
const char *lower_part_name(int i)
{
    size_t k;
    int n = 0;
    for (k = 0; k < embedded_runtime_sections_count; k++)
        if (!embedded_runtime_sections[k].name[0] && n++ == i)
            return embedded_runtime_sections[k].part;
    return NULL;
}

static int part_index(const char *name)
{
    const char *p;
    int i;
    for (i = 0; (p = lower_part_name(i)) != NULL; i++)
        if (!strcmp(p, name))
            return i;
    return -1;
}

static const Embedded *find_embedded(const Embedded *e, size_t n, const char *name)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!strcmp(e[i].name, name))
            return &e[i];
    return NULL;
}

static const char *raw_runtime(const char *part)
{
    char file[64];
    const Embedded *e;
    snprintf(file, sizeof file, "%s.h", part);
    e = find_embedded(embedded_runtime, embedded_runtime_count, file);
    return e ? e->text : NULL;
}

/* A part may be cut into sections (runtime/math_exp.h): the text before
   the first section goes out with the part, a section only when a
   template asked for it (need("part.NAME")) or a section used needs it.
   embed cut the parts at build time and read what each part and section
   needs from their declaration lines (embedded_runtime_sections). */

/* the index of part's section sec ("" its own text) in the table, or -1 */
static long find_section(const char *part, const char *sec)
{
    size_t k;
    for (k = 0; k < embedded_runtime_sections_count; k++)
        if (!strcmp(embedded_runtime_sections[k].part, part)
            && !strcmp(embedded_runtime_sections[k].name, sec))
            return (long)k;
    return -1;
}

static void mark_part(Lower *L, const char *name);

/* mark section k and what it needs */
static void mark_section(Lower *L, long k)
{
    const char *const *nd;
    if (k < 0 || L->sec_used[k])
        return;
    L->sec_used[k] = 1;
    for (nd = embedded_runtime_sections[k].needs; *nd; nd++)
        mark_part(L, *nd);
}

/* The part's text as the C file gets it: its own text and the sections
   asked for, without their declaration lines (what each needs is the
   tool's business, not the reader's) */
const char *lower_runtime(Lower *L, const char *part)
{
    const char *text = raw_runtime(part);
    int i = part_index(part);
    size_t k;
    Buf b = { 0 };
    if (!text || i < 0)
        return text;
    if (L->text[i])
        return L->text[i];
    for (k = 0; k < embedded_runtime_sections_count; k++) {
        const RuntimeSection *s = &embedded_runtime_sections[k];
        if (!strcmp(s->part, part) && (!s->name[0] || L->sec_used[k]))
            buf_putn(&b, text + s->start, s->len);
    }
    L->text[i] = b.s ? b.s : xstrdup("");
    return L->text[i];
}

/* mark a part (or "part.section") and what it needs */
static void mark_part(Lower *L, const char *name)
{
    const char *dot = strchr(name, '.');
    char whole[64];
    int i;
    snprintf(whole, sizeof whole, "%.*s", (int)(dot ? dot - name : 63), name);
    i = part_index(whole);
    if (i < 0)
        return;
    if (!L->used[i]) {
        L->used[i] = 1;
        mark_section(L, find_section(whole, ""));
    }
    if (dot)
        mark_section(L, find_section(whole, dot + 1));
}

/* the C core's need(part): a known part its own text calls */
void lower_use(Lower *L, const char *part)
{
    mark_part(L, part);
}

int lower_need(Lower *L, const char *part)
{
    int i = part_index(part);
    return i >= 0 && L->used[i];
}

/* ---- host functions ---- */

static Lower *ctx(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

static int register_fn(lua_State *L, const char *prefix)
{
    Lower *c = ctx(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->fns);
    lua_pushfstring(L, "%s%s", prefix, name);
    lua_pushvalue(L, 2);
    lua_rawset(L, -3);
    return 0;
}

static int h_lower(lua_State *L)
{
    return register_fn(L, "");
}

static int h_ext(lua_State *L)
{
    return register_fn(L, "OpenCL.std.");
}

static int h_need(lua_State *L)
{
    Lower *c = ctx(L);
    const char *part = luaL_checkstring(L, 1), *dot = strchr(part, '.');
    char whole[64];
    int i;
    snprintf(whole, sizeof whole, "%.*s", (int)(dot ? dot - part : 63), part);
    if ((i = part_index(whole)) < 0)
        return luaL_error(L, "need: unknown runtime part '%s'", whole);
    if (dot && find_section(whole, dot + 1) < 0)
        return luaL_error(L, "need: runtime part '%s' has no section '%s'", whole, dot + 1);
    mark_part(c, part);
    return 0;
}

/* wi(): the work-item state's C name; a template that reads it says so
   by calling this (a function reads wi only when something in it does) */
static int h_wi(lua_State *L)
{
    ctx(L)->reads_wi = 1;
    lua_pushliteral(L, "wi");
    return 1;
}

/* ins.llid, read through the host: the work-item state's when the core
   gave none (in a function), which reads wi. Also ins.n, the number of
   operands (the table's length), and ins.addr, the module's address
   width: fields few templates read, so not set in every ins. */
static int ins_index(lua_State *L)
{
    Lower *c = ctx(L);
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "";
    if (!strcmp(k, "n")) {
        lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
        return 1;
    }
    if (!strcmp(k, "addr")) {
        lua_pushinteger(L, c->m->addr_bits);
        return 1;
    }
    if (strcmp(k, "llid"))
        return 0;
    if (!c->llid)
        c->reads_wi = 1;
    lua_pushstring(L, c->llid ? c->llid : "wi->llid_");
    return 1;
}

static int tagged_error(lua_State *L, const char *tag)
{
    const char *msg = luaL_optstring(L, 1, "this instruction");
    lua_newtable(L);
    lua_pushstring(L, msg);
    lua_setfield(L, -2, tag);
    return lua_error(L);
}

static int h_unsupported(lua_State *L)
{
    return tagged_error(L, "unsupported");
}

/* invalid("why"): the module breaks a rule SPIRV-Tools does not check */
static int h_invalid(lua_State *L)
{
    return tagged_error(L, "invalid");
}


/* ---- constant strings (printf's format) ---- */

/* the integer value of an OpConstant id, or -1 when it is not one */
static long long const_index(const Module *m, uint32_t id)
{
    const Inst *d = def_of(m, id);
    const Type *t = type_of(m, id);
    uint64_t v;
    if (!d || d->op != SpvOpConstant || !t || t->kind != T_INT)
        return -1;
    v = m->words[d->word + 3];
    if (d->nwords > 4)
        v |= (uint64_t)m->words[d->word + 4] << 32;
    return v > 0xffffffu ? -1 : (long long)v;
}

/* the bytes of a constant array of 8-bit integers (an OpVariable's
   initialiser), into b; 0 when it is not one */
static int const_bytes8(const Module *m, uint32_t id, Buf *b)
{
    const Inst *d = def_of(m, id);
    const Type *t = type_of(m, id);
    unsigned k;
    if (!d || !t || t->kind != T_ARRAY || m->ids[t->elem].type->kind != T_INT ||
        m->ids[t->elem].type->width != 8)
        return 0;
    if (d->op == SpvOpConstantNull) {
        for (k = 0; k < t->n; k++)
            buf_putn(b, "", 1);
        return 1;
    }
    if (d->op != SpvOpConstantComposite)
        return 0;
    for (k = 0; k < d->nopnds; k++) {
        const Inst *e = def_of(m, m->words[m->opnds[d->opnd0 + k].off]);
        char c = 0;
        if (e && e->op == SpvOpConstant)
            c = (char)(m->words[e->word + 3] & 0xff);
        else if (!e || e->op != SpvOpConstantNull)
            return 0;
        buf_putn(b, &c, 1);
    }
    return 1;
}

/* cstring(id): the constant string a pointer value points at (through
   casts and constant access chains into a constant array of bytes), up to
   its NUL, or nil when the pointer is not a compile-time constant */
static int h_cstring(lua_State *L)
{
    const Module *m = ctx(L)->m;
    lua_Integer id = luaL_checkinteger(L, 1);
    long long off = 0;
    int hops;
    for (hops = 0; hops < 16 && id > 0 && (uint64_t)id < m->bound; hops++) {
        const Inst *d = def_of(m, (uint32_t)id);
        const uint32_t *w;
        Buf b = { 0 };
        if (!d)
            break;
        w = m->words;
        if (d->op == SpvOpBitcast || d->op == SpvOpPtrCastToGeneric || d->op == SpvOpCopyObject ||
            d->op == SpvOpGenericCastToPtr) {
            id = w[m->opnds[d->opnd0].off];
            continue;
        }
        if (d->op == SpvOpInBoundsPtrAccessChain || d->op == SpvOpPtrAccessChain) {
            unsigned k;
            for (k = 1; k < d->nopnds; k++) {
                long long v = const_index(m, w[m->opnds[d->opnd0 + k].off]);
                if (v < 0)
                    return 0;
                off += v;   /* byte arrays: every index counts bytes, the
                               first whole arrays only when it is 0 */
                if (k == 1 && v != 0)
                    return 0;
            }
            id = w[m->opnds[d->opnd0].off];
            continue;
        }
        if (d->op != SpvOpVariable || d->nopnds < 2 ||
            !const_bytes8(m, w[m->opnds[d->opnd0 + 1].off], &b))
            break;
        if ((size_t)off < b.len) {
            const char *z = memchr(b.s + off, 0, b.len - (size_t)off);
            lua_pushlstring(L, b.s + off, z ? (size_t)(z - (b.s + off)) : b.len - (size_t)off);
        } else
            lua_pushnil(L);
        buf_free(&b);
        return 1;
    }
    return 0;
}

/* ckview(rootid): the name of the view through which a check of an access
   from that root goes (lower_views), or nil; and true when the root is a
   private variable of the C function (spv2c_ck_pv_) */
static int h_ckview(lua_State *L)
{
    Lower *c = ctx(L);
    lua_Integer id = luaL_checkinteger(L, 1);
    if (!c->views || id <= 0 || (lua_Unsigned)id >= c->m->bound || !c->views[id])
        return 0;
    c->views[id] |= VIEW_USED;
    lua_pushfstring(L, "ckv_%d_", (int)id);
    lua_pushboolean(L, (c->views[id] & VIEW_PRIVATE) != 0);
    return 2;
}

/* a root whose object is the same for every work-item: a parameter, a
   variable not of the Function storage class (a work-item's own) */
static int chunk_root(const Module *m, lua_Integer id)
{
    const Inst *d = id > 0 && (lua_Unsigned)id < m->bound ? def_of(m, (uint32_t)id) : NULL;
    return d && (d->op == SpvOpFunctionParameter ||
                 (d->op == SpvOpVariable && m->words[d->word + 3] != SpvStorageClassFunction));
}

/* ckchunk(ptrid, rootid, root, addr, size, flags): a check the template
   makes, recorded (lower_ckrec); true when the caller leaves it out */
static int h_ckchunk(lua_State *L)
{
    Lower *c = ctx(L);
    lua_Integer root = luaL_checkinteger(L, 2);
    CkRec *r = c->ckrec;
    size_t at = c->cur ? (size_t)(c->cur - c->m->insts) : 0;
    CkAcc *a;

    if (!r || !c->cur)
        return 0;
    if (r->omit) {
        lua_pushboolean(L, r->omit[at]);
        return 1;
    }
    if ((c->cur->op != SpvOpLoad && c->cur->op != SpvOpStore) || !chunk_root(c->m, root) ||
        (r->n && r->v[r->n - 1].inst == at) || r->n >= CKREC_MAX) {
        r->bad = 1;   /* not a plain load or store, no root the same for all
                         work-items, two checks, too many */
        return 0;
    }
    a = &r->v[r->n++];
    a->inst = at;
    a->ptr = (uint32_t)luaL_checkinteger(L, 1);
    a->root = xstrdup(luaL_checkstring(L, 3));
    a->addr = xstrdup(luaL_checkstring(L, 4));
    a->size = xstrdup(luaL_checkstring(L, 5));
    a->flags = xstrdup(luaL_checkstring(L, 6));
    return 0;
}

static const luaL_Reg host_fns[] = {
    { "lower", h_lower },
    { "ext", h_ext },
    { "need", h_need },
    { "unsupported", h_unsupported },
    { "invalid", h_invalid },
    { "cstring", h_cstring },
    { "wi", h_wi },
    { "ckview", h_ckview },
    { "ckchunk", h_ckchunk },
    { NULL, NULL }
};

static const char *safe_globals[] = {
    "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
    "tostring", "type", "rawequal", "rawget", "rawlen", "rawset", "setmetatable",
    "getmetatable", "string", "table", "math", "utf8", NULL
};

static int traceback(lua_State *L)
{
    if (lua_istable(L, 1))
        return 1;   /* unsupported(), invalid(): keep the tagged table */
    luaL_traceback(L, L, lua_tostring(L, 1), 1);
    return 1;
}

/* a new environment table on the stack: safe built-ins + host functions */
static void new_env(Lower *c)
{
    lua_State *L = c->L;
    int i;

    lua_newtable(L);
    for (i = 0; safe_globals[i]; i++) {
        lua_getglobal(L, safe_globals[i]);
        lua_setfield(L, -2, safe_globals[i]);
    }
    lua_pushlightuserdata(L, c);
    luaL_setfuncs(L, host_fns, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_G");
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *p;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    p = xmalloc((size_t)n + 1);
    *len = fread(p, 1, (size_t)n, f);
    p[*len] = 0;
    fclose(f);
    return p;
}

/* run one chunk in the env at the top of the stack; 0 on success */
static int run_chunk(Lower *c, const char *name, const char *text, size_t len)
{
    lua_State *L = c->L;
    char chunk[128];

    snprintf(chunk, sizeof chunk, "@templates/%s", name);
    lua_pushcfunction(L, traceback);
    if (luaL_loadbufferx(L, text, len, chunk, "t") != LUA_OK) {
        fprintf(stderr, "%s\nspv2c: error: cannot load template %s\n", lua_tostring(L, -1), name);
        lua_pop(L, 2);
        return -1;
    }
    lua_pushvalue(L, -3);
    lua_setupvalue(L, -2, 1);   /* _ENV */
    if (lua_pcall(L, 0, 0, -2) != LUA_OK) {
        fprintf(stderr, "%s\nspv2c: error: template %s failed while loading\n",
                lua_isstring(L, -1) ? lua_tostring(L, -1) : "(error object)", name);
        lua_pop(L, 2);
        return -1;
    }
    lua_pop(L, 1);
    return 0;
}

static int load_template(Lower *c, const Embedded *e, const Embedded *prelude)
{
    char *over = NULL, *pover = NULL;
    size_t len = e->len, plen = prelude->len;
    const char *text = e->text, *ptext = prelude->text;
    int r;

    if (c->o->templates) {
        char *path = xsprintf("%s/%s", c->o->templates, e->name);
        char *ppath = xsprintf("%s/%s", c->o->templates, prelude->name);
        if ((over = read_file(path, &len)))
            text = over;
        else
            len = e->len;
        if ((pover = read_file(ppath, &plen)))
            ptext = pover;
        else
            plen = prelude->len;
        free(path);
        free(ppath);
    }
    new_env(c);
    r = run_chunk(c, prelude->name, ptext, plen);
    if (!r && e != prelude)
        r = run_chunk(c, e->name, text, len);
    lua_pop(c->L, 1);
    free(over);
    free(pover);
    return r;
}

Lower *lower_open(const Module *m, const Options *o)
{
    Lower *c = xcalloc(1, sizeof *c);
    const Embedded *prelude = find_embedded(embedded_templates, embedded_templates_count,
                                            "prelude.lua");
    size_t i;

    while (lower_part_name(c->nparts))
        c->nparts++;
    c->used = xcalloc((size_t)c->nparts + 1, sizeof *c->used);
    c->text = xcalloc((size_t)c->nparts + 1, sizeof *c->text);
    c->sec_used = xcalloc(embedded_runtime_sections_count + 1, 1);
    c->type_ref = xcalloc(m->bound + 1, sizeof *c->type_ref);
    c->opnd_ref = xcalloc(m->bound + 1, sizeof *c->opnd_ref);
    c->opnd_c = xcalloc(m->bound + 1, sizeof *c->opnd_c);
    c->m = m;
    c->o = o;
    c->L = luaL_newstate();
    if (!c->L)
        diag_fatal_oom();
    luaL_requiref(c->L, "_G", luaopen_base, 1);
    luaL_requiref(c->L, "string", luaopen_string, 1);
    luaL_requiref(c->L, "table", luaopen_table, 1);
    luaL_requiref(c->L, "math", luaopen_math, 1);
    luaL_requiref(c->L, "utf8", luaopen_utf8, 1);
    lua_pop(c->L, 5);
    /* one table an instruction, short-lived: the generational collector
       suits that (measured: translate 2.47 s -> 1.98 s on 10 MB) */
    lua_gc(c->L, LUA_GCGEN, 0, 0);
    lua_newtable(c->L);
    c->fns = luaL_ref(c->L, LUA_REGISTRYINDEX);
    lua_newtable(c->L);
    lua_pushlightuserdata(c->L, c);
    lua_pushcclosure(c->L, ins_index, 1);
    lua_setfield(c->L, -2, "__index");
    c->ins_meta = luaL_ref(c->L, LUA_REGISTRYINDEX);
    lua_newtable(c->L);
    lua_rawgeti(c->L, LUA_REGISTRYINDEX, c->ins_meta);
    lua_setmetatable(c->L, -2);
    c->ins_ref = luaL_ref(c->L, LUA_REGISTRYINDEX);
    for (i = 0; i < NKEYS; i++) {
        lua_pushstring(c->L, key_names[i]);
        c->key_ref[i] = luaL_ref(c->L, LUA_REGISTRYINDEX);
    }
    mark_part(c, "base");
    mark_part(c, "exec");
    if (o->with_main)
        mark_part(c, "main");
    if (o->checked)
        mark_part(c, "check");
    if (m->has_images)   /* the launchers check every image argument's format */
        mark_part(c, "image");
    for (i = 0; i < embedded_templates_count; i++) {
        if (&embedded_templates[i] == prelude)
            continue;
        if (load_template(c, &embedded_templates[i], prelude)) {
            lower_close(c);
            return NULL;
        }
    }
    return c;
}

void lower_close(Lower *c)
{
    int i;
    if (!c)
        return;
    lua_close(c->L);
    for (i = 0; i < c->nparts; i++)
        free(c->text[i]);
    free(c->text);
    free(c->used);
    free(c->sec_used);
    free(c->type_ref);
    free(c->opnd_ref);
    free(c->pool_ref);
    free(c->pool_mask);
    free(c->opnd_c);
    free(c);
}

/* ---- building the tables a template sees ---- */

static void push_type(Lower *c, const Type *t);

static void set_str(lua_State *L, const char *k, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* the key of field k, on the stack: then its value, then kset */
static void key(Lower *c, enum Key k)
{
    lua_rawgeti(c->L, LUA_REGISTRYINDEX, c->key_ref[k]);
    c->mask |= 1u << k;
}

/* the reused table on the top held the fields in old, now c->mask: the
   others go */
static void clear_stale(Lower *c, uint32_t old)
{
    int k;

    old &= ~c->mask;
    for (k = 0; old; k++, old >>= 1)
        if (old & 1) {
            lua_rawgeti(c->L, LUA_REGISTRYINDEX, c->key_ref[k]);
            lua_pushnil(c->L);
            lua_rawset(c->L, -3);
        }
}

/* table[key] = value, the three at the top of the stack; pops key and value */
static void kset(Lower *c)
{
    lua_rawset(c->L, -3);
}

static void kset_str(Lower *c, enum Key k, const char *v)
{
    key(c, k);
    lua_pushstring(c->L, v);
    kset(c);
}

static void kset_int(Lower *c, enum Key k, lua_Integer v)
{
    key(c, k);
    lua_pushinteger(c->L, v);
    kset(c);
}

static void kset_true(Lower *c, enum Key k)
{
    key(c, k);
    lua_pushboolean(c->L, 1);
    kset(c);
}

static void kset_type(Lower *c, enum Key k, const Type *t)
{
    key(c, k);
    push_type(c, t);
    kset(c);
}

static const char *kind_name(enum TypeKind k)
{
    static const char *names[] = { "void", "bool", "int", "float", "vector", "array",
                                   "struct", "pointer", "function", "event", "image",
                                   "sampler", "sampled_image", "other" };   /* ORDER T_ */
    return names[k];
}

static void push_type(Lower *c, const Type *t)
{
    lua_State *L = c->L;
    const Module *m = c->m;
    const Type *e;
    unsigned k;

    if (!t) {
        lua_pushnil(L);
        return;
    }
    if (c->type_ref[t->id]) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->type_ref[t->id]);
        return;
    }
    lua_newtable(L);
    lua_pushvalue(L, -1);
    c->type_ref[t->id] = luaL_ref(L, LUA_REGISTRYINDEX);  /* cached before recursion */
    set_str(L, "kind", kind_name(t->kind));
    set_str(L, "c", t->c ? t->c : "void");
    set_int(L, "id", t->id);
    set_int(L, "width", t->width);
    set_int(L, "n", t->n);
    set_int(L, "size", (lua_Integer)t->size);
    set_int(L, "align", (lua_Integer)t->align);
    switch (t->kind) {
    case T_BOOL:
    case T_INT:
    case T_FLOAT:
        set_str(L, "sfx", scalar_sfx(t));
        lua_pushvalue(L, -1);
        lua_setfield(L, -2, "elem");
        break;
    case T_VECTOR:
        e = m->ids[t->elem].type;
        set_str(L, "sfx", scalar_sfx(e));
        push_type(c, e);
        lua_setfield(L, -2, "elem");
        break;
    case T_ARRAY:
        push_type(c, m->ids[t->elem].type);
        lua_setfield(L, -2, "elem");
        break;
    case T_IMAGE:
        set_int(L, "dims", t->img_dims);
        lua_pushboolean(L, t->img_arrayed);
        lua_setfield(L, -2, "arrayed");
        break;
    case T_SAMPLED_IMAGE:
        push_type(c, m->ids[t->elem].type);
        lua_setfield(L, -2, "elem");
        break;
    case T_POINTER:
        set_str(L, "sc", storage_class_name(t->sc));
        push_type(c, m->ids[t->elem].type);
        lua_setfield(L, -2, "pointee");
        break;
    case T_STRUCT:
        lua_createtable(L, (int)t->nmembers, 0);
        for (k = 0; k < t->nmembers; k++) {
            lua_createtable(L, 0, 3);
            lua_pushfstring(L, "m%d", (int)k);
            lua_setfield(L, -2, "name");
            set_int(L, "offset", (lua_Integer)t->offsets[k]);
            push_type(c, m->ids[t->members[k]].type);
            lua_setfield(L, -2, "t");
            lua_rawseti(L, -2, (lua_Integer)k + 1);
        }
        lua_setfield(L, -2, "members");
        break;
    default:
        break;
    }
}

static const char *round_name(int32_t r)
{
    switch (r) {
    case SpvFPRoundingModeRTE: return "RTE";
    case SpvFPRoundingModeRTZ: return "RTZ";
    case SpvFPRoundingModeRTP: return "RTP";
    case SpvFPRoundingModeRTN: return "RTN";
    default: return NULL;
    }
}

static const char *ext_name(uint32_t op);

/* --checked: whether value id (of instruction in) only reaches the value
   operands of selects, through pure operations: clang -O2 hoists a load
   above the branch that guarded it when its address is valid, and selects
   its value or another, so the memory it reads may never have been
   written when the program throws the value away (the uninitialised-read
   check leaves such loads out) */
static int speculative(const Module *m, const Inst *in, uint32_t id, int depth)
{
    size_t i = (size_t)(in - m->insts), lo = i, hi = i;
    unsigned k;

    while (lo > 0 && m->insts[lo].op != SpvOpFunction)
        lo--;
    while (hi + 1 < m->ninsts && m->insts[hi].op != SpvOpFunctionEnd)
        hi++;
    for (i = lo; i <= hi; i++) {
        const Inst *u = &m->insts[i];
        for (k = 0; k < u->nopnds; k++) {
            if (m->opnds[u->opnd0 + k].kind != OPND_ID || opnd_id(m, u, k) != id)
                continue;
            if (u->op == SpvOpSelect && k > 0)
                continue;
            if (depth >= 3 || u->op == SpvOpSelect || u->op == SpvOpPhi || !inst_is_pure(u) ||
                !u->result || !speculative(m, u, u->result, depth + 1))
                return 0;
        }
    }
    return 1;
}

/* --checked: the lanes of vector value v (n lanes) that u, its only use
   (at operand k), keeps in its result, as a mask; -1 when u is not a
   lane-wise update of v (an OpCompositeInsert into v, or an
   OpVectorShuffle of v and another vector into v's type) */
static int64_t kept_lanes(const Module *m, const Inst *u, unsigned k, uint32_t v, unsigned n)
{
    int64_t kept = 0;
    unsigned i, n0;

    if (u->op == SpvOpCompositeInsert && k == 1 && u->nopnds == 3) {
        uint32_t lane = opnd_words(m, u, 2)[0];
        return lane < n ? (((int64_t)1 << n) - 1) & ~((int64_t)1 << lane) : -1;
    }
    if (u->op != SpvOpVectorShuffle || k > 1 || u->nopnds != 2 + n ||
        type_of(m, u->result) != type_of(m, v) || !type_of(m, opnd_id(m, u, 0)))
        return -1;
    n0 = type_of(m, opnd_id(m, u, 0))->n;
    for (i = 0; i < n; i++)
        if (opnd_words(m, u, 2 + i)[0] == (k ? n0 + i : i))
            kept |= (int64_t)1 << i;
    return kept;
}

/* --checked: the instructions of the function holding `in`, *lo to *hi */
static void func_range(const Module *m, const Inst *in, const Inst **lo, const Inst **hi)
{
    for (*lo = in; *lo > m->insts && (*lo)->op != SpvOpFunction; (*lo)--)
        ;
    for (*hi = in; *hi + 1 < m->insts + m->ninsts && (*hi)->op != SpvOpFunctionEnd; (*hi)++)
        ;
}

/* --checked: whether every use of vector value v (n lanes), in
   instructions lo..hi, ends in a store of it back to pointer ptr through
   lane-wise updates only (kept_lanes); kept: the lanes v holds from the
   load. The store `at` gets in *set the lanes it changes. */
static int copy_uses(const Module *m, const Inst *lo, const Inst *hi, uint32_t v, uint32_t ptr,
                     int64_t kept, unsigned n, const Inst *at, int64_t *set, unsigned depth)
{
    const Inst *u;
    unsigned k;

    if (depth > 8 || v >= m->bound)
        return 0;
    if (!m->ids[v].uses)
        return 1;   /* dropped: nothing emitted */
    for (u = lo; u <= hi; u++)
        for (k = 0; k < u->nopnds; k++) {
            int64_t lanes;
            if (m->opnds[u->opnd0 + k].kind != OPND_ID || opnd_id(m, u, k) != v)
                continue;
            if (u->op == SpvOpStore && k == 1 && opnd_id(m, u, 0) == ptr) {
                if (u == at)
                    *set = (((int64_t)1 << n) - 1) & ~kept;
                continue;
            }
            if ((lanes = kept_lanes(m, u, k, v, n)) < 0 || !u->result ||
                !copy_uses(m, lo, hi, u->result, ptr, kept & lanes, n, at, set, depth + 1))
                return 0;
        }
    return 1;
}

/* --checked: whether load `in` only copies: clang -O0 compiles `x.s0 = v`
   as a load of x, a lane insert and a store of x (and -O2 keeps such
   chains for memory it cannot keep in registers). Copying bytes never
   written is no error, using them is (memcheck's rule): a load whose
   value only reaches stores back to the same pointer through lane-wise
   updates is not checked for uninitialised bytes, and each of those
   stores sets only the lanes it changes (*set, for the store `at`). A
   write of a kept lane between the load and the store is then not seen
   as undone (a missed report, never a false one). */
static int copy_load(const Module *m, const Inst *in, const Inst *at, int64_t *set)
{
    const Type *t = in->op == SpvOpLoad ? type_of(m, in->result) : NULL;
    const Inst *lo, *hi;

    if (!t || t->kind != T_VECTOR || t->n > 16 || !m->ids[in->result].uses)
        return 0;
    func_range(m, in, &lo, &hi);
    return copy_uses(m, lo, hi, in->result, opnd_id(m, in, 0), ((int64_t)1 << t->n) - 1, t->n,
                     at, set, 0);
}

/* --checked: the load of pointer ptr that value v comes from through
   lane-wise updates, or NULL */
static const Inst *copy_source(const Module *m, uint32_t v, uint32_t ptr, unsigned depth)
{
    const Inst *d = def_of(m, v), *src;

    if (!d || depth > 8)
        return NULL;
    if (d->op == SpvOpLoad)
        return opnd_id(m, d, 0) == ptr ? d : NULL;
    if (d->op == SpvOpCompositeInsert && d->nopnds == 3)
        return copy_source(m, opnd_id(m, d, 1), ptr, depth + 1);
    if (d->op != SpvOpVectorShuffle)
        return NULL;
    src = copy_source(m, opnd_id(m, d, 0), ptr, depth + 1);
    return src ? src : copy_source(m, opnd_id(m, d, 1), ptr, depth + 1);
}

/* --checked: the lanes store `in` changes when it ends a copy (copy_load),
   as a mask, or -1 */
static int64_t copy_store_lanes(const Module *m, const Inst *in)
{
    const Inst *src;
    int64_t set = -1;

    if (in->op != SpvOpStore || !(src = copy_source(m, opnd_id(m, in, 1), opnd_id(m, in, 0), 0)))
        return -1;
    return copy_load(m, src, in, &set) ? set : -1;
}

/* --checked: the kernel parameter or variable a pointer is computed from
   through access chains and casts (the object its accesses must stay in),
   or 0 when a phi, a select, a load or a call hides it */
static uint32_t pointer_root(const Lower *c, uint32_t id)
{
    const Module *m = c->m;
    unsigned steps;

    for (steps = 0; steps < 256 && id && id < m->bound; steps++) {
        const Inst *def = def_of(m, id);
        if (!def)
            return 0;
        if (def->op == SpvOpFunctionParameter || def->op == SpvOpVariable)
            return c->nm->v[id].c ? id : 0;
        if (!pointer_step(def->op))
            return 0;
        id = opnd_id(m, def, 0);
    }
    return 0;
}

/* Is the operand's C spelling an object a template may take the address
   of (ins[k].obj)? A value the writers hold in a C variable: an
   instruction's result or a parameter inside a function, under its own
   name. Not a constant, spec constant or undef (literals and macros:
   `INFINITY` is spelled like a name), not a value folded to a constant,
   not a variable or builtin (spelled as an address, `(&x)`), nor a value
   spelled as an expression (a frame field, a per-work-item slot): the
   templates copy those to a temporary first. */
static int operand_obj(const Lower *c, uint32_t id, const Inst *def)
{
    const Module *m = c->m;
    const char *s;

    if (!def || (size_t)(def - m->insts) < m->first_func_inst || def->op == SpvOpUndef ||
        def->op == SpvOpVariable || c->nm->v[id].fold || !c->nm->v[id].c)
        return 0;
    s = c->nm->v[id].c;
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return 0;
    return 1;
}

/* the fields of operand value id (not a type) in the table on the top;
   returns its c field's text, as the table holds it */
static const char *push_value(Lower *c, uint32_t id)
{
    const Module *m = c->m;
    const Inst *def = def_of(m, id);
    const Type *vt = type_of(m, id);
    const char *s;

    key(c, K_C);
    s = lua_pushstring(c->L, c_name(c->nm, id));
    kset(c);
    kset_type(c, K_T, vt);
    if (def && def->op == SpvOpVariable)
        kset_true(c, K_VAR);       /* the address of one object */
    if (operand_obj(c, id, def))
        kset_true(c, K_OBJ);       /* &c is the value's address */
    if (m->ids[id].is_builtin_var)
        kset_true(c, K_BUILTIN);   /* the work-item state's field */
    if (c->o->checked && vt && vt->kind == T_POINTER) {
        uint32_t root = pointer_root(c, id);
        if (root) {
            kset_str(c, K_ROOT, c_name(c->nm, root));
            kset_int(c, K_ROOTID, (lua_Integer)root);
        }
    }
    if (def && def->op == SpvOpConstant && vt && vt->kind == T_INT) {
        uint64_t v = m->words[def->word + 3];
        if (def->nwords > 4)
            v |= (uint64_t)m->words[def->word + 4] << 32;
        kset_int(c, K_K, (lua_Integer)v);
    } else if (def && (def->op == SpvOpConstantNull || def->op == SpvOpUndef) &&
               vt && vt->kind == T_INT) {
        kset_int(c, K_K, 0);   /* an integer zero by another name (undef: written 0) */
    }
    return s;
}

/* Is operand id's table the same at every use, so one table serves them
   all (templates only read ins)? A type's, and a module-scope value's
   other than a variable's (a constant, spec constant or undef: no obj,
   var or builtin, and its c is compared at each use). Not under
   --checked (ins[k].root). */
static int shared_operand(const Lower *c, uint32_t id)
{
    const Module *m = c->m;
    const Inst *def;

    if (m->ids[id].type)
        return 1;
    def = def_of(m, id);
    return !c->o->checked && def && (size_t)(def - m->insts) < m->first_func_inst &&
           def->op != SpvOpVariable;
}

/* pushes the shared table of operand id when it is still right */
static int push_shared(Lower *c, uint32_t id)
{
    if (!c->opnd_ref[id] || (c->opnd_c[id] && strcmp(c->opnd_c[id], c_name(c->nm, id))))
        return 0;
    lua_rawgeti(c->L, LUA_REGISTRYINDEX, c->opnd_ref[id]);
    return 1;
}

/* keeps the operand table on the top as id's shared one */
static void keep_shared(Lower *c, uint32_t id, const char *cname)
{
    if (c->opnd_ref[id])
        luaL_unref(c->L, LUA_REGISTRYINDEX, c->opnd_ref[id]);
    lua_pushvalue(c->L, -1);
    c->opnd_ref[id] = luaL_ref(c->L, LUA_REGISTRYINDEX);
    c->opnd_c[id] = cname;
}

/* pushes operand position k's reused table, to be filled */
static void pool_table(Lower *c, unsigned k)
{
    if (k >= c->npool) {
        unsigned n = k + 8;
        c->pool_ref = xrealloc(c->pool_ref, n * sizeof *c->pool_ref);
        c->pool_mask = xrealloc(c->pool_mask, n * sizeof *c->pool_mask);
        for (; c->npool < n; c->npool++) {
            lua_createtable(c->L, 0, 4);
            c->pool_ref[c->npool] = luaL_ref(c->L, LUA_REGISTRYINDEX);
            c->pool_mask[c->npool] = 0;
        }
    }
    lua_rawgeti(c->L, LUA_REGISTRYINDEX, c->pool_ref[k]);
    c->mask = 0;
}

/* operand position k's table is filled */
static void pool_done(Lower *c, unsigned k)
{
    clear_stale(c, c->pool_mask[k]);
    c->pool_mask[k] = c->mask;
}

static void push_operand(Lower *c, const Inst *in, unsigned k)
{
    const Module *m = c->m;
    const Opnd *o = &m->opnds[in->opnd0 + k];
    const uint32_t *w = m->words + o->off;

    if (o->kind == OPND_ID && w[0] < m->bound) {
        int shared = shared_operand(c, w[0]);
        const char *cname = NULL;
        if (shared && push_shared(c, w[0]))
            return;
        if (shared)
            lua_createtable(c->L, 0, 4);   /* id, c, t and k without a rehash */
        else
            pool_table(c, k);
        if (m->ids[w[0]].type)
            kset_type(c, K_TYPE, m->ids[w[0]].type);
        else
            cname = push_value(c, w[0]);
        kset_int(c, K_ID, w[0]);
        if (shared)
            keep_shared(c, w[0], cname);
        else
            pool_done(c, k);
        return;
    }
    pool_table(c, k);
    if (o->kind == OPND_STR) {
        kset_str(c, K_STR, (const char *)w);
    } else {
        uint64_t v = w[0];
        if (o->n > 1)
            v |= (uint64_t)w[1] << 32;
        kset_int(c, K_LIT, (lua_Integer)v);
    }
    pool_done(c, k);
}

/* --checked: a load that only copies (ins.copy) and the lanes a store
   ending such a copy changes (ins.copy_set, a mask): copy_load */
static void push_copy(Lower *c, const Inst *in)
{
    int64_t set;

    if (in->op == SpvOpLoad && in->result && copy_load(c->m, in, NULL, &set))
        kset_true(c, K_COPY);
    else if ((set = copy_store_lanes(c->m, in)) >= 0)
        kset_int(c, K_COPY_SET, (lua_Integer)set);
}

/* --checked: a store to a private variable through the pointer a load
   of its block read a few instructions before (classify's `c[b >> 6]++`),
   whose check passed: the same bytes, in bounds, and initialised (not a
   speculative or copying load, nor a struct, array or 3-vector, whose
   check passes with one byte set), so the store's
   check (bounds, set the initialised bytes) would find nothing and change
   nothing; private memory has no race records. A few instructions: the
   walk stays linear in a block's length */
static int covered_store(const Module *m, const Inst *in)
{
    const Inst *l;
    const Type *t;
    uint32_t p;
    int64_t set;
    int k;

    if (in->op != SpvOpStore || in->nopnds < 2 || copy_store_lanes(m, in) >= 0)
        return 0;
    p = opnd_id(m, in, 0);
    t = type_of(m, p);
    if (!t || t->kind != T_POINTER || t->sc != SpvStorageClassFunction)
        return 0;
    t = t->elem < m->bound ? m->ids[t->elem].type : NULL;
    if (!t || t->kind == T_STRUCT || t->kind == T_ARRAY || (t->kind == T_VECTOR && t->n == 3))
        return 0;   /* the load's check is WHOLE: one byte set passes it */
    for (k = 1; k <= 8 && k <= in - m->insts && in[-k].op != SpvOpLabel; k++) {
        l = in - k;
        if (l->op == SpvOpLoad && l->result && l->nopnds >= 1 && opnd_id(m, l, 0) == p)
            return !speculative(m, l, l->result, 0) && !copy_load(m, l, NULL, &set);
    }
    return 0;
}

/* --checked: the fields the checks read */
static void push_checked(Lower *c, const Inst *in)
{
    const Module *m = c->m;
    char *w = diag_where(m, in->word), *where = map_module_path(c->o, w);   /* -ffile-prefix-map */

    kset_true(c, K_CHECKED);
    kset_str(c, K_WHERE, where);   /* for the checks' reports */
    if (in->op == SpvOpLoad && in->result && speculative(m, in, in->result, 0))
        kset_true(c, K_SPECULATIVE);
    push_copy(c, in);
    if (covered_store(m, in))
        kset_true(c, K_COVERED);
    if (c->hoisted && c->hoisted[in - m->insts])
        kset_true(c, K_HOISTED);
    free(where);
    free(w);
}

/* the instruction's table (ins), in place of its name on the stack top;
   ins.n and ins.addr are read through its metatable (ins_index) */
static void push_ins(Lower *c, const Inst *in)
{
    lua_State *L = c->L;
    const Module *m = c->m;
    unsigned k;

    lua_rawgeti(L, LUA_REGISTRYINDEX, c->ins_ref);
    lua_insert(L, -2);
    c->mask = 0;
    key(c, K_OP);
    lua_insert(L, -2);
    kset(c);
    kset_int(c, K_WORD, in->word);
    if (c->o->checked)
        push_checked(c, in);
    if (c->o->mad_unfused)
        kset_true(c, K_MAD_UNFUSED);
    if (in->result && c->nm->v[in->result].c) {
        const Id *d = &m->ids[in->result];
        kset_str(c, K_R, c->nm->v[in->result].c);
        if (round_name(d->fpround))
            kset_str(c, K_FPROUND, round_name(d->fpround));
        if (d->sat)
            kset_true(c, K_SAT);
        if (c->o->math == 2 || (c->o->math == 0 && (m->relaxed_math || d->fast_math)))
            kset_true(c, K_RELAXED);
    }
    if (in->type)
        kset_type(c, K_T, m->ids[in->type].type);
    clear_stale(c, c->ins_mask);
    c->ins_mask = c->mask;
    for (k = 0; k < in->nopnds; k++) {
        push_operand(c, in, k);
        lua_rawseti(L, -2, (lua_Integer)k + 1);
    }
    for (; k < c->ins_n; k++) {
        lua_pushnil(L);
        lua_rawseti(L, -2, (lua_Integer)k + 1);
    }
    c->ins_n = in->nopnds;
}

/* an instruction's template name ("OpIAdd", "OpenCL.std.fma") in buf, or
   NULL (an extended instruction of an unknown set or number) */
static const char *template_name(const Lower *c, const Inst *in, char *buf, size_t size)
{
    const char *e;

    if (in->op != SpvOpExtInst) {
        snprintf(buf, size, "Op%s", read_opname(in->op));
        return buf;
    }
    e = c->m->ids[in->ext_set].opencl_std ? ext_name(in->ext_op) : NULL;
    if (!e)
        return NULL;
    snprintf(buf, size, "OpenCL.std.%s", e);
    return buf;
}

/* pushes the instruction's template function and the name it sees as ins.op
   (registry refs kept per opcode: the lookups by name are done once);
   returns 0, with nothing pushed, when there is none */
static int push_template(Lower *c, const Inst *in)
{
    lua_State *L = c->L;
    int ext = in->op == SpvOpExtInst;
    uint32_t k = ext ? in->ext_op : in->op;
    int cache = k < FN_SLOTS && (!ext || c->m->ids[in->ext_set].opencl_std);
    char opname[64];
    const char *name;

    if (cache && c->fn_ref[ext][k]) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->fn_ref[ext][k]);
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->name_ref[ext][k]);
        return 1;
    }
    if (!(name = template_name(c, in, opname, sizeof opname)))
        return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->fns);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushstring(L, ext ? name + 11 : name);
    if (cache) {
        lua_pushvalue(L, -2);
        c->fn_ref[ext][k] = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_pushvalue(L, -1);
        c->name_ref[ext][k] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    return 1;
}

char *lower_inst(Lower *c, const Inst *in, const char *llid, int *reads_wi)
{
    lua_State *L = c->L;
    const Module *m = c->m;
    char opname[64];
    const char *text;
    char *out = NULL;
    int rc;

    lua_pushcfunction(L, traceback);
    if (!push_template(c, in)) {
        lua_pop(L, 1);
        if (!template_name(c, in, opname, sizeof opname))
            diag_error(m, in->word, "unsupported: extended instruction %u", in->ext_op);
        else
            diag_error(m, in->word, "unsupported: %s has no lowering yet",
                       in->op == SpvOpExtInst ? opname + 11 : opname);
        return NULL;
    }
    c->llid = llid;
    c->reads_wi = 0;
    c->cur = in;
    push_ins(c, in);
    rc = lua_pcall(L, 1, 1, -3);
    c->cur = NULL;
    if (rc != LUA_OK) {
        template_name(c, in, opname, sizeof opname);
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "unsupported");
            if (lua_isstring(L, -1))
                diag_error(m, in->word, "unsupported: %s", lua_tostring(L, -1));
            lua_getfield(L, -2, "invalid");
            if (lua_isstring(L, -1))
                diag_error(m, in->word, "invalid module: %s", lua_tostring(L, -1));
            lua_pop(L, 2);
        } else {
            diag_error(m, in->word, "template error while lowering %s: %s",
                       in->op == SpvOpExtInst ? opname + 11 : opname,
                       lua_isstring(L, -1) ? lua_tostring(L, -1) : "(error object)");
        }
        lua_pop(L, 2);
        return NULL;
    }
    text = lua_tostring(L, -1);
    if (!text) {
        template_name(c, in, opname, sizeof opname);
        diag_error(m, in->word, "template error while lowering %s: the template returned %s, "
                   "not C text", opname, luaL_typename(L, -1));
    } else {
        out = xstrdup(text);
        *reads_wi = c->reads_wi;
    }
    lua_pop(L, 2);
    return out;
}

/* OpenCL.std instruction numbers to the specification's names: the
   header spells them SAbs, U_Upsample, FClamp; the spec s_abs, u_upsample,
   fclamp. */
static const char *ext_enum_name(uint32_t op);

static const char *ext_name(uint32_t op)
{
    static char buf[40];
    const char *e = ext_enum_name(op);
    size_t n = 0;

    if (!e)
        return NULL;
    if ((e[0] == 'S' || e[0] == 'U') && (e[1] == '_' || (e[1] >= 'A' && e[1] <= 'Z'))) {
        buf[n++] = (char)(e[0] + 32);
        buf[n++] = '_';
        e += e[1] == '_' ? 2 : 1;
    }
    for (; *e && n + 1 < sizeof buf; e++)
        buf[n++] = (*e >= 'A' && *e <= 'Z') ? (char)(*e + 32) : *e;
    buf[n] = 0;
    return buf;
}

static const char *ext_enum_name(uint32_t op)
{
    switch (op) {
#define X(n) case OpenCLstd_##n: return #n;
    X(Acos) X(Acosh) X(Acospi) X(Asin) X(Asinh) X(Asinpi) X(Atan) X(Atan2) X(Atanh) X(Atanpi)
    X(Atan2pi) X(Cbrt) X(Ceil) X(Copysign) X(Cos) X(Cosh) X(Cospi) X(Erfc) X(Erf) X(Exp)
    X(Exp2) X(Exp10) X(Expm1) X(Fabs) X(Fdim) X(Floor) X(Fma) X(Fmax) X(Fmin) X(Fmod)
    X(Fract) X(Frexp) X(Hypot) X(Ilogb) X(Ldexp) X(Lgamma) X(Lgamma_r) X(Log) X(Log2)
    X(Log10) X(Log1p) X(Logb) X(Mad) X(Maxmag) X(Minmag) X(Modf) X(Nan) X(Nextafter) X(Pow)
    X(Pown) X(Powr) X(Remainder) X(Remquo) X(Rint) X(Rootn) X(Round) X(Rsqrt) X(Sin)
    X(Sincos) X(Sinh) X(Sinpi) X(Sqrt) X(Tan) X(Tanh) X(Tanpi) X(Tgamma) X(Trunc)
    X(Half_cos) X(Half_divide) X(Half_exp) X(Half_exp2) X(Half_exp10) X(Half_log)
    X(Half_log2) X(Half_log10) X(Half_powr) X(Half_recip) X(Half_rsqrt) X(Half_sin)
    X(Half_sqrt) X(Half_tan) X(Native_cos) X(Native_divide) X(Native_exp) X(Native_exp2)
    X(Native_exp10) X(Native_log) X(Native_log2) X(Native_log10) X(Native_powr)
    X(Native_recip) X(Native_rsqrt) X(Native_sin) X(Native_sqrt) X(Native_tan)
    X(SAbs) X(SAbs_diff) X(SAdd_sat) X(UAdd_sat) X(SHadd) X(UHadd) X(SRhadd) X(URhadd)
    X(SClamp) X(UClamp) X(Clz) X(Ctz) X(SMad_hi) X(UMad_sat) X(SMad_sat) X(SMax) X(UMax)
    X(SMin) X(UMin) X(SMul_hi) X(Rotate) X(SSub_sat) X(USub_sat) X(U_Upsample)
    X(S_Upsample) X(Popcount) X(SMad24) X(UMad24) X(SMul24) X(UMul24) X(UAbs) X(UAbs_diff)
    X(UMul_hi) X(UMad_hi) X(FClamp) X(Degrees) X(FMax_common) X(FMin_common) X(Mix)
    X(Radians) X(Step) X(Smoothstep) X(Sign) X(Cross) X(Distance) X(Length) X(Normalize)
    X(Fast_distance) X(Fast_length) X(Fast_normalize) X(Bitselect) X(Select) X(Vloadn)
    X(Vstoren) X(Vload_half) X(Vload_halfn) X(Vstore_half) X(Vstore_half_r) X(Vstore_halfn)
    X(Vstore_halfn_r) X(Vloada_halfn) X(Vstorea_halfn) X(Vstorea_halfn_r) X(Shuffle)
    X(Shuffle2) X(Printf) X(Prefetch)
#undef X
    default: return NULL;
    }
}

/* ---- the chunk probe's arithmetic (hoist.c) ----
   --checked's probe computes addresses before a chunk runs, in uint64_t
   values holding w-bit integers zero-extended (uintptr_t for pointers),
   with no check: the templates write typed, checked C, so the probe's
   values are written here, from op_props' kinds and C operators. */

static unsigned u64_width(const Type *t)
{
    return t && t->kind == T_INT && (t->width == 8 || t->width == 16 || t->width == 32 ||
                                     t->width == 64) ? t->width : 0;
}

/* x (a w-bit value's text, taken) masked back to w bits */
char *lower_u64_mask(unsigned w, char *x)
{
    char *r;
    if (w >= 64)
        return x;
    r = xsprintf("((%s) & UINT64_C(0x%llx))", x, (unsigned long long)((UINT64_C(1) << w) - 1));
    free(x);
    return r;
}

/* x (a value of width w, zero-extended) sign-extended to 64 bits */
static char *u64_sext(unsigned w, const char *x)
{
    if (w >= 64)
        return xsprintf("%s", x);
    return xsprintf("((%s ^ UINT64_C(0x%llx)) - UINT64_C(0x%llx))", x,
                    (unsigned long long)(UINT64_C(1) << (w - 1)),
                    (unsigned long long)(UINT64_C(1) << (w - 1)));
}

static char *u64_const(const Module *m, const Inst *d, unsigned w)
{
    uint64_t v;
    if (d->nwords < 4)   /* OpConstantNull */
        return xstrdup("0");
    v = m->words[d->word + 3];
    if (d->nwords > 4)
        v |= (uint64_t)m->words[d->word + 4] << 32;
    return lower_u64_mask(w, xsprintf("UINT64_C(%llu)", (unsigned long long)v));
}

/* a one-index access chain: a + b elements */
static char *u64_chain(const Module *m, const Inst *d, const char *a, const char *b)
{
    const Type *bt = type_of(m, opnd_id(m, d, 0));
    char *ix = u64_sext(u64_width(type_of(m, opnd_id(m, d, 1))), b);
    char *x = xsprintf("%s + (uintptr_t)%s * sizeof(%s)", a, ix, m->ids[bt->elem].type->c);
    free(ix);
    return x;
}

/* the C text of d's value (w bits wide, 0 for a pointer) from its operands'
   texts a and b, for every IX_ kind but IX_PARAM and IX_LANE (the probe's
   own variables) */
char *lower_u64(const Module *m, const Inst *d, unsigned w, const char *a, const char *b)
{
    const char *op = op_c_operator(d->op);
    char *x;
    switch (op_ix(d->op)) {
    case IX_CONST: return u64_const(m, d, w);
    case IX_CHAIN: return u64_chain(m, d, a, b);
    case IX_RING:
    case IX_BITS: x = xsprintf("%s %s %s", a, op, b); break;
    case IX_SHIFT:
        x = xsprintf("%s %s %u", a, op, m->words[def_of(m, opnd_id(m, d, 1))->word + 3]);
        break;
    case IX_UNARY: x = xsprintf("%s%s", op, a); break;
    case IX_CONV:
        x = op_signed(d->op) ? u64_sext(u64_width(type_of(m, opnd_id(m, d, 0))), a) : xstrdup(a);
        return lower_u64_mask(w, x);
    default: return xstrdup(a);   /* copies and casts */
    }
    return op_wraps(d->op) ? lower_u64_mask(w, x) : x;
}

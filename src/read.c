/*
 * read: input bytes to a validated, parsed module.
 *
 * A .spvasm (or any input that does not start with the SPIR-V magic and
 * looks like text) is assembled by SPIRV-Tools; a binary is checked for the
 * basics ourselves (size, magic, byte order) so those messages are precise.
 * Then the module must pass spvValidate in an OpenCL environment that
 * accepts its version, and spvBinaryParse feeds every instruction to a
 * callback that copies what we need: SPIRV-Tools' operand arrays are only
 * valid during the call. Every SPIRV-Tools call passes &diagnostic: a
 * context has no default message consumer, so errors would be lost.
 */
#define _POSIX_C_SOURCE 200809L   /* fork, pipe, waitpid, strsignal */
#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <errno.h>
#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#define VALIDATE_IN_CHILD 1
#endif

#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>
#include <spirv/unified1/OpenCLDebugInfo100.h>

#include "spv2c.h"

static int slurp(const char *path, char **data, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    size_t cap = 1 << 16, n = 0, got;
    char *p;

    if (!f)
        return -1;
    p = xmalloc(cap);
    while ((got = fread(p + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            p = xrealloc(p, cap);
        }
    }
    if (ferror(f)) {
        int e = errno;
        free(p);
        if (f != stdin)
            fclose(f);
        errno = e;
        return -1;
    }
    if (f != stdin)
        fclose(f);
    *data = p;
    *len = n;
    return 0;
}

static int looks_like_text(const char *path, const unsigned char *d, size_t n)
{
    size_t i, k = strlen(path);

    if (k > 7 && !strcmp(path + k - 7, ".spvasm"))
        return 1;
    if (n >= 4 && ((d[0] == 0x03 && d[1] == 0x02 && d[2] == 0x23 && d[3] == 0x07) ||
                   (d[3] == 0x03 && d[2] == 0x02 && d[1] == 0x23 && d[0] == 0x07)))
        return 0;
    for (i = 0; i < n && i < 256; i++)
        if (d[i] == 0 || (d[i] < 32 && d[i] != '\n' && d[i] != '\r' && d[i] != '\t'))
            return 0;
    return n > 0;
}

static spv_target_env env_for_version(uint32_t version)
{
    switch ((version >> 16) & 0xff ? (version >> 8) & 0xff : 0) {
    case 0: return SPV_ENV_OPENCL_2_1;
    case 1:
    case 2: return SPV_ENV_OPENCL_2_2;
    case 3: return SPV_ENV_UNIVERSAL_1_3;
    case 4: return SPV_ENV_UNIVERSAL_1_4;
    case 5: return SPV_ENV_UNIVERSAL_1_5;
    default: return SPV_ENV_UNIVERSAL_1_6;
    }
}

/* The version of assembly text: the "; Version: X.Y" comment spirv-dis
   writes, if present */
static spv_target_env text_env(const char *text, size_t len)
{
    static const spv_target_env envs[] = { SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1,
        SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3, SPV_ENV_UNIVERSAL_1_4,
        SPV_ENV_UNIVERSAL_1_5, SPV_ENV_UNIVERSAL_1_6 };
    size_t i, n = len < 1024 ? len : 1024;
    for (i = 0; i + 14 < n; i++)
        if (!strncmp(text + i, "; Version: 1.", 13) && text[i + 13] >= '0' && text[i + 13] <= '6')
            return envs[text[i + 13] - '0'];
    return SPV_ENV_UNIVERSAL_1_0;
}

/* A text that is no SPIR-V assembly, in a file whose name does not say
   SPIR-V (k.CL, k.txt): it may be OpenCL C */
static const char *cl_hint(const char *file)
{
    static const char *const ext[] = { ".spvasm", ".spv", ".spirv", ".spt" };
    size_t n = strlen(file), k;

    for (k = 0; k < sizeof ext / sizeof ext[0]; k++)
        if (n >= strlen(ext[k]) && !strcmp(file + n - strlen(ext[k]), ext[k]))
            return "";
    return strcmp(file, "-") ? " (use -x cl for OpenCL C)" : "";
}

/* Assemble as the version the text states, else SPIR-V 1.0 (what OpenCL
   producers mostly emit), or as 1.6 when the text needs newer instructions. */
static int assemble(Module *m, const char *text, size_t len)
{
    spv_context ctx = spvContextCreate(text_env(text, len));
    spv_binary bin = NULL;
    spv_diagnostic diag = NULL;
    spv_result_t r;

    r = spvTextToBinaryWithOptions(ctx, text, len, SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS,
                                   &bin, &diag);
    if (r != SPV_SUCCESS) {
        spvDiagnosticDestroy(diag);
        diag = NULL;
        spvContextDestroy(ctx);
        ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
        r = spvTextToBinaryWithOptions(ctx, text, len,
                                       SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS, &bin, &diag);
    }
    if (r != SPV_SUCCESS) {
        /* no word offset exists yet: point at the text position instead */
        fprintf(stderr, "%s: word 0: error: assembly failed at line %zu, column %zu: %s\n",
                m->file, diag ? diag->position.line + 1 : 0,
                diag ? diag->position.column + 1 : 0, diag ? diag->error : "unknown error");
        diag_plain("the input is not valid SPIR-V assembly%s", cl_hint(m->file));
        spvDiagnosticDestroy(diag);
        spvContextDestroy(ctx);
        return -1;
    }
    m->nwords = bin->wordCount;
    m->words = xmalloc(bin->wordCount * 4);
    memcpy(m->words, bin->code, bin->wordCount * 4);
    spvBinaryDestroy(bin);
    spvContextDestroy(ctx);
    return 0;
}

static uint32_t bswap32(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}

static int load_words(Module *m, const char *data, size_t len)
{
    size_t i;

    if (len < 20) {
        diag_error(NULL, 0, "truncated module: %zu bytes, a SPIR-V header alone is 20", len);
        return -1;
    }
    if (len % 4) {
        diag_error(NULL, (uint32_t)(len / 4), "module size %zu is not a multiple of 4 bytes", len);
        return -1;
    }
    m->nwords = len / 4;
    m->words = xmalloc(len);
    memcpy(m->words, data, len);
    if (m->words[0] == bswap32(SpvMagicNumber))
        for (i = 0; i < m->nwords; i++)
            m->words[i] = bswap32(m->words[i]);
    if (m->words[0] != SpvMagicNumber) {
        diag_error(NULL, 0, "bad magic number 0x%08x: not a SPIR-V module", m->words[0]);
        return -1;
    }
    return 0;
}

/* The header's version and id bound, reported at their own words */
static int check_header(Module *m)
{
    uint32_t v = m->words[1], major = (v >> 16) & 0xff, minor = (v >> 8) & 0xff;

    if (m->nwords < 5) {
        diag_error(NULL, 0, "truncated module: %zu words, a SPIR-V header alone is 5", m->nwords);
        return -1;
    }
    if ((v & 0xff0000ffu) || major != 1 || minor > 6) {
        diag_error(NULL, 1, "unsupported SPIR-V version word 0x%08x (%u.%u); spv2c reads 1.0 to 1.6",
                   v, major, minor);
        return -1;
    }
    if (m->words[3] == 0 || m->words[3] > 0x400000) {
        diag_error(NULL, 3, "invalid id bound %u in the header (must be 1 to 4194304)",
                   m->words[3]);
        return -1;
    }
    return 0;
}

/* Map a SPIRV-Tools diagnostic to a word offset. Binary parse errors give a
   word index; validator errors give an instruction index, which we map by
   walking the instruction stream. */
static uint32_t inst_index_to_word(const Module *m, size_t idx)
{
    size_t w = 5, k = 0;

    while (w < m->nwords && k < idx) {
        uint32_t n = m->words[w] >> 16;
        if (n == 0)
            break;
        w += n;
        k++;
    }
    return (uint32_t)(w < m->nwords ? w : m->nwords);
}

/* 0 when valid; otherwise the first problem, as a word offset and message */
static int validate_env(Module *m, spv_target_env env, uint32_t *word, char **msg);

static int validate(Module *m, uint32_t *word, char **msg)
{
    return validate_env(m, env_for_version(m->words[1]), word, msg);
}

static spv_target_env universal_env(const Module *m)
{
    static const spv_target_env envs[] = { SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1,
        SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3, SPV_ENV_UNIVERSAL_1_4,
        SPV_ENV_UNIVERSAL_1_5, SPV_ENV_UNIVERSAL_1_6 };
    uint32_t minor = (m->words[1] >> 8) & 0xff;
    return envs[minor <= 6 ? minor : 6];
}

static int validate_here(Module *m, spv_target_env env, uint32_t *word, char **msg)
{
    spv_context ctx = spvContextCreate(env);
    spv_validator_options vo = spvValidatorOptionsCreate();
    spv_const_binary_t bin = { m->words, m->nwords };
    spv_diagnostic diag = NULL;
    spv_result_t r;

    r = spvValidateWithOptions(ctx, vo, &bin, &diag);
    if (r != SPV_SUCCESS) {
        char *nl;
        *msg = xstrdup(diag && diag->error ? diag->error : "validation failed");
        /* the validator's position counts the offending instruction itself */
        *word = diag ? inst_index_to_word(m, diag->position.index ? diag->position.index - 1 : 0)
                     : 0;
        /* the validator appends the instruction text on later lines; ours follows */
        if ((nl = strchr(*msg, '\n')))
            *nl = 0;
    }
    spvDiagnosticDestroy(diag);
    spvValidatorOptionsDestroy(vo);
    spvContextDestroy(ctx);
    return r == SPV_SUCCESS ? 0 : -1;
}

int read_validate_in_child = 1;

#ifdef VALIDATE_IN_CHILD
static int write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t k = write(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        c += k;
        n -= (size_t)k;
    }
    return 0;
}

/* The child: validate, send {result, word, length, message} and leave
   without running exit handlers (the parent owns the streams and the heap).
   Its stderr is closed so a crash report (a sanitizer's) stays silent. */
static void validate_child(int fd, Module *m, spv_target_env env)
{
    uint32_t hdr[3] = { 0, 0, 0 };
    char *msg = NULL;
    int null = open("/dev/null", O_WRONLY);

    if (null >= 0)
        dup2(null, 2);
    hdr[0] = validate_here(m, env, &hdr[1], &msg) ? 1u : 0u;
    hdr[2] = msg ? (uint32_t)strlen(msg) : 0;
    if (write_all(fd, hdr, sizeof hdr) || (msg && write_all(fd, msg, hdr[2])))
        _exit(3);
    _exit(0);
}

/* 0 valid, -1 invalid (word, msg set), -2 the validator died (msg says how) */
static int validate_isolated(Module *m, spv_target_env env, uint32_t *word, char **msg)
{
    int fd[2], st = 0;
    pid_t pid;
    Buf got = { 0 };
    char chunk[4096];
    ssize_t k;
    uint32_t hdr[3];

    if (pipe(fd))
        return validate_here(m, env, word, msg);
    fflush(NULL);
    pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return validate_here(m, env, word, msg);
    }
    if (pid == 0) {
        close(fd[0]);
        validate_child(fd[1], m, env);
    }
    close(fd[1]);
    while ((k = read(fd[0], chunk, sizeof chunk)) != 0) {
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            break;
        buf_putn(&got, chunk, (size_t)k);
    }
    close(fd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && got.len >= sizeof hdr) {
        memcpy(hdr, got.s, sizeof hdr);
        if (got.len == sizeof hdr + hdr[2]) {
            *word = hdr[1];
            if (hdr[0])
                *msg = hdr[2] ? memcpy(xcalloc(hdr[2] + 1, 1), got.s + sizeof hdr, hdr[2])
                              : xstrdup("validation failed");
            buf_free(&got);
            return hdr[0] ? -1 : 0;
        }
    }
    buf_free(&got);
    *word = 0;
    if (WIFSIGNALED(st))
        *msg = xsprintf("signal %d, %s", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else
        *msg = xsprintf("exit status %d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    return -2;
}
#endif

/* 0 when valid, -1 invalid (the first problem as a word offset and message),
   -2 when SPIRV-Tools' validator itself crashed (it has known crashes on
   some invalid modules): run in a child process, its crash cannot take
   spv2c down. read_validate_in_child = 0 (the fuzz target) runs it here. */
static int validate_env(Module *m, spv_target_env env, uint32_t *word, char **msg)
{
#ifdef VALIDATE_IN_CHILD
    if (read_validate_in_child)
        return validate_isolated(m, env, word, msg);
#endif
    return validate_here(m, env, word, msg);
}

/* The validator crashed: say so at the module, not as an invalid module */
static int validator_crashed(Module *m, char *msg)
{
    diag_error(m, 0, "SPIRV-Tools' validator crashed on this module (%s): spv2c translates only "
               "modules it has validated (a SPIRV-Tools bug; spirv-val crashes the same way)", msg);
    free(msg);
    return -1;
}

static spv_result_t on_header(void *user, spv_endianness_t e, uint32_t magic, uint32_t version,
                              uint32_t generator, uint32_t bound, uint32_t schema)
{
    Module *m = user;
    (void)e;
    (void)magic;
    (void)schema;
    m->version = version;
    m->generator = generator;
    m->bound = bound;
    return SPV_SUCCESS;
}

static uint8_t opnd_kind(spv_operand_type_t t)
{
    switch (t) {
    case SPV_OPERAND_TYPE_ID:
    case SPV_OPERAND_TYPE_TYPE_ID:
    case SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID:
    case SPV_OPERAND_TYPE_SCOPE_ID:
        return OPND_ID;
    case SPV_OPERAND_TYPE_LITERAL_STRING:
        return OPND_STR;
    case SPV_OPERAND_TYPE_LITERAL_INTEGER:
    case SPV_OPERAND_TYPE_TYPED_LITERAL_NUMBER:
    case SPV_OPERAND_TYPE_OPTIONAL_TYPED_LITERAL_INTEGER:
    case SPV_OPERAND_TYPE_EXTENSION_INSTRUCTION_NUMBER:
    case SPV_OPERAND_TYPE_SPEC_CONSTANT_OP_NUMBER:
        return OPND_LIT;
    default:
        return OPND_OTHER;
    }
}

static spv_result_t on_inst(void *user, const spv_parsed_instruction_t *pi)
{
    Module *m = user;
    Inst *in;
    uint32_t word = (uint32_t)(pi->words - m->words);
    unsigned k, skip = 0;

    if (m->ninsts == m->cap_insts) {
        m->cap_insts = m->cap_insts ? m->cap_insts * 2 : 1024;
        m->insts = xrealloc(m->insts, m->cap_insts * sizeof *m->insts);
    }
    in = &m->insts[m->ninsts++];
    memset(in, 0, sizeof *in);
    m->parse_next = word + pi->num_words;
    in->word = word;
    in->op = pi->opcode;
    in->nwords = pi->num_words;
    in->type = pi->type_id;
    in->result = pi->result_id;
    if (pi->opcode == SpvOpExtInst) {
        in->ext_set = pi->words[3];
        in->ext_op = pi->words[4];
    }
    in->opnd0 = (uint32_t)m->nopnds;
    for (k = 0; k < pi->num_operands; k++) {
        const spv_parsed_operand_t *po = &pi->operands[k];
        Opnd *o;
        if (po->type == SPV_OPERAND_TYPE_RESULT_ID || (k == 0 && pi->type_id &&
                                                       po->type == SPV_OPERAND_TYPE_TYPE_ID)) {
            continue;
        }
        if (pi->opcode == SpvOpExtInst && skip < 2) {
            skip++;
            continue;
        }
        if (m->nopnds == m->cap_opnds) {
            m->cap_opnds = m->cap_opnds ? m->cap_opnds * 2 : 4096;
            m->opnds = xrealloc(m->opnds, m->cap_opnds * sizeof *m->opnds);
        }
        o = &m->opnds[m->nopnds++];
        o->off = word + po->offset;
        o->n = po->num_words;
        o->kind = opnd_kind(po->type);
        in->nopnds++;
    }
    return SPV_SUCCESS;
}

static int parse(Module *m)
{
    spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
    spv_diagnostic diag = NULL;
    spv_result_t r;

    r = spvBinaryParse(ctx, m, m->words, m->nwords, on_header, on_inst, &diag);
    if (r != SPV_SUCCESS) {
        /* the failing instruction starts where the last good one ended */
        diag_error(NULL, m->parse_next ? m->parse_next : 5, "cannot parse the module: %s",
                   diag && diag->error ? diag->error : "unknown error");
    }
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
    return r == SPV_SUCCESS ? 0 : -1;
}

/* llvm-spirv 15 puts OpBitcasts of variables between the OpVariables of a
   function's first block, which the SPIR-V rules (and spirv-val) forbid.
   Move every OpVariable of a first block to the block's front: a pure
   reordering (a variable's operands are types and module-scope constants),
   so the module means the same and now validates. Walks words defensively:
   malformed streams are left for the parser to report. */
static void hoist_variables(Module *m)
{
    size_t w = 5, n = m->nwords;
    uint32_t *tmp = NULL;
    int in_func = 0;

    while (w < n) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff;
        if (len == 0 || w + len > n)
            break;
        if (op == SpvOpFunction)
            in_func = 1;
        if (op == SpvOpLabel && in_func) {
            size_t start = w + len, end = start, vars = 0, k;
            in_func = 0;
            /* the block ends at its terminator */
            while (end < n) {
                uint32_t l = m->words[end] >> 16, o = m->words[end] & 0xffff;
                if (l == 0 || end + l > n) {
                    free(tmp);
                    return;
                }
                if (o == SpvOpVariable)
                    vars += l;
                end += l;
                if (o == SpvOpBranch || o == SpvOpBranchConditional || o == SpvOpSwitch ||
                    o == SpvOpReturn || o == SpvOpReturnValue || o == SpvOpUnreachable ||
                    o == SpvOpKill || o == SpvOpFunctionEnd)
                    break;
            }
            if (vars) {
                size_t a = 0, b = vars;
                tmp = xrealloc(tmp, (end - start) * 4);
                for (k = start; k < end; k += m->words[k] >> 16) {
                    uint32_t l = m->words[k] >> 16;
                    if ((m->words[k] & 0xffff) == SpvOpVariable) {
                        memcpy(tmp + a, m->words + k, l * 4);
                        a += l;
                    } else {
                        memcpy(tmp + b, m->words + k, l * 4);
                        b += l;
                    }
                }
                memcpy(m->words + start, tmp, (end - start) * 4);
            }
            w = end;
            continue;
        }
        w += len;
    }
    free(tmp);
}

/* reorder_blocks' scratch: one function's blocks */
typedef struct Order {
    uint32_t *blk_of;     /* per label id: its block */
    size_t *start, *stack, *order, cap;  /* per block: its first instruction, ... */
    char *seen;
} Order;

/* instructions [from, to) onto out at *o */
static void copy_insts(const Module *m, uint32_t *out, size_t *o, size_t from, size_t to)
{
    size_t k;
    for (k = from; k < to; k++) {
        memcpy(out + *o, m->words + m->insts[k].word, m->insts[k].nwords * 4u);
        *o += m->insts[k].nwords;
    }
}

/* the blocks of instructions [first, fe): s->start (start[nb] = fe), the
   block of each label; their number */
static size_t find_blocks(const Module *m, Order *s, size_t first, size_t fe)
{
    size_t nb = 0, k;
    for (k = first; k < fe; k++)
        if (m->insts[k].op == SpvOpLabel) {
            if (nb + 1 >= s->cap) {
                s->cap = s->cap * 2 + 16;
                s->start = xrealloc(s->start, s->cap * sizeof *s->start);
                s->stack = xrealloc(s->stack, s->cap * 2 * sizeof *s->stack);
                s->order = xrealloc(s->order, s->cap * sizeof *s->order);
                s->seen = xrealloc(s->seen, s->cap);
            }
            if (m->insts[k].result < m->bound)
                s->blk_of[m->insts[k].result] = (uint32_t)nb;
            s->start[nb++] = k;
        }
    if (nb) {
        s->start[nb] = fe;
        memset(s->seen, 0, nb);
    }
    return nb;
}

/* iterative DFS from block 0: the blocks in post-order into s->order;
   their number (s->seen marks them) */
static size_t post_order(const Module *m, Order *s, size_t nb)
{
    size_t sp = 0, no = 0;
    if (nb) {
        s->stack[sp++] = 0;
        s->seen[0] = 1;
    }
    while (sp) {
        size_t bb = s->stack[sp - 1], term = s->start[bb + 1] - 1, pushed = 0;
        const Inst *t = &m->insts[term];
        unsigned j;
        for (j = 0; j < t->nopnds && !pushed; j++) {
            const Opnd *op = &m->opnds[t->opnd0 + j];
            uint32_t id = m->words[op->off];
            size_t s2;
            if (op->kind != OPND_ID || id >= m->bound)
                continue;
            s2 = s->blk_of[id];
            if (s2 < nb && m->insts[s->start[s2]].result == id && !s->seen[s2]) {
                s->seen[s2] = 1;
                s->stack[sp++] = s2;
                pushed = 1;
            }
        }
        if (!pushed) {
            s->order[no++] = bb;
            sp--;
        }
    }
    return no;
}

/* the function starting at instruction f0 onto out, its blocks reordered;
   the index of its OpFunctionEnd */
static size_t reorder_function(const Module *m, Order *s, uint32_t *out, size_t *o, size_t f0)
{
    size_t fe, first_label, nb, no, b;

    for (fe = f0; fe < m->ninsts && m->insts[fe].op != SpvOpFunctionEnd; fe++)
        ;
    for (first_label = f0; first_label < fe && m->insts[first_label].op != SpvOpLabel;
         first_label++)
        ;
    copy_insts(m, out, o, f0, first_label);
    nb = find_blocks(m, s, first_label, fe);
    no = post_order(m, s, nb);
    for (b = no; b-- > 0;)
        copy_insts(m, out, o, s->start[s->order[b]], s->start[s->order[b] + 1]);
    for (b = 0; b < nb; b++)
        if (!s->seen[b])
            copy_insts(m, out, o, s->start[b], s->start[b + 1]);
    return fe;
}

/* Rewrite each function's blocks in reverse post-order of its CFG (entry
   first, every block after its dominators; unreachable blocks last, in
   their original order). Uses the parsed instructions; the caller
   re-parses. */
static void reorder_blocks(Module *m)
{
    uint32_t *out = xmalloc(m->nwords * 4);
    size_t o = 0, i;
    Order s;

    memset(&s, 0, sizeof s);
    s.blk_of = xcalloc(m->bound ? m->bound : 1, 4);
    for (i = 0; i < m->ninsts;) {
        const Inst *in = &m->insts[i];
        if (in->op != SpvOpFunction) {
            memcpy(out + o, m->words + in->word, in->nwords * 4u);
            o += in->nwords;
            i++;
            continue;
        }
        i = reorder_function(m, &s, out, &o, i);
    }
    if (o == m->nwords - 5) {
        memcpy(m->words + 5, out, o * 4);
    }
    free(out);
    free(s.blk_of);
    free(s.start);
    free(s.stack);
    free(s.order);
    free(s.seen);
}

/* the word offset of the first instruction at or after word w whose opcode
   is op, 0 when there is none (a walk over the words of a module not parsed
   yet; a malformed stream stops it, and the parser reports that) */
static size_t find_op(const Module *m, size_t w, uint32_t op)
{
    while (w < m->nwords) {
        uint32_t len = m->words[w] >> 16;
        if (len == 0 || w + len > m->nwords)
            return 0;
        if ((m->words[w] & 0xffff) == op)
            return w;
        w += len;
    }
    return 0;
}

/* whether the module has an OpBitReverse */
static int has_bit_reverse(const Module *m)
{
    return find_op(m, 5, SpvOpBitReverse) != 0;
}

/* Shaders are valid SPIR-V but not ours: say so plainly, before the
   validator's OpenCL environment rejects them in its own words. */
static int not_opencl(Module *m)
{
    size_t w = 5;
    int bad = 0;

    /* a walk over the words (the module is not parsed yet); a malformed
       stream stops it, and the parser reports that */
    while (w < m->nwords) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff;
        const uint32_t *iw = m->words + w;
        if (len == 0 || w + len > m->nwords || op == SpvOpFunction)
            break;
        if (op == SpvOpCapability && len >= 2 && iw[1] == SpvCapabilityShader &&
            has_bit_reverse(m)) {
            /* an OpenCL module llvm-spirv-15 made of clang -O2 output */
            diag_error(m, (uint32_t)w, "unsupported: the Shader capability in an OpenCL module "
                       "(llvm-spirv-15 declares it for OpBitReverse, which it makes of clang's "
                       "llvm.bitreverse at -O1 and above; 'spv2c KERNEL.cl' rewrites those, or "
                       "compile with -O0)");
            bad = 1;
        } else if ((op == SpvOpCapability && len >= 2 && iw[1] == SpvCapabilityShader) ||
            (op == SpvOpMemoryModel && len >= 3 && iw[2] != SpvMemoryModelOpenCL) ||
            (op == SpvOpEntryPoint && len >= 2 && iw[1] != SpvExecutionModelKernel)) {
            diag_error(m, (uint32_t)w, "unsupported: %s; spv2c translates OpenCL kernels (Kernel "
                       "capability, OpenCL memory model, Kernel entry points), not shaders",
                       op == SpvOpCapability ? "the Shader capability"
                       : op == SpvOpMemoryModel ? "a non-OpenCL memory model"
                       : "a non-Kernel entry point");
            bad = 1;
        }
        w += len;
    }
    return bad ? -1 : 0;
}

/* Whether function instructions [f0, fe) only read through the pointer g
   and what is derived from it (casts, access chains): loads, and the source
   of a memory copy. Anything else (a store, a call, a phi) is "no". */
static int read_only_in(const Module *m, size_t f0, size_t fe, uint32_t g, char *derived)
{
    size_t i;
    unsigned k;
    int grew = 1, ok = 1;

    derived[g] = 1;
    while (grew && ok) {
        grew = 0;
        for (i = f0; i < fe && ok; i++) {
            const Inst *in = &m->insts[i];
            for (k = 0; k < in->nopnds && ok; k++) {
                const Opnd *op = &m->opnds[in->opnd0 + k];
                uint32_t id = m->words[op->off];
                if (op->kind != OPND_ID || id >= m->bound || !derived[id])
                    continue;
                switch (in->op) {
                case SpvOpBitcast: case SpvOpAccessChain: case SpvOpInBoundsAccessChain:
                case SpvOpPtrAccessChain: case SpvOpInBoundsPtrAccessChain:
                case SpvOpPtrCastToGeneric: case SpvOpGenericCastToPtr: case SpvOpCopyObject:
                    if (k != 0)
                        ok = 0;
                    else if (in->result < m->bound && !derived[in->result])
                        derived[in->result] = grew = 1;
                    break;
                case SpvOpLoad:
                    ok = k == 0;
                    break;
                case SpvOpCopyMemory: case SpvOpCopyMemorySized:
                    ok = k == 1 || (in->op == SpvOpCopyMemorySized && k == 2);
                    break;
                case SpvOpLifetimeStart: case SpvOpLifetimeStop:
                    break;
                default:
                    ok = 0;
                }
            }
        }
    }
    return ok;
}

/* Copy the function starting at instruction f to out: each localised
   variable it uses (var[id] != 0) is declared at the front of its first
   block, with the variable's own id in the first function that uses it
   (local[id] == 0 so far) and a new id (from *bound) in the others, which
   are renamed in this function. Returns the index after OpFunctionEnd. */
static size_t copy_function(const Module *m, size_t f, const uint32_t *var, uint32_t *local,
                            uint32_t *bound, uint32_t *out, size_t *o)
{
    size_t fe, j, k;
    uint32_t g, *use = xcalloc(m->bound, 4);
    int labelled = 0;

    for (fe = f; fe < m->ninsts && m->insts[fe].op != SpvOpFunctionEnd; fe++)
        for (k = 0; k < m->insts[fe].nopnds; k++) {
            const Opnd *op = &m->opnds[m->insts[fe].opnd0 + k];
            uint32_t id = m->words[op->off];
            if (op->kind == OPND_ID && id < m->bound && var[id] && !use[id]) {
                use[id] = local[id] ? (*bound)++ : id;
                local[id] = 1;
            }
        }
    for (j = f; j <= fe && j < m->ninsts; j++) {
        const Inst *b = &m->insts[j];
        memcpy(out + *o, m->words + b->word, b->nwords * 4u);
        for (k = 0; k < b->nopnds; k++) {
            const Opnd *op = &m->opnds[b->opnd0 + k];
            uint32_t id = m->words[op->off];
            if (op->kind == OPND_ID && id < m->bound && use[id])
                out[*o + (op->off - b->word)] = use[id];
        }
        *o += b->nwords;
        if (b->op != SpvOpLabel || labelled)
            continue;
        labelled = 1;
        for (g = 1; g < m->bound; g++)
            if (use[g]) {
                const Inst *v = &m->insts[var[g] - 1];
                memcpy(out + *o, m->words + v->word, v->nwords * 4u);
                out[*o + 2] = use[g];
                *o += v->nwords;
            }
    }
    free(use);
    return j;
}

/* llvm-spirv 15 turns a private-address-space LLVM global (clang makes one
   for a struct initialiser with an array member, the memcpy source) into a
   module-scope OpVariable of Function storage, which SPIR-V forbids. When
   every use of such a variable only reads it, each function that uses it
   gets its own Function variable with the same initialiser (the first keeps
   the id, the others get new ones); it leaves the entry points' interface
   lists. A copy that is never written holds the initialiser for its whole
   life, as the global did, so every read sees the same value. Needs the
   parsed module; the caller re-parses. Returns 1 when it changed words. */
/* var[id] = the instruction index + 1 of each module-scope Function
   variable that is only read (read_only_in) and used at module scope only
   by names, decorations and interface lists; 0 for every other id. Returns
   the words of those variables' instructions. */
static size_t localisable(const Module *m, uint32_t *var)
{
    uint32_t bound = m->bound;
    char *derived = xcalloc(bound, 1), *bad = xcalloc(bound, 1);
    size_t i, k, g, extra = 0;

    for (i = 0; i < m->ninsts && m->insts[i].op != SpvOpFunction; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpVariable && in->nopnds >= 1 && in->result < bound &&
            m->words[m->opnds[in->opnd0].off] == SpvStorageClassFunction)
            var[in->result] = (uint32_t)i + 1;
    }
    for (i = 0; i < m->ninsts && m->insts[i].op != SpvOpFunction; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpEntryPoint || in->op == SpvOpName || in->op == SpvOpDecorate)
            continue;
        for (k = 0; k < in->nopnds; k++) {
            uint32_t id = m->words[m->opnds[in->opnd0 + k].off];
            if (m->opnds[in->opnd0 + k].kind == OPND_ID && id < bound && var[id])
                bad[id] = 1;
        }
    }
    for (i = 0; i < m->ninsts; i++)
        if (m->insts[i].op == SpvOpFunction) {
            for (k = i; k < m->ninsts && m->insts[k].op != SpvOpFunctionEnd; k++)
                ;
            for (g = 1; g < bound; g++)
                if (var[g] && !bad[g]) {
                    memset(derived, 0, bound);
                    if (!read_only_in(m, i, k, (uint32_t)g, derived))
                        bad[g] = 1;
                }
            i = k;
        }
    for (g = 1; g < bound; g++) {
        if (var[g] && bad[g])
            var[g] = 0;   /* left as it is: the validator reports it */
        if (var[g])
            extra += m->insts[var[g] - 1].nwords;
    }
    free(derived);
    free(bad);
    return extra;
}

/* Copy an OpEntryPoint without the localised variables in its interface */
static void copy_entry_point(const Module *m, const Inst *in, const uint32_t *var,
                             uint32_t *out, size_t *o)
{
    const uint32_t *w = m->words + in->word;
    size_t at = *o, n = 0, k;
    unsigned j;

    for (k = 0; k < in->nwords; k++) {
        int iface = 0;
        for (j = 3; j < in->nopnds; j++)
            if (m->opnds[in->opnd0 + j].off == in->word + k)
                iface = 1;
        if (iface && w[k] < m->bound && var[w[k]])
            continue;
        out[(*o)++] = w[k];
        n++;
    }
    out[at] = (uint32_t)(n << 16) | in->op;
}

static int localise_function_globals(Module *m)
{
    uint32_t *var = xcalloc(m->bound, 4), *local = xcalloc(m->bound, 4), *out;
    uint32_t owned_bound = m->words[3];
    size_t i, o = 5, extra = localisable(m, var), nfunc = 1;

    if (!extra) {
        free(var);
        free(local);
        return 0;
    }
    for (i = 0; i < m->ninsts; i++)
        nfunc += m->insts[i].op == SpvOpFunction;
    out = xmalloc((m->nwords + extra * nfunc) * 4);
    memcpy(out, m->words, 20);
    for (i = 0; i < m->ninsts; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpVariable && in->result < m->bound && var[in->result] == i + 1)
            continue;
        if (in->op == SpvOpEntryPoint)
            copy_entry_point(m, in, var, out, &o);
        else if (in->op == SpvOpFunction)
            i = copy_function(m, i, var, local, &owned_bound, out, &o) - 1;
        else {
            memcpy(out + o, m->words + in->word, in->nwords * 4u);
            o += in->nwords;
        }
    }
    free(var);
    free(local);
    free(m->words);
    m->words = out;
    m->nwords = o;
    m->words[3] = owned_bound;
    return 1;
}

/* Whether an OpExtInstImport names a debug-info set whose line operands
   are literals: "OpenCL.DebugInfo.100", "SPIRV.debug" */
static int literal_debug_set(const uint32_t *iw, uint32_t len)
{
    char *name = literal_string(iw + 2, len - 2);
    int r = !strncmp(name, "OpenCL.DebugInfo.", 17) || !strncmp(name, "SPIRV.debug", 11);

    free(name);
    return r;
}

/* Whether an OpExtInstImport's name (from word 2 on) is a debug-info or
   non-semantic set: "OpenCL.DebugInfo.100", "SPIRV.debug" (llvm-spirv's
   older form), any "NonSemantic.*". */
static int debug_set(const uint32_t *iw, uint32_t len)
{
    static const char *const names[] = { "OpenCL.DebugInfo.", "SPIRV.debug", "NonSemantic." };
    char *name = literal_string(iw + 2, len - 2);
    size_t k;
    int r = 0;

    for (k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strncmp(name, names[k], strlen(names[k])))
            r = 1;
    free(name);
    return r;
}

/* the file (an OpString id) of DebugSource id src among the debug-info
   instructions before word end, or 0 */
static uint32_t debug_source_file(const Module *m, uint32_t set, uint32_t src, size_t end)
{
    size_t w;

    for (w = 5; w < end; w += m->words[w] >> 16) {
        const uint32_t *iw = m->words + w;
        if ((iw[0] & 0xffff) == SpvOpExtInst && (iw[0] >> 16) >= 6 && iw[2] == src &&
            iw[3] == set && iw[4] == OpenCLDebugInfo100DebugSource)
            return iw[5];
    }
    return 0;
}

/* Record each DebugFunction's line (OpenCL.DebugInfo.100 and llvm-spirv's
   older SPIRV.debug, whose operands are literals) in Module.fn_lines */
static void record_fn_lines(Module *m, const uint32_t *sets, size_t nsets)
{
    size_t w, k, cap = 0;

    for (w = 5; w < m->nwords && (m->words[w] >> 16); w += m->words[w] >> 16) {
        const uint32_t *iw = m->words + w;
        if ((iw[0] & 0xffff) != SpvOpExtInst || (iw[0] >> 16) < 15 ||
            iw[4] != OpenCLDebugInfo100DebugFunction)
            continue;
        for (k = 0; k < nsets && sets[k] != iw[3]; k++)
            ;
        if (k == nsets)
            continue;
        if (m->fn_lines.n == cap) {
            cap = cap ? 2 * cap : 8;
            m->fn_lines.fn = xrealloc(m->fn_lines.fn, cap * 4);
            m->fn_lines.file = xrealloc(m->fn_lines.file, cap * 4);
            m->fn_lines.line = xrealloc(m->fn_lines.line, cap * 4);
            m->fn_lines.col = xrealloc(m->fn_lines.col, cap * 4);
        }
        m->fn_lines.fn[m->fn_lines.n] = iw[14];
        m->fn_lines.file[m->fn_lines.n] = debug_source_file(m, iw[3], iw[7], w);
        m->fn_lines.line[m->fn_lines.n] = iw[8];
        m->fn_lines.col[m->fn_lines.n++] = iw[9];
    }
}

/* Drop the debug-info extended instructions (clang -g makes
   OpenCL.DebugInfo.100, which the validator of SPIRV-Tools 2023.1 refuses
   for llvm-spirv 15's type operands): the import and every OpExtInst of
   it. They describe the source and have no effect on what the module
   computes; their results are void and used only by other debug-info
   instructions (if anything else used one, the validator reports the
   undefined id). OpLine, OpString, OpName and OpSource stay. */
static void strip_debug_info(Module *m)
{
    uint32_t sets[8], lit[8];
    size_t nsets = 0, nlit = 0, w = 5, o = 5, k;

    while (w < m->nwords) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff;
        if (len == 0 || w + len > m->nwords || op == SpvOpFunction)
            break;
        if (op == SpvOpExtInstImport && len >= 3 && nsets < 8 && debug_set(m->words + w, len))
            sets[nsets++] = m->words[w + 1];
        if (op == SpvOpExtInstImport && len >= 3 && nlit < 8 && literal_debug_set(m->words + w, len))
            lit[nlit++] = m->words[w + 1];
        w += len;
    }
    if (!nsets)
        return;
    record_fn_lines(m, lit, nlit);
    for (w = 5; w < m->nwords;) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff, drop = 0;
        if (len == 0 || w + len > m->nwords) {
            /* malformed: keep the rest as it is, for the parser to report */
            memmove(m->words + o, m->words + w, (m->nwords - w) * 4);
            o += m->nwords - w;
            break;
        }
        for (k = 0; k < nsets; k++)
            if ((op == SpvOpExtInstImport && len >= 2 && m->words[w + 1] == sets[k]) ||
                (op == SpvOpExtInst && len >= 5 && m->words[w + 3] == sets[k]))
                drop = 1;
        if (!drop) {
            memmove(m->words + o, m->words + w, len * 4);
            o += len;
        }
        w += len;
    }
    m->nwords = o;
}

/* OpAtomicCompareExchangeWeak left SPIR-V in 1.4, and llvm-spirv 15 still
   emits it in 1.4 modules; the strong form has the same operands and
   meaning (weak may only fail spuriously) */
static void weak_to_strong(Module *m)
{
    size_t w = 5;

    while ((w = find_op(m, w, SpvOpAtomicCompareExchangeWeak)) != 0) {
        uint32_t len = m->words[w] >> 16;
        m->words[w] = (len << 16) | SpvOpAtomicCompareExchange;
        w += len;
    }
}

/* whether the first n words of OpPhi phi name parent block p (*same: with
   value v) */
static int phi_has(const uint32_t *phi, uint32_t n, uint32_t v, uint32_t p, int *same)
{
    uint32_t k;

    for (k = 3; k + 1 < n; k += 2)
        if (phi[k + 1] == p) {
            *same = phi[k] == v;
            return 1;
        }
    return 0;
}

/* LLVM gives a phi one entry per CFG edge, so a switch with several cases
   to one block names its block there several times, with one value; llvm-
   spirv 15 copies them all, and SPIR-V wants one entry per parent. Keep the
   first of each (a parent named with different values stays, for the
   validator to report). The module shrinks in place. */
static void dedupe_phis(Module *m)
{
    size_t w = 5, o = 5;

    while (w < m->nwords) {
        uint32_t len = m->words[w] >> 16, k, n = 3;
        if (len == 0 || w + len > m->nwords)
            break;
        if ((m->words[w] & 0xffff) != SpvOpPhi || len < 3 || (len - 3) % 2) {
            memmove(m->words + o, m->words + w, len * 4u);
            o += len;
            w += len;
            continue;
        }
        memmove(m->words + o, m->words + w, 3 * 4u);
        for (k = 3; k < len; k += 2) {
            uint32_t v = m->words[w + k], p = m->words[w + k + 1];
            int same = 0;
            if (phi_has(m->words + o, n, v, p, &same) && same)
                continue;
            m->words[o + n] = v;
            m->words[o + n + 1] = p;
            n += 2;
        }
        m->words[o] = (n << 16) | SpvOpPhi;
        o += n;
        w += len;
    }
    memmove(m->words + o, m->words + w, (m->nwords - w) * 4u);
    m->nwords = o + (m->nwords - w);
}

/* From SPIR-V 1.4 an entry point lists every global variable it uses;
   llvm-spirv 15 leaves some out. List every module-scope variable that is
   missing (a superset is allowed), for any number of variables and entry
   points. */
static void fix_interfaces(Module *m)
{
    uint32_t *globals, *out, bound = m->words[3];
    size_t ng = 0, nep = 0, w = 5, o = 5, k;
    char *listed;

    if (((m->words[1] >> 8) & 0xff) < 4)
        return;
    globals = xmalloc(m->nwords * 4);
    while (w < m->nwords) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff;
        if (len == 0 || w + len > m->nwords || op == SpvOpFunction)
            break;
        if (op == SpvOpVariable && len >= 4 && m->words[w + 3] != SpvStorageClassFunction &&
            m->words[w + 2] < bound)
            globals[ng++] = m->words[w + 2];
        if (op == SpvOpEntryPoint)
            nep++;
        w += len;
    }
    out = xmalloc((m->nwords + ng * nep) * 4);
    listed = xcalloc(bound, 1);
    memcpy(out, m->words, 20);
    for (w = 5; w < m->nwords;) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff, add = 0;
        if (len == 0 || w + len > m->nwords)
            break;
        memcpy(out + o, m->words + w, len * 4);
        if (op == SpvOpEntryPoint && len >= 4) {
            size_t first = 3, j;   /* the name: up to the word holding its NUL */
            while (first < len && (m->words[w + first] >> 24) != 0 &&
                   (m->words[w + first] & 0xff) && (m->words[w + first] & 0xff00) &&
                   (m->words[w + first] & 0xff0000))
                first++;
            first++;
            for (j = first; j < len; j++)
                if (m->words[w + j] < bound)
                    listed[m->words[w + j]] = 1;
            for (k = 0; k < ng; k++)
                if (!listed[globals[k]])
                    out[o + len + add++] = globals[k];
            for (j = first; j < len; j++)
                if (m->words[w + j] < bound)
                    listed[m->words[w + j]] = 0;
            out[o] = ((len + add) << 16) | op;
        }
        o += len + add;
        w += len;
    }
    if (w == m->nwords) {
        free(m->words);
        m->words = out;
        m->nwords = o;
    } else {
        free(out);
    }
    free(listed);
    free(globals);
}

/* The source line of each instruction, from the OpLine/OpNoLine that
   llvm-spirv writes for clang -g: kept in Module.lines for diagnostics and
   #line, out of the instruction stream, so the back end never meets them
   (an OpLine may stand between a block's label and its OpPhi, or between a
   merge and its branch). */
static void lines_free(Module *m)
{
    free(m->lines.word);
    free(m->lines.file);
    free(m->lines.line);
    free(m->lines.col);
    memset(&m->lines, 0, sizeof m->lines);
}

/* Remove OpLine and OpNoLine, recording the line in force for every
   instruction that has one (an OpLine holds until OpNoLine or its block's
   end). The module is re-parsed when anything moved. */
static int strip_lines(Module *m)
{
    size_t w = 5, o = 5, nl = 0;
    uint32_t at = 0, af = 0, al = 0, ac = 0;
    int any = 0;

    lines_free(m);
    for (w = 5; w < m->nwords; w += m->words[w] >> 16)
        if ((m->words[w] & 0xffff) == SpvOpLine || (m->words[w] & 0xffff) == SpvOpNoLine)
            any = 1;
        else if (!(m->words[w] >> 16))
            return -1;
    if (!any)
        return 0;
    m->lines.word = xmalloc(m->ninsts * 4 + 4);
    m->lines.file = xmalloc(m->ninsts * 4 + 4);
    m->lines.line = xmalloc(m->ninsts * 4 + 4);
    m->lines.col = xmalloc(m->ninsts * 4 + 4);
    for (w = 5; w < m->nwords;) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff;
        if (op == SpvOpLine && len == 4) {
            at = 1;
            af = m->words[w + 1];
            al = m->words[w + 2];
            ac = m->words[w + 3];
        } else if (op == SpvOpNoLine || op == SpvOpLine) {
            at = 0;
        } else {
            if (at && nl < m->ninsts) {
                m->lines.word[nl] = (uint32_t)o;
                m->lines.file[nl] = af;
                m->lines.line[nl] = al;
                m->lines.col[nl++] = ac;
            }
            if (op == SpvOpFunctionEnd || op == SpvOpBranch || op == SpvOpBranchConditional ||
                op == SpvOpSwitch || op == SpvOpReturn || op == SpvOpReturnValue ||
                op == SpvOpUnreachable)
                at = 0;
            memmove(m->words + o, m->words + w, len * 4);
            o += len;
        }
        w += len;
    }
    m->lines.n = nl;
    m->nwords = o;
    m->ninsts = m->nopnds = 0;
    m->parse_next = 0;
    return parse(m);
}

/* the literal of OpString id, or NULL; caller frees */
char *read_string(const Module *m, uint32_t id)
{
    const Inst *in;

    if (id >= m->bound || m->ids[id].inst < 0)
        return NULL;
    in = &m->insts[m->ids[id].inst];
    if (in->op != SpvOpString || in->nopnds < 1)
        return NULL;
    return literal_string(m->words + in->word + 2, (size_t)(m->words[in->word] >> 16) - 2);
}

/* whether an OpDecorate of the parsed module targets an id that nothing
   defines: llvm-spirv 15 leaves that when clang's optimiser laid out a
   block before the block defining a value it uses (the definition takes
   the forward reference's id, its decorations a new one) */
static int has_orphan_decoration(const Module *m)
{
    char *defined = xcalloc(m->bound ? m->bound : 1, 1);
    size_t i;
    int found = 0;

    for (i = 0; i < m->ninsts; i++)
        if (m->insts[i].result < m->bound)
            defined[m->insts[i].result] = 1;
    for (i = 0; i < m->ninsts && !found; i++) {
        const Inst *in = &m->insts[i];
        uint32_t t = in->nwords >= 3 ? m->words[in->word + 1] : 0;
        found = in->op == SpvOpDecorate && t > 0 && t < m->bound && !defined[t];
    }
    free(defined);
    return found;
}

/* llvm-spirv 15 breaks layout rules (variables after other instructions in
   the entry block, blocks before their dominators, a phi naming a parent
   more than once) that do not change a module's meaning: repair them, and
   if the module then validates, go on with it; else report the input's
   first problem (word, msg, which this frees) */
static int repair(Module *m, uint32_t word, char *msg)
{
    uint32_t *orig = xmalloc(m->nwords * 4), word2;
    size_t n = m->nwords;
    char *msg2 = NULL;
    int r;

    memcpy(orig, m->words, n * 4);
    localise_function_globals(m);
    hoist_variables(m);
    weak_to_strong(m);
    fix_interfaces(m);
    dedupe_phis(m);
    m->ninsts = m->nopnds = 0;
    m->parse_next = 0;
    if (!parse(m))
        reorder_blocks(m);
    m->ninsts = m->nopnds = 0;
    m->parse_next = 0;
    /* the OpenCL environments also check what a device profile must
       support (e.g. Int64Atomics); the module's meaning only needs the
       universal rules of its version */
    r = parse(m) ? -3 : validate(m, &word2, &msg2);
    if (r == -1) {
        free(msg2);
        msg2 = NULL;
        r = validate_env(m, universal_env(m), &word2, &msg2);
    }
    if (r == -2) {
        free(orig);
        free(msg);
        return validator_crashed(m, msg2);
    }
    free(msg2);
    if (r) {
        int orphan = r != -3 && has_orphan_decoration(m);
        free(m->words);
        m->words = orig;   /* report against the input itself */
        m->nwords = n;
        diag_error(m, word, "invalid SPIR-V: %s%s", msg, orphan ?
                   " (llvm-spirv-15 decorated an id that nothing defines, as it does when "
                   "clang's optimiser lays out a block before the one defining a value it "
                   "uses; compile with -O0)" : "");
        free(msg);
        return -1;
    }
    free(orig);
    free(msg);
    return 0;
}

int read_module(Module *m, const char *file, const Options *o)
{
    char *data, *msg = NULL;
    size_t len;
    uint32_t word = 0;
    int r;

    (void)o;
    memset(m, 0, sizeof *m);
    m->file = file;
    if (slurp(file, &data, &len)) {
        diag_plain("cannot read the input: %s", strerror(errno));
        return -1;
    }
    if (looks_like_text(file, (unsigned char *)data, len))
        r = assemble(m, data, len);
    else
        r = load_words(m, data, len);
    free(data);
    if (r || check_header(m))
        return -1;
    if (not_opencl(m))
        return -1;
    strip_debug_info(m);
    /* a valid module is parsed after validation, so the validator's peak
       memory and the IR never coexist */
    r = validate(m, &word, &msg);
    if (r == 0)
        return parse(m) || strip_lines(m);
    if (r == -2)
        return validator_crashed(m, msg);
    /* invalid as it stands: parse first, so a malformed stream gets the
       parser's exact offset */
    if (parse(m)) {
        free(msg);
        return -1;
    }
    if (m->bound > 0x3fffff) {
        /* over the universal id limit: nothing to repair */
        diag_error(m, word, "invalid SPIR-V: %s", msg);
        free(msg);
        return -1;
    }
    return repair(m, word, msg) || strip_lines(m);
}

void module_free(Module *m)
{
    size_t i;

    lines_free(m);
    free(m->fn_lines.fn);
    free(m->fn_lines.file);
    free(m->fn_lines.line);
    free(m->fn_lines.col);
    for (i = 0; m->ids && i < m->bound; i++) {   /* what the analysis gave ids */
        Type *t = m->ids[i].type;
        free(m->ids[i].cname);
        if (t) {
            free(t->c);
            free(t->members);
            free(t->offsets);
            free(t);
        }
    }
    for (i = 0; m->funcs && i < m->nfuncs; i++)
        free(m->funcs[i].params);
    free(m->words);
    free(m->insts);
    free(m->opnds);
    free(m->ids);
    for (i = 0; m->kernels && i < m->nkernels; i++)
        free(m->kernels[i].stem);
    free(m->kernels);
    free(m->funcs);
}

const char *read_tools_version(void)
{
    return spvSoftwareVersionString();
}

const char *read_opname(unsigned op)
{
    return spvOpcodeString(op);
}

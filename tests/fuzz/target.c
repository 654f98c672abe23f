/*
 * The fuzz target: spv2c's whole pipeline (read, validate, analyse, lower,
 * emit) on one input, as the command line runs it, plus a structure-aware
 * mutator that keeps modules valid SPIR-V as often as it can (the defects
 * live behind validation: bit flips rarely get past it).
 *
 * Built three ways (scripts/fuzz, tests/fuzz/meson.build):
 * - with clang -fsanitize=fuzzer,address,undefined: a libFuzzer binary
 *   (LLVMFuzzerTestOneInput, LLVMFuzzerCustomMutator);
 * - with -DFUZZ_STANDALONE and any compiler's sanitizers: a replay and
 *   fixed-seed driver, `fuzz_replay [-n N] [-seed S] [-keep DIR] FILE...`,
 *   that runs each file, then N mutants of them made with the same mutator
 *   (deterministic for a seed); it is what the suite runs.
 *
 * src/main.c is compiled with -Dmain=spv2c_main; the input is written to a
 * temporary file and the C goes to stdout, which is /dev/null here (never
 * `-o /dev/null`: spv2c removes its output file on failure).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* libspirv.h defines this constant (with external linkage, in C): read.c has it */
#define kDefaultMaxIdBound fuzz_kDefaultMaxIdBound_
#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>

int spv2c_main(int argc, char **argv);
extern int read_validate_in_child;   /* src/read.c */

static char in_path[64];
static unsigned long n_runs, n_accepted;

static void report(void)
{
    fprintf(stderr, "fuzz target: %lu inputs, %lu translated (exit 0)\n", n_runs, n_accepted);
}

#ifndef FUZZ_STANDALONE
void __sanitizer_set_death_callback(void (*cb)(void));

/* a forked validator child (src/read.c) that crashes must not make
   libFuzzer save the input as a crash of the parent */
static void in_child(void)
{
    __sanitizer_set_death_callback(NULL);
}
#endif

static void setup(void)
{
    int fd;

    if (in_path[0])
        return;
    snprintf(in_path, sizeof in_path, "/tmp/spv2c-fuzz-XXXXXX");
    fd = mkstemp(in_path);
    if (fd < 0 || !freopen("/dev/null", "w", stdout)) {
        perror("fuzz target setup");
        exit(2);
    }
    close(fd);
#ifndef FUZZ_STANDALONE
    pthread_atfork(NULL, NULL, in_child);
    /* forking a sanitized process for every validation cost most of a
       campaign's time (system time): libFuzzer validates in process, and
       its -fork mode gets past SPIRV-Tools' own crashes; the replay
       driver keeps the child, as spv2c runs */
    if (!getenv("SPV2C_FUZZ_VALIDATE_IN_CHILD"))
        read_validate_in_child = 0;
#endif
    atexit(report);
}

/* spv2c_main with its stack frame moved by `shift` bytes: kernel.c caches
   the builtins of "the module at this address" (builtin_cache_m), and is
   only asked when a module is translated, so a translated module must not
   meet the address of the last translated one: the frame moves with the
   run count, over 4096 places (issue 16: to go when the cache moves into
   the module) */
static int run_main(int argc, char **argv, size_t shift)
{
    volatile char pad[1 + shift];   /* a C99 variable-length array */
    pad[shift] = 0;
    return spv2c_main(argc, argv) + pad[shift];
}

/* Run spv2c on the bytes; returns its exit status. The options follow the
   input's size so one corpus covers --main and --checked too. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *opts[4] = { NULL, "--main", "--checked", "--entry" };
    char *argv[8];
    int argc = 0, r;
    FILE *f;
    const char *opt = opts[(size / 4) % 4];

    setup();
    f = fopen(in_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f))
        abort();
    argv[argc++] = "spv2c";
    if (opt && strcmp(opt, "--entry"))
        argv[argc++] = (char *)opt;
    argv[argc++] = in_path;
    argv[argc++] = "-o";
    argv[argc++] = "-";
    argv[argc] = NULL;
    r = run_main(argc, argv, 64 * (n_runs % 4096));
    if (r != 0 && r != 1) {
        fprintf(stderr, "fuzz target: exit status %d\n", r);
        abort();
    }
    n_runs++;
    n_accepted += r == 0;
    return 0;
}

/* ------------------------------------------------------------ the mutator */

typedef struct MInst {
    uint32_t word, n;      /* offset and length in the input */
    uint32_t *w;           /* replaced words (owned), or NULL */
    uint16_t op;
    uint32_t type, result;
} MInst;

typedef struct Mod {
    const uint32_t *words;
    size_t nwords;
    MInst *in;
    size_t n, cap;
    uint32_t *type_of;     /* id -> its result type (0: none) */
    uint32_t bound;
    /* operands that are ids, as (instruction, word) pairs */
    uint32_t (*idop)[2];
    size_t nidop, capop;
    size_t first_func;     /* index of the first OpFunction */
} Mod;

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)((rng_state >> 33) % n) : 0;
}

static spv_result_t on_inst(void *user, const spv_parsed_instruction_t *pi)
{
    Mod *m = user;
    MInst *i;
    size_t k;

    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 256;
        m->in = realloc(m->in, m->cap * sizeof *m->in);
    }
    i = &m->in[m->n];
    memset(i, 0, sizeof *i);
    i->word = (uint32_t)(pi->words - m->words);
    i->n = pi->num_words;
    i->op = pi->opcode;
    i->type = pi->type_id;
    i->result = pi->result_id;
    if (pi->opcode == SpvOpFunction && !m->first_func)
        m->first_func = m->n;
    if (pi->result_id && pi->result_id < m->bound)
        m->type_of[pi->result_id] = pi->type_id;
    for (k = 0; k < pi->num_operands; k++) {
        const spv_parsed_operand_t *o = &pi->operands[k];
        if (o->type != SPV_OPERAND_TYPE_ID || o->num_words != 1)
            continue;
        if (m->nidop == m->capop) {
            m->capop = m->capop ? 2 * m->capop : 256;
            m->idop = realloc(m->idop, m->capop * sizeof *m->idop);
        }
        m->idop[m->nidop][0] = (uint32_t)m->n;
        m->idop[m->nidop][1] = o->offset;
        m->nidop++;
    }
    m->n++;
    return SPV_SUCCESS;
}

static void mod_free(Mod *m)
{
    size_t i;
    for (i = 0; i < m->n; i++)
        free(m->in[i].w);
    free(m->in);
    free(m->type_of);
    free(m->idop);
}

static int mod_parse(Mod *m, const uint8_t *data, size_t size)
{
    static spv_context ctx;
    spv_diagnostic d = NULL;
    int r;

    memset(m, 0, sizeof *m);
    if (size < 20 || size % 4 || ((const uint32_t *)(const void *)data)[0] != SpvMagicNumber)
        return -1;
    m->words = (const uint32_t *)(const void *)data;
    m->nwords = size / 4;
    m->bound = m->words[3];
    if (m->bound > (1u << 22))
        return -1;
    /* room for the ids mut_new_value adds (4 at most) */
    m->type_of = calloc(m->bound + 8, sizeof *m->type_of);
    if (!ctx)
        ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
    r = spvBinaryParse(ctx, m, m->words, m->nwords, NULL, on_inst, &d);
    spvDiagnosticDestroy(d);
    if (r != SPV_SUCCESS) {
        mod_free(m);
        return -1;
    }
    return 0;
}

static uint32_t *inst_words(Mod *m, size_t i)
{
    MInst *in = &m->in[i];
    if (!in->w) {
        in->w = malloc(in->n * 4);
        memcpy(in->w, m->words + in->word, in->n * 4);
    }
    return in->w;
}

/* an id of the given type other than `not`, or 0 */
static uint32_t id_of_type(const Mod *m, uint32_t type, uint32_t not)
{
    uint32_t tries, id;
    for (tries = 0; tries < 64; tries++) {
        id = 1 + rnd(m->bound - 1);
        if (id != not && m->type_of[id] == type)
            return id;
    }
    return 0;
}

/* one id operand takes another value of the same type */
static int mut_replace_operand(Mod *m)
{
    uint32_t k, *w, old, type, id;
    if (!m->nidop)
        return -1;
    k = rnd((uint32_t)m->nidop);
    w = inst_words(m, m->idop[k][0]);
    old = w[m->idop[k][1]];
    if (old >= m->bound || !(type = m->type_of[old]))
        return -1;
    if (!(id = id_of_type(m, type, old)))
        return -1;
    w[m->idop[k][1]] = id;
    return 0;
}

/* two id operands of one instruction, of the same type, swap */
static int mut_swap_operands(Mod *m)
{
    uint32_t k, j, *w, a, b;
    if (!m->nidop)
        return -1;
    k = rnd((uint32_t)m->nidop);
    for (j = k + 1; j < m->nidop && m->idop[j][0] == m->idop[k][0]; j++) {
        w = inst_words(m, m->idop[k][0]);
        a = w[m->idop[k][1]];
        b = w[m->idop[j][1]];
        if (a != b && a < m->bound && b < m->bound && m->type_of[a] &&
            m->type_of[a] == m->type_of[b]) {
            w[m->idop[k][1]] = b;
            w[m->idop[j][1]] = a;
            return 0;
        }
    }
    return -1;
}

/* families of opcodes with the same operands: one becomes another */
static const uint16_t families[][12] = {
    { SpvOpIAdd, SpvOpISub, SpvOpIMul, SpvOpUDiv, SpvOpSDiv, SpvOpUMod, SpvOpSRem, SpvOpSMod,
      SpvOpBitwiseAnd, SpvOpBitwiseOr, SpvOpBitwiseXor, 0 },
    { SpvOpShiftLeftLogical, SpvOpShiftRightLogical, SpvOpShiftRightArithmetic, 0 },
    { SpvOpFAdd, SpvOpFSub, SpvOpFMul, SpvOpFDiv, SpvOpFRem, SpvOpFMod, 0 },
    { SpvOpIEqual, SpvOpINotEqual, SpvOpUGreaterThan, SpvOpSGreaterThan, SpvOpULessThan,
      SpvOpSLessThan, SpvOpUGreaterThanEqual, SpvOpSGreaterThanEqual, SpvOpULessThanEqual,
      SpvOpSLessThanEqual, 0 },
    { SpvOpFOrdEqual, SpvOpFUnordEqual, SpvOpFOrdNotEqual, SpvOpFUnordNotEqual,
      SpvOpFOrdLessThan, SpvOpFUnordLessThan, SpvOpFOrdGreaterThan, SpvOpFUnordGreaterThan,
      SpvOpFOrdLessThanEqual, SpvOpFUnordGreaterThanEqual, 0 },
    { SpvOpLogicalAnd, SpvOpLogicalOr, SpvOpLogicalEqual, SpvOpLogicalNotEqual, 0 },
    { SpvOpSNegate, SpvOpNot, 0 },
    { SpvOpConvertFToU, SpvOpConvertFToS, 0 },
    { SpvOpConvertSToF, SpvOpConvertUToF, 0 },
    { SpvOpUConvert, SpvOpSConvert, 0 },
    { SpvOpIsNan, SpvOpIsInf, SpvOpIsFinite, SpvOpIsNormal, SpvOpSignBitSet, 0 },
    { SpvOpAtomicIAdd, SpvOpAtomicISub, SpvOpAtomicSMin, SpvOpAtomicUMin, SpvOpAtomicSMax,
      SpvOpAtomicUMax, SpvOpAtomicAnd, SpvOpAtomicOr, SpvOpAtomicXor, SpvOpAtomicExchange, 0 },
};

/* OpenCL.std instructions of one shape (all operands of the result type) */
static const uint16_t ext_families[][16] = {
    /* one float operand */
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15, 16, 17, 18, 19 },   /* acos..cospi, exp.. */
    { 20, 21, 23, 24, 25, 26, 30, 37, 38, 39, 40, 43, 46, 47, 49, 55 },
    /* two float operands */
    { 10, 11, 27, 28, 29, 32, 33, 34, 36, 45, 44, 48, 35, 35, 35, 35 },
    /* integer, two operands */
    { 142, 143, 144, 145, 146, 147, 153, 154, 155, 156, 157, 158, 159, 160, 201, 202 },
};

static int mut_opcode(Mod *m)
{
    size_t i = rnd((uint32_t)m->n), f, k, n;
    uint32_t *w;
    for (f = 0; f < sizeof families / sizeof *families; f++)
        for (k = 0; families[f][k]; k++)
            if (families[f][k] == m->in[i].op) {
                for (n = 0; families[f][n]; n++)
                    ;
                w = inst_words(m, i);
                w[0] = (w[0] & 0xffff0000u) | families[f][rnd((uint32_t)n)];
                return 0;
            }
    if (m->in[i].op == SpvOpExtInst && m->in[i].n >= 5) {
        w = inst_words(m, i);
        for (f = 0; f < sizeof ext_families / sizeof *ext_families; f++)
            for (k = 0; k < 16; k++)
                if (ext_families[f][k] == w[4]) {
                    w[4] = ext_families[f][rnd(16)];
                    return 0;
                }
    }
    return -1;
}

/* a constant takes an edge value */
static int mut_constant(Mod *m)
{
    static const uint32_t edge[] = { 0, 1, 2, 3, 0xffffffffu, 0x80000000u, 0x7fffffffu,
        0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u, 0x80000001u, 31, 32, 63, 64,
        0x3f800000u, 0x00800000u, 0x7f7fffffu, 0xffffu, 0x8000u };
    size_t i = rnd((uint32_t)m->n);
    uint32_t *w;
    if ((m->in[i].op != SpvOpConstant && m->in[i].op != SpvOpSpecConstant) || m->in[i].n < 4)
        return -1;
    w = inst_words(m, i);
    w[3 + rnd(m->in[i].n - 3)] = edge[rnd(sizeof edge / sizeof *edge)];
    return 0;
}

/* words to insert: (instruction index before which, words) */
typedef struct Ins {
    size_t before;
    uint32_t w[8];
    uint32_t n;
} Ins;

/* a new OpUndef or OpConstantNull of an operand's type, used by it */
static int mut_new_value(Mod *m, Ins *ins)
{
    uint32_t k, *w, old, type, id;
    if (!m->nidop || !m->first_func || m->bound >= (1u << 22))
        return -1;
    k = rnd((uint32_t)m->nidop);
    w = inst_words(m, m->idop[k][0]);
    old = w[m->idop[k][1]];
    if (old >= m->bound || !(type = m->type_of[old]))
        return -1;
    id = m->bound++;
    w[m->idop[k][1]] = id;
    ins->before = m->first_func;
    ins->w[0] = (3u << 16) | (rnd(2) ? SpvOpUndef : SpvOpConstantNull);
    ins->w[1] = type;
    ins->w[2] = id;
    ins->n = 3;
    return 0;
}

/* a second OpEntryPoint for a kernel (another name; valid from SPIR-V 1.4,
   so the header says 1.4 when it said less) */
static int mut_dup_entry(Mod *m, Ins *ins, uint32_t *version)
{
    size_t i, c = 0, pick;
    uint32_t *w;
    char *name;
    for (i = 0; i < m->n; i++)
        c += m->in[i].op == SpvOpEntryPoint;
    if (!c)
        return -1;
    pick = rnd((uint32_t)c);
    for (i = 0; i < m->n; i++)
        if (m->in[i].op == SpvOpEntryPoint && !pick--)
            break;
    if (m->in[i].n > 8 || m->in[i].n < 4)
        return -1;
    w = inst_words(m, i);
    memcpy(ins->w, w, m->in[i].n * 4);
    ins->n = m->in[i].n;
    ins->before = i + 1;
    name = (char *)&ins->w[3];
    name[0] = name[0] == 'z' ? 'y' : 'z';
    if (*version < 0x00010400u)
        *version = 0x00010400u;
    return 0;
}

/* LLVMFuzzerMutate outside libFuzzer: a byte of the input changes */
#ifdef FUZZ_STANDALONE
static size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max)
{
    (void)max;
    if (size)
        data[rnd((uint32_t)size)] ^= (uint8_t)(1u << rnd(8));
    return size;
}
#else
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max);
#endif

static size_t mod_write(Mod *m, const Ins *ins, size_t nins, uint32_t version, uint8_t *out,
                        size_t max)
{
    size_t i, k, n = 5;
    uint32_t *o = (uint32_t *)(void *)out;
    uint32_t hdr[5];

    memcpy(hdr, m->words, sizeof hdr);
    hdr[1] = version;
    hdr[3] = m->bound;
    for (i = 0; i < m->n; i++)
        n += m->in[i].n;
    for (k = 0; k < nins; k++)
        n += ins[k].n;
    if (n * 4 > max)
        return 0;
    /* out may alias m->words: build in a copy */
    o = malloc(n * 4);
    memcpy(o, hdr, sizeof hdr);
    n = 5;
    for (i = 0; i <= m->n; i++) {
        for (k = 0; k < nins; k++)
            if (ins[k].before == i) {
                memcpy(o + n, ins[k].w, ins[k].n * 4);
                n += ins[k].n;
            }
        if (i == m->n)
            break;
        memcpy(o + n, m->in[i].w ? m->in[i].w : m->words + m->in[i].word, m->in[i].n * 4);
        n += m->in[i].n;
    }
    memcpy(out, o, n * 4);
    free(o);
    return n * 4;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed)
{
    Mod m;
    Ins ins[4];
    size_t nins = 0, k, steps, out;
    uint32_t version;
    int done = 0, tries;

    rng_state = (uint64_t)seed * 0x9e3779b97f4a7c15ull + 1;
    if (rnd(10) == 0 || mod_parse(&m, data, size))
        return LLVMFuzzerMutate(data, size, max);
    version = m.words[1];
    steps = 1 + rnd(3);
    for (k = 0, tries = 0; k < steps && tries < 50; tries++) {
        int r;
        switch (rnd(8)) {
        case 0: case 1: r = mut_replace_operand(&m); break;
        case 2: r = mut_swap_operands(&m); break;
        case 3: case 4: r = mut_opcode(&m); break;
        case 5: r = mut_constant(&m); break;
        case 6: r = nins < 4 ? mut_new_value(&m, &ins[nins]) : -1; nins += r == 0; break;
        default: r = nins < 4 ? mut_dup_entry(&m, &ins[nins], &version) : -1; nins += r == 0;
        }
        if (r == 0) {
            k++;
            done = 1;
        }
    }
    out = done ? mod_write(&m, ins, nins, version, data, max) : 0;
    mod_free(&m);
    return out ? out : LLVMFuzzerMutate(data, size, max);
}

/* ------------------------------------------------------ standalone driver */
#ifdef FUZZ_STANDALONE
static uint8_t *load(const char *path, size_t *size, size_t extra)
{
    FILE *f = fopen(path, "rb");
    uint8_t *p;
    long n;
    if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
        perror(path);
        exit(2);
    }
    p = malloc((size_t)n + extra + 1);
    if (fread(p, 1, (size_t)n, f) != (size_t)n) {
        perror(path);
        exit(2);
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

int main(int argc, char **argv)
{
    unsigned long n = 0, seed = 1, j, kept = 0;
    const char *keep = NULL;
    int i, first;

    for (i = 1; i < argc && argv[i][0] == '-'; i += 2) {
        if (i + 1 >= argc)
            break;
        if (!strcmp(argv[i], "-n"))
            n = strtoul(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "-seed"))
            seed = strtoul(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "-keep"))
            keep = argv[i + 1];
        else
            break;
    }
    first = i;
    if (first >= argc) {
        fprintf(stderr, "usage: fuzz_replay [-n N] [-seed S] [-keep DIR] FILE...\n");
        return 2;
    }
    for (i = first; i < argc; i++) {
        size_t size;
        uint8_t *d = load(argv[i], &size, 0);
        fprintf(stderr, "fuzz_replay: %s\n", argv[i]);
        LLVMFuzzerTestOneInput(d, size);
        free(d);
    }
    for (j = 0; j < n; j++) {
        size_t size, max;
        uint8_t *d;
        const char *path;
        rng_state = seed * 1000003u + j;
        path = argv[first + rnd((uint32_t)(argc - first))];
        d = load(path, &size, 4096);
        max = size + 4096;
        size = LLVMFuzzerCustomMutator(d, size, max, (unsigned)(seed * 7919u + j));
        {
            unsigned long before = n_accepted;
            LLVMFuzzerTestOneInput(d, size);
            if (keep && n_accepted > before) {
                char out[4096];
                FILE *f;
                snprintf(out, sizeof out, "%s/mutant-%lu-%lu.spv", keep, seed, j);
                f = fopen(out, "wb");
                if (f) {
                    fwrite(d, 1, size, f);
                    fclose(f);
                    kept++;
                }
            }
        }
        free(d);
    }
    if (keep)
        fprintf(stderr, "fuzz_replay: kept %lu translated mutants in %s\n", kept, keep);
    unlink(in_path);
    return 0;
}
#endif

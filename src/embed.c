/*
 * embed: turns text files into a C source holding them as an array of
 * { name, text, len }, so templates and runtime parts ship inside the
 * binary. Usage: embed OUT.c SYMBOL [--parts] FILE... (name = the file's
 * basename). Built for the build machine and run by Meson at build time.
 *
 * With --parts the files are runtime parts, and embed also writes the
 * table SYMBOL_sections: each part's own text and each of its sections
 * (offsets into the part's text, marker lines left out) with what it
 * needs, read here once from the lines that declare them:
 *   first line   / * spv2c runtime part: NAME (needs: part, ...) * /
 *   a section    / * spv2c section: NAME (needs: part.section, ...) * /
 * (a section runs to the next section line). A malformed declaration, a
 * part line that does not name its file, or a need naming no part or
 * section fails the build, so spv2c itself never searches the runtime's
 * text for what to put out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PART_LINE "/* spv2c runtime part: "
#define SECTION_LINE "/* spv2c section: "
#define MAXSEC 512

typedef struct Sec {
    char part[64], name[64];
    size_t start, len;
    char needs[256];      /* "a b.c" */
} Sec;

static Sec secs[MAXSEC];
static int nsecs;
static const char *out_path; /* removed on an error */

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    char *s = NULL;
    size_t n = 0, cap = 0, k;
    if (!in) {
        perror(path);
        exit(1);
    }
    do {
        if (n + 4096 + 1 > cap)
            s = realloc(s, cap = 2 * cap + 4096 + 1);
        if (!s)
            exit(1);
        k = fread(s + n, 1, 4096, in);
        n += k;
    } while (k);
    fclose(in);
    s[n] = 0;
    *len = n;
    return s;
}

static void fail(const char *file, const char *what)
{
    fprintf(stderr, "embed: %s: %s\n", file, what);
    remove(out_path);
    exit(1);
}

/* a declaration line at p (after its prefix): "NAME (needs: a, b) * /" */
static void parse_decl(const char *file, const char *p, char *name, char *needs)
{
    size_t n = strcspn(p, " \n");
    const char *q = p + n, *end;
    if (n == 0 || n >= 64 || strncmp(q, " (needs:", 8))
        fail(file, "a part or section line must read 'NAME (needs: ...) */'");
    memcpy(name, p, n);
    name[n] = 0;
    q += 8;
    end = strchr(q, ')');
    if (!end || strncmp(end, ") */\n", 5) || memchr(q, '\n', (size_t)(end - q)))
        fail(file, "a needs list must end with ') */' on its line");
    needs[0] = 0;
    while (q < end) {
        size_t k;
        while (q < end && (*q == ' ' || *q == ','))
            q++;
        k = strcspn(q, " ,)");
        if (k && strlen(needs) + k + 2 < 256) {
            if (needs[0])
                strcat(needs, " ");
            strncat(needs, q, k);
        }
        q += k;
    }
}

static Sec *add(const char *file, const char *part)
{
    if (nsecs == MAXSEC)
        fail(file, "too many sections");
    snprintf(secs[nsecs].part, sizeof secs[nsecs].part, "%s", part);
    return &secs[nsecs++];
}

/* the part's own text and its sections */
static void cut(const char *file, const char *text, size_t len)
{
    char part[64], name[64], needs[256];
    const char *p, *nl;
    Sec *s;
    size_t n = strlen(base_name(file));
    if (n < 3 || n - 2 >= sizeof part || strcmp(base_name(file) + n - 2, ".h"))
        fail(file, "a runtime part is a .h file");
    snprintf(part, sizeof part, "%.*s", (int)(n - 2), base_name(file));
    if (strncmp(text, PART_LINE, strlen(PART_LINE)))
        fail(file, "a runtime part starts with '" PART_LINE "NAME (needs: ...) */'");
    parse_decl(file, text + strlen(PART_LINE), name, needs);
    if (strcmp(name, part))
        fail(file, "the part line names another part");
    s = add(file, part);
    strcpy(s->needs, needs);
    s->start = (size_t)(strchr(text, '\n') + 1 - text);
    for (p = text + s->start; (p = strstr(p, SECTION_LINE)) != NULL; p = nl) {
        if (p != text && p[-1] != '\n')
            fail(file, "a section line starts a line");
        s->len = (size_t)(p - text) - s->start;
        s = add(file, part);
        parse_decl(file, p + strlen(SECTION_LINE), s->name, s->needs);
        nl = strchr(p, '\n') + 1;
        s->start = (size_t)(nl - text);
    }
    s->len = len - s->start;
}

static int known(const char *need)
{
    int i;
    const char *dot = strchr(need, '.');
    size_t n = dot ? (size_t)(dot - need) : strlen(need);
    for (i = 0; i < nsecs; i++)
        if (strlen(secs[i].part) == n && !strncmp(secs[i].part, need, n)
            && !strcmp(secs[i].name, dot ? dot + 1 : ""))
            return 1;
    return 0;
}

static void put_sections(FILE *out, const char *sym)
{
    int i;
    for (i = 0; i < nsecs; i++) {
        char needs[256], *w;
        strcpy(needs, secs[i].needs);
        for (w = strtok(needs, " "); w; w = strtok(NULL, " "))
            if (!known(w)) {
                fprintf(stderr, "embed: %s.h: section '%s' needs '%s', which is no part or "
                                "section\n", secs[i].part, secs[i].name, w);
                remove(out_path);
                exit(1);
            }
    }
    fprintf(out, "const RuntimeSection %s_sections[] = {\n", sym);
    for (i = 0; i < nsecs; i++) {
        char needs[256], *w;
        strcpy(needs, secs[i].needs);
        fprintf(out, "    {\"%s\", \"%s\", %zu, %zu, (const char *const[]){", secs[i].part,
                secs[i].name, secs[i].start, secs[i].len);
        for (w = strtok(needs, " "); w; w = strtok(NULL, " "))
            fprintf(out, "\"%s\", ", w);
        fprintf(out, "NULL}},\n");
    }
    fprintf(out, "};\nconst size_t %s_sections_count = %d;\n", sym, nsecs);
}

int main(int argc, char **argv)
{
    FILE *out;
    int i, first = 3, parts = 0;
    size_t *lens;

    if (argc > 3 && !strcmp(argv[3], "--parts")) {
        parts = 1;
        first = 4;
    }
    if (argc < first) {
        fprintf(stderr, "usage: embed OUT.c SYMBOL [--parts] FILE...\n");
        return 2;
    }
    out_path = argv[1];
    out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    lens = calloc((size_t)argc, sizeof *lens);
    fprintf(out, "/* generated by embed: do not edit */\n#include \"spv2c.h\"\n");
    for (i = first; i < argc; i++) {
        char *text = read_all(argv[i], &lens[i]);
        size_t n;
        fprintf(out, "static const char %s_%d[] = {", argv[2], i - first);
        for (n = 0; n < lens[i]; n++)
            fprintf(out, "%s%d,", n % 24 ? "" : "\n", (unsigned char)text[n]);
        fprintf(out, "0};\n");
        if (parts)
            cut(argv[i], text, lens[i]);
        free(text);
    }
    fprintf(out, "const Embedded %s[] = {\n", argv[2]);
    for (i = first; i < argc; i++)
        fprintf(out, "    {\"%s\", %s_%d, %zu},\n", base_name(argv[i]), argv[2], i - first,
                lens[i]);
    fprintf(out, "};\nconst size_t %s_count = %d;\n", argv[2], argc - first);
    if (parts)
        put_sections(out, argv[2]);
    free(lens);
    return fclose(out) ? 1 : 0;
}

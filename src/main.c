/*
 * spv2c: OpenCL kernels in (SPIR-V, its assembly text or OpenCL C), one
 * self-contained C99 file out.
 *
 * The command is a thin client of libspv2c (include/spv2c/spv2c.h, whose
 * lib.c runs the pipeline: front end, read, analyse, lower, emit): it
 * parses argv with options.c's table (--help, --version, --header and
 * -fdiagnostics-format are the command's own; every other option goes to
 * the library word by word), prints each diagnostic as the library makes
 * it (with -fdiagnostics-format=json, also as JSON), and writes the files
 * (spv2c_result_write). main reads as the steps of a run, one call a line,
 * and returns the exit status; nothing in the translator calls exit (but
 * read.c's validator child, which ends with _exit).
 * Exit status: 0 success, 1 bad or unsupported input, 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L   /* dup, fdopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#include "spv2c.h"   /* options.c's table: opt_match, opt_help */
#include "../include/spv2c/spv2c.h"

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "spv2c: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    fputs("Try 'spv2c --help'.\n", stderr);
    return 2;
}

typedef struct Command {
    spv2c_options *opt;
    const char *output, *header;   /* -o, --header */
    const char **inputs;
    size_t ninputs;
    FILE *json;                    /* -fdiagnostics-format=json: stderr's copy */
} Command;

/* the options only the command takes: 0 (--help, --version), 1 taken,
   -1 when the library takes it */
static int command_option(Command *c, const OptMatch *m)
{
    switch (m->spec->id) {
    case OPT_HELP:
        opt_help(stdout);
        return 0;
    case OPT_VERSION:
        printf("spv2c %s\nSPIRV-Tools %s\n", spv2c_version(), spv2c_spirv_tools_version());
        return 0;
    case OPT_HEADER:
        c->header = m->value;
        return 1;
    case OPT_DIAG_FORMAT:
        if (c->json)
            fclose(c->json);
        c->json = strcmp(m->value, "json") ? NULL : fdopen(dup(2), "w");
        return 1;
    case OPT_OUTPUT:
        c->output = m->value;
        return -1;
    default:
        return -1;
    }
}

/* the option at argv[*i]: -1 to go on, else the exit status */
static int option(Command *c, int argc, char **argv, int *i)
{
    OptMatch m;
    int r = opt_match(argc - *i, (const char *const *)argv + *i, &m);

    if (r < 0)
        return 2;
    if (r == 0)
        return usage_error("unknown option", argv[*i]);
    r = command_option(c, &m);
    if (r == 0)
        return 0;
    if (r < 0 && spv2c_options_add(c->opt, m.words, (const char *const *)argv + *i) < 0)
        return 2;
    *i += m.words - 1;
    return -1;
}

/* argv into c: -1 to go on, else the exit status (--help, --version, a
   usage error) */
static int parse_args(int argc, char **argv, Command *c)
{
    int i, r;

    c->opt = spv2c_options_new();
    c->inputs = calloc((size_t)argc, sizeof *c->inputs);
    if (!c->opt || !c->inputs)
        return 1;
    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1]) {
            if ((r = option(c, argc, argv, &i)) >= 0)
                return r;
            continue;
        }
        c->inputs[c->ninputs++] = argv[i];
    }
    if (!c->ninputs)
        return usage_error("no input file", NULL);
    for (i = 0; c->ninputs > 1 && i < (int)c->ninputs; i++)
        if (!strcmp(c->inputs[i], "-"))
            return usage_error("several inputs: - (stdin) cannot be one of them", NULL);
    if (!c->output)
        return usage_error("no output file (use -o FILE, or -o - for stdout)", NULL);
    return -1;
}

/* s as a JSON string */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

/* -fdiagnostics-format=json: one object a line */
static void print_json(FILE *f, const spv2c_diagnostic *d)
{
    fputs("{\"file\": ", f);
    json_string(f, d->file);
    fprintf(f, ", \"line\": %u, \"column\": %u, \"word\": %lu, \"severity\": ", d->line,
            d->column, d->word);
    json_string(f, d->severity);
    fputs(", \"message\": ", f);
    json_string(f, d->message);
    fputs("}\n", f);
    fflush(f);
}

static void print_diagnostic(void *ctx, const spv2c_diagnostic *d)
{
    const Command *c = ctx;

    if (c->json)
        print_json(c->json, d);
    else
        fputs(d->text, stderr);
}

/* more than one error: their count after them, naming the first input */
static void error_count(const Command *c, const spv2c_result *r)
{
    size_t n = spv2c_result_diagnostic_count(r);
    if (n > 1 && !c->json)
        fprintf(stderr, "%s: %zu errors\n", strcmp(c->inputs[0], "-") ? c->inputs[0] : "<stdin>",
                n);
}

int main(int argc, char **argv)
{
    Command c = { 0 };
    spv2c_result *r = NULL;
    int status = parse_args(argc, argv, &c);

    if (status < 0) {
        spv2c_options_on_diagnostic(c.opt, print_diagnostic, &c);
        spv2c_options_capture(c.opt, c.json != NULL);   /* clang's messages: records */
        status = spv2c_translate_files(c.inputs, c.ninputs, c.opt, &r);
        if (r)
            status = spv2c_result_write(r, c.output, c.header);
        error_count(&c, r);
        status = status == 0 ? 0 : status == SPV2C_EUSAGE ? 2 : 1;
    }
    spv2c_result_free(r);
    spv2c_options_free(c.opt);
    free(c.inputs);
    if (c.json)
        fclose(c.json);
    return status;
}

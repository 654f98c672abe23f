/* translate.c: libspv2c as a user calls it (tests/lib/install.py builds it
   against an installed tree's pkg-config file). Translates argv[1] with the
   options after it: the C on stdout, each diagnostic on stderr as
   FILE|LINE|COLUMN|WORD|MESSAGE. */
#include <stdio.h>
#include <spv2c/spv2c.h>

int main(int argc, char **argv)
{
    spv2c_options *o = spv2c_options_new();
    spv2c_result *r = NULL;
    size_t i;
    int k, e = 0;

    for (k = 2; k < argc; k += e)
        if ((e = spv2c_options_add(o, argc - k, (const char *const *)argv + k)) < 0)
            return 2;
    e = spv2c_translate_file(argv[1], o, &r);
    if (e == 0)
        fputs(spv2c_result_text(r, SPV2C_OUT_C, NULL), stdout);
    for (i = 0; i < spv2c_result_diagnostic_count(r); i++) {
        const spv2c_diagnostic *d = spv2c_result_diagnostic(r, i);
        fprintf(stderr, "%s|%u|%u|%lu|%s\n", d->file, d->line, d->column, d->word, d->message);
    }
    spv2c_result_free(r);
    spv2c_options_free(o);
    return e == 0 ? 0 : 1;
}

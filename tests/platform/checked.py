#!/usr/bin/env python3
"""checked.py SPV2C_RUN HOST HOST_SOURCE WORKDIR: spv2c-run --checked on an
unchanged OpenCL program (checked_host.c, which plants an overrun one element
past a buffer and one past a sub-buffer on request).

  - unchecked, the planted program still runs (exit 0, "done");
  - --checked with the y overrun: the report on stderr names kernel scale,
    the planted line of the OpenCL C source, work-item 250, the buffer 'y'
    with the buffer's own size (not the host array's) and the distance (0
    bytes past the end), then the program stops with exit status 70 before
    printing "done";
  - --checked with the sub-buffer overrun: kernel fill, 's' with the
    sub-buffer's size (64 bytes, not the parent's 256), work-item 16;
  - --checked=continue with both: the three reports (the second one 4 bytes
    past the end of 's'), the count at exit, exit 0, the same output as the
    unchecked run;
  - a correct run under --checked: no report, the same output as unchecked
    (the host checks it too); the checked and unchecked runs share a cache
    folder, so a mixed-up cache would show as a missing or extra report;
  - binaries (the host saves its program's binary, then makes the program
    from it): a checked run takes a checked binary (and reports) but not an
    unchecked one, an unchecked run the reverse (CL_INVALID_BINARY, -42);
  - SPV2C_CL_CHECKED=bogus fails the build (CL_BUILD_PROGRAM_FAILURE, -11);
  - spv2c-run --help names --checked; --checked=bogus is a usage error."""
import os
import re
import shutil
import subprocess
import sys

run, host, host_src, work = sys.argv[1:5]
fails = []
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
env = dict(os.environ, SPV2C_CL_CACHE_DIR=os.path.join(work, "cache"))
env.pop("SPV2C_CL_CHECKED", None)

# the OpenCL C source's lines, from the host's string literal
src = []
for ln in open(host_src):
    m = re.match(r'\s*"(.*)\\n"', ln)
    if m and (src or "__kernel" in m.group(1)):
        src.append(m.group(1))
line_y = 1 + next(i for i, s in enumerate(src) if "planted: y" in s)
line_s = 1 + next(i for i, s in enumerate(src) if "planted: s" in s)


def spv2c_run(opts, args):
    r = subprocess.run(["sh", run] + opts + [host] + args, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    return r.returncode, r.stdout, r.stderr


def expect(what, cond, detail=""):
    if not cond:
        fails.append("%s%s" % (what, (": " + detail[-1500:]) if detail else ""))


def reports(err):
    return [ln for ln in err.splitlines() if ln.startswith("spv2c: checked: ")]


def report_re(kernel, line, item, past, buf, arg, size):
    return re.compile(r"spv2c: checked: kernel %s: program\.cl:%d: .*OpStore: write of 4 bytes at "
                      r"address \S+ is out of bounds: %d bytes past the end of __global buffer "
                      r"'%s' \(argument %d, %d bytes\) \(work-item %d,0,0\)$"
                      % (kernel, line, past, buf, arg, size, item))


y_report = report_re("scale", line_y, 250, 0, "y", 0, 1000)
s_report = report_re("fill", line_s, 16, 0, "s", 0, 64)
s_report2 = report_re("fill", line_s, 17, 4, "s", 0, 64)
stop_line = "spv2c-cl: checked: the program stops at its first report (exit status 70"

rc, plain_bug, err = spv2c_run([], ["1", "1"])
expect("unchecked planted run: exit %d" % rc, rc == 0 and plain_bug.endswith("done\n"), err)
expect("unchecked planted run reported", not reports(err), err)

rc, out, err = spv2c_run(["--checked"], ["1", "0"])
rep = reports(err)
expect("--checked, y overrun: exit %d, wanted 70" % rc, rc == 70, err)
expect("--checked, y overrun: one report naming scale, line %d, work-item 250, 'y' (1000 "
       "bytes), 0 bytes past its end" % line_y, len(rep) == 1 and y_report.match(rep[0]), err)
expect("--checked, y overrun: the stop line", stop_line in err, err)
expect("--checked, y overrun: the program went on", "done" not in out, out)

rc, out, err = spv2c_run(["--checked"], ["0", "1"])
rep = reports(err)
expect("--checked, sub-buffer overrun: exit %d, wanted 70" % rc, rc == 70, err)
expect("--checked, sub-buffer overrun: one report naming fill, line %d, work-item 16, 's' "
       "(64 bytes)" % line_s, len(rep) == 1 and s_report.match(rep[0]), err)

rc, out, err = spv2c_run(["--checked=continue"], ["1", "1"])
rep = reports(err)
expect("--checked=continue: exit %d" % rc, rc == 0, err)
expect("--checked=continue: the three reports, in order", len(rep) == 3 and
       y_report.match(rep[0]) and s_report.match(rep[1]) and s_report2.match(rep[2]), err)
expect("--checked=continue: the count at exit",
       err.rstrip().endswith("spv2c-cl: checked: 3 reports"), err)
expect("--checked=continue: output differs from the unchecked run", out == plain_bug,
       out + "\n---\n" + plain_bug)

rc, plain, err = spv2c_run([], ["0", "0"])
expect("unchecked correct run: exit %d" % rc, rc == 0 and plain.endswith("done\n"), plain + err)
rc, out, err = spv2c_run(["--checked"], ["0", "0"])
expect("--checked correct run: exit %d" % rc, rc == 0, out + err)
expect("--checked correct run reported", not reports(err) and "spv2c" not in err, err)
expect("--checked correct run: output differs from the unchecked run", out == plain,
       out + "\n---\n" + plain)
rc, out, err = spv2c_run(["--checked=continue"], ["0", "0"])
expect("--checked=continue correct run: no report, count 0, same output", rc == 0 and
       not reports(err) and "spv2c-cl: checked: 0 reports" in err and out == plain, err)

bin_plain, bin_checked = os.path.join(work, "plain.bin"), os.path.join(work, "checked.bin")
rc, out, err = spv2c_run([], ["0", "0", bin_plain])
expect("unchecked run saving its binary: exit %d" % rc,
       rc == 0 and out == plain and os.path.exists(bin_plain), out + err)
rc, out, err = spv2c_run([], ["0", "0", bin_plain])
expect("unchecked run from its binary: exit %d" % rc, rc == 0 and out == plain, out + err)
rc, out, err = spv2c_run(["--checked"], ["0", "0", bin_plain])
expect("--checked run from an unchecked binary: exit %d" % rc,
       rc == 1 and "FAIL: binary: -42" in out, out + err)
rc, out, err = spv2c_run(["--checked"], ["1", "0", bin_checked])
expect("--checked run saving its binary: exit %d" % rc, rc == 70 and os.path.exists(bin_checked),
       out + err)
rc, out, err = spv2c_run(["--checked"], ["1", "0", bin_checked])
rep = reports(err)
expect("--checked run from its binary: exit %d, or not the y report" % rc,
       rc == 70 and len(rep) == 1 and y_report.match(rep[0]), err)
rc, out, err = spv2c_run([], ["0", "0", bin_checked])
expect("unchecked run from a checked binary: exit %d" % rc,
       rc == 1 and "FAIL: binary: -42" in out, out + err)

env["SPV2C_CL_CHECKED"] = "bogus"
rc, out, err = spv2c_run([], ["0", "0"])
expect("SPV2C_CL_CHECKED=bogus: exit %d" % rc, rc == 1 and "FAIL: build: -11" in out, out + err)
del env["SPV2C_CL_CHECKED"]

r = subprocess.run(["sh", run, "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                   text=True)
expect("--help: exit %d, or no --checked in it" % r.returncode,
       r.returncode == 0 and "--checked=continue" in r.stdout and "exit status 70" in r.stdout,
       r.stdout + r.stderr)
r = subprocess.run(["sh", run, "--checked=bogus", "true"], stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE, text=True)
expect("--checked=bogus: exit %d, wanted 2" % r.returncode,
       r.returncode == 2 and "stop or continue" in r.stderr, r.stderr)

for f in fails:
    print("FAIL: " + f)
if not fails:
    print("ok: planted overruns reported (kernel, line %d/%d, work-item, buffer, distance), "
          "stop exits 70, continue counts 3; correct runs identical, no report" % (line_y, line_s))
sys.exit(1 if fails else 0)

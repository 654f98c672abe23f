#!/usr/bin/env python3
"""with_pocl.py ICD DIR PROGRAM ARGS...: run PROGRAM with the loader seeing
spv2c's build-tree .icd file (ICD) and PoCL's, from a vendors folder DIR
made for the run."""
import os
import shutil
import subprocess
import sys

icd, vendors, prog = sys.argv[1:4]
shutil.rmtree(vendors, ignore_errors=True)
os.makedirs(vendors)
shutil.copy(icd, os.path.join(vendors, "spv2c.icd"))
shutil.copy("/etc/OpenCL/vendors/pocl.icd", os.path.join(vendors, "pocl.icd"))
env = dict(os.environ, OCL_ICD_VENDORS=vendors)
sys.exit(subprocess.run([prog] + sys.argv[4:], env=env).returncode)

# -*- Python -*- lit configuration of regtile.
import os
import shlex

import lit.formats

config.name = "regtile"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lib", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.regtile_obj_root, "test")

# FileCheck, not, count, mlir-opt, mlir-runner from the LLVM 22 install.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])

plugin = config.regtile_plugin
# Stock mlir-opt (through a wrapper preloading the sanitizer runtimes in a
# REGTILE_ENABLE_SANITIZERS build).
opt = config.regtile_opt
runner = os.path.join(config.llvm_tools_dir, "mlir-runner")
shared_libs = ",".join([
    os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so"),
    os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so"),
    # The OpenMP runtime (Debian libomp-22-dev) of kernels with threads.
    os.path.join(config.llvm_lib_dir, "libomp.so"),
    config.regtile_test_runtime,
])
python = config.python_executable or "python3"
difftest = os.path.join(config.regtile_src_root, "test", "lib", "difftest.py")

regtile_opt = f"{opt} --load-dialect-plugin={plugin} --load-pass-plugin={plugin}"
config.substitutions.append(("%regtile-opt", regtile_opt))
config.substitutions.append((
    "%regtile-run",
    f"{runner} -e main --entry-point-result=void -O3 --shared-libs={shared_libs}"))
# The tools of an execution test (difftest.py and the random differential
# tests that use it).
difftest_args = (f"--opt {opt} --plugin {plugin} --runner {runner} "
                 f"--shared-libs {shared_libs}")
config.substitutions.append(("%difftest-args", difftest_args))
config.substitutions.append(("%difftest", f"{python} {difftest} {difftest_args}"))
config.substitutions.append((
    "%regtile-tune",
    f"{python} {os.path.join(config.regtile_src_root, 'scripts', 'regtile-tune')} "
    f"--plugin {plugin} --llvm-bin {config.llvm_tools_dir}"))
config.substitutions.append((
    "%substitute",
    f"{python} {os.path.join(config.regtile_src_root, 'python', 'regtile', 'substitute.py')}"))
# The examples' manifest (examples/examples.json) and its checks.
config.substitutions.append((
    "%examples",
    f"env PYTHONPATH={os.path.join(config.regtile_src_root, 'python')} "
    f"{python} -m regtile.examples"))
config.substitutions.append(("%python", python))
config.substitutions.append(("%mlir-opt", opt))
config.substitutions.append(("%regtile-plugin", plugin))
config.substitutions.append(("%regtile-src", config.regtile_src_root))
config.substitutions.append(("%regtile-obj", config.regtile_obj_root))
# The C++ compiler regtile was built with: a downstream project linking its
# libraries uses the same (a sanitizer build's runtimes are the compiler's).
config.substitutions.append((
    "%cmake-cxx-compiler",
    f"-DCMAKE_CXX_COMPILER={config.regtile_cxx_compiler}"))
# What the host executes: execution tests whose schedules pin a register
# tile pick the one that fits the host's register file (%host-isa: avx512
# with 32 zmm registers, else avx2 with 16 ymm; the project's machines are
# x86-64 with at least AVX2). FileCheck tests pin their target instead
# (regtile.target, target=...), so they do not depend on the host.
def host_cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


if "avx512f" in host_cpu_flags():
    config.available_features.add("host-avx512")
    config.substitutions.append(("%host-isa", "avx512"))
else:
    config.substitutions.append(("%host-isa", "avx2"))
# AVX-VNNI (vpdpbusd on ymm, VEX-encoded: Zen 5, Alder Lake and later):
# execution of kernels for an AVX2 + AVX-VNNI target.
if "avx_vnni" in host_cpu_flags():
    config.available_features.add("host-avxvnni")
# The AMX tile unit with its bf16 and int8 products (Sapphire Rapids and
# later Xeons), exposed to this process: execution of AMX kernels.
if {"amx_tile", "amx_bf16", "amx_int8"} <= host_cpu_flags():
    config.available_features.add("host-amx")
if config.regtile_sanitizers:
    config.available_features.add("sanitizers")
if config.regtile_enable_bench:
    config.available_features.add("bench")
# Peer libraries built into the benchmarks (halide, dnnl).
for peer in getattr(config, "regtile_peers", []):
    config.available_features.add(peer)

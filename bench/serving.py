"""gunicorn on loopback, for the benches and tests that need a real server (several worker
processes, as `make prod` runs it): a database of its own in SQLite unless DATABASE_URL names
one, migrated, DEBUG on (no TLS proxy in front) or production's (production_env), stopped at the
end."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(workdir: Path, **more) -> dict:
    """The environment of a development server on a free port, its SQLite in `workdir`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DJANGO_DEBUG="1", GUNICORN_BIND=f"127.0.0.1:{free_port()}")
    env.setdefault("DATABASE_URL", f"sqlite:///{Path(workdir) / 'db.sqlite3'}")
    env.update(more)
    return env


def production_env(workdir: Path, **more) -> dict:
    """The environment of a production server (DEBUG off: the static files collected, hashed,
    minified and compressed into `workdir`, as `make prod` serves them) on a free loopback port,
    with no TLS proxy in front: no redirect to HTTPS, no HSTS (Chromium keeps the secure cookies
    of a loopback address)."""
    import secrets

    env = server_env(workdir, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
                     DJANGO_ALLOWED_HOSTS="127.0.0.1", DJANGO_SECURE_SSL_REDIRECT="0",
                     DJANGO_SECURE_HSTS_SECONDS="0",
                     DJANGO_STATIC_ROOT=str(Path(workdir) / "static"), **more)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    return env


@contextmanager
def gunicorn(env: dict, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
    """Migrate, start gunicorn with `env`, wait until it answers; yields (base URL, process)."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    server = subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py"], cwd=ROOT, env=env,
                              stdout=stdout, stderr=stderr, text=True)
    base = "http://" + env["GUNICORN_BIND"]
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield base, server
    finally:
        server.terminate()
        server.wait(timeout=30)


class RoundRobin:
    """One loopback address in front of several servers, as a proxy in front of two app
    instances is: each connection it accepts goes to the next server in turn, bytes passed as
    they are both ways (for tests; in production the address is nginx's or Caddy's, docs/
    deployment.md). `port`: its own; close() stops it."""

    def __init__(self, ports):
        import itertools
        import threading

        self.backends = itertools.cycle(ports)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._threading = threading
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(("127.0.0.1", next(self.backends)))
            for a, b in ((client, server), (server, client)):
                self._threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self):
        self.listener.close()

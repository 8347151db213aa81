"""A read-only SPARQL 1.1 Protocol endpoint over a build, plus its explorer page.

``/sparql`` answers ``GET ?query=`` and ``POST`` (form-encoded or
``application/sparql-query``) with results chosen by content negotiation
(:mod:`kg.rdf.results`); ``/`` serves the build's ``graph.html``.

Safety: updates are refused (403) and the store is opened read-only anyway; each query
runs in a worker process holding a read-only store (:func:`kg.rdf.store.read_only_store`)
and the worker is killed when the query exceeds its time limit (pyoxigraph queries cannot
be cancelled from another thread); results stop at ``max_rows`` rows (header
``X-KG-Truncated: true``); request bodies and queries are capped at ``max_request`` bytes;
``SERVICE`` is rejected unless allowed; no CORS headers unless an origin is given; errors
are a short text message, never a traceback. Binds 127.0.0.1 by default.

The store: a persistent store directory if given (loaded from the build when empty or
stale, see :mod:`kg.rdf.store`), else a temporary one removed on close.
"""
from __future__ import annotations

import itertools
import multiprocessing
import queue
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

from kg.errors import E, KGError
from kg.rdf import results as rs

DEFAULTS = {"timeout": 30.0, "max_rows": 10_000, "max_request": 100_000, "workers": 2}


class Reply(NamedTuple):
    """An HTTP answer: status, Content-Type, body and extra headers."""

    status: int
    ctype: str
    body: bytes
    headers: dict


def _reply(status: int, body: bytes | str, ctype: str = "text/plain; charset=utf-8",
           headers: dict | None = None) -> Reply:
    return Reply(status, ctype, body.encode("utf-8") if isinstance(body, str) else body, headers or {})


def _error(status: int, message: str) -> Reply:
    return _reply(status, message.strip() + "\n")


# ---------------------------------------------------------------- worker process


def _run(store, job: dict, max_rows: int) -> Reply:
    """Run one query in a worker and serialise the reply (see :func:`_worker_main`)."""
    import pyoxigraph as ox

    from kg.query import default_prefixes

    kwargs = {"prefixes": default_prefixes()}
    if job.get("default_graph"):
        kwargs["default_graph"] = [ox.NamedNode(g) for g in job["default_graph"]]
    if job.get("named_graphs"):
        kwargs["named_graphs"] = [ox.NamedNode(g) for g in job["named_graphs"]]
    try:
        res = store.query(job["query"], **kwargs)
    except (SyntaxError, ValueError) as exc:
        return _error(400, f"bad query: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")
    accept = job.get("accept")
    truncated = False
    try:
        if isinstance(res, ox.QueryTriples):
            mtype = rs.negotiate(accept, rs.GRAPH_TYPES)
            if mtype is None:
                return _error(406, "not acceptable: CONSTRUCT/DESCRIBE results are " + ", ".join(rs.GRAPH_TYPES))
            triples = list(itertools.islice(res, max_rows + 1))
            truncated = len(triples) > max_rows
            body = ox.serialize(triples[:max_rows], format=getattr(ox.RdfFormat, rs.GRAPH_TYPES[mtype]),
                                prefixes=kwargs["prefixes"])
            ctype = mtype if mtype in ("application/ld+json",) else f"{mtype}; charset=utf-8"
        else:
            mtype = rs.negotiate(accept, rs.RESULT_TYPES)
            if mtype is None:
                return _error(406, "not acceptable: query results are " + ", ".join(rs.RESULT_TYPES))
            fmt = rs.RESULT_TYPES[mtype]
            if isinstance(res, ox.QuerySolutions):
                variables = [v.value for v in res.variables]
                rows = [[sol[v] for v in variables] for sol in itertools.islice(res, max_rows + 1)]
                truncated = len(rows) > max_rows
                body = rs.select_results(variables, rows[:max_rows], fmt)
            else:
                body = rs.boolean_result(bool(res), fmt)
            ctype = rs.CONTENT_TYPE[fmt]
    except (OSError, RuntimeError, ValueError) as exc:
        return _error(500, f"query failed: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")
    return _reply(200, body, ctype, {"X-KG-Truncated": "true"} if truncated else None)


def _worker_main(conn, store_dir: str, max_rows: int) -> None:
    """Worker process: open the store read-only, then answer jobs until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        from kg.rdf.store import read_only_store

        store = read_only_store(store_dir)
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which decides
        conn.send(("error", str(exc)))
        return
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):  # parent gone
            return
        if job is None:
            return
        try:
            reply = _run(store, job, max_rows)
        except Exception as exc:  # noqa: BLE001 - never let a query kill the worker silently
            reply = _error(500, f"query failed: {type(exc).__name__}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


class _Worker:
    """One query process and the parent's end of its pipe. ``kill`` and ``stop`` may race
    (a timed-out query replaces its worker while the server closes): the first one wins and
    the pipe is closed exactly once (closing a descriptor twice can close a reused one)."""

    def __init__(self, store_dir: str, max_rows: int):
        ctx = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._dead = False
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, store_dir, max_rows), daemon=True,
                                name="kg-sparql-worker")
        self.proc.start()
        child.close()

    def wait_ready(self, timeout: float = 60.0) -> None:
        try:
            status, detail = self.conn.recv() if self.conn.poll(timeout) else ("error", "no answer in 60 s")
        except (EOFError, OSError):
            status, detail = "error", "it exited"
        if status != "ready":
            self.kill()
            raise KGError(E.E015, detail=detail)

    def kill(self) -> None:
        with self._lock:
            if self._dead:
                return
            self._dead = True
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)
        self.conn.close()

    def stop(self) -> None:
        with self._lock:
            if self._dead:
                return
            try:
                self.conn.send(None)
            except (OSError, EOFError):
                pass
        self.proc.join(2)
        self.kill()


class QueryPool:
    """A few worker processes, each with a read-only store; queries run with a time limit.

    Parameters
    ----------
    store_dir : str or Path
        A persistent store directory with no writer open.
    workers : int
        Number of worker processes (concurrent queries).
    timeout : float
        Seconds a query may run; past that its worker is killed and replaced.
    max_rows : int
        Rows (or triples) returned at most.
    """

    def __init__(self, store_dir, workers: int = 2, timeout: float = 30.0, max_rows: int = 10_000):
        self.store_dir, self.timeout, self.max_rows = str(store_dir), timeout, max_rows
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._closed = False
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        started = [self._spawn() for _ in range(max(1, workers))]
        try:
            for w in started:
                w.wait_ready()
                self._idle.put(w)
        except KGError:
            self.close()
            raise

    def _spawn(self) -> _Worker:
        w = _Worker(self.store_dir, self.max_rows)
        with self._lock:
            self._all.add(w)
        return w

    def _forget(self, w: _Worker) -> None:
        with self._lock:
            self._all.discard(w)
        w.kill()

    def _replace(self, w: _Worker) -> None:
        self._forget(w)
        if self._closed:
            return

        def start() -> None:
            fresh = self._spawn()
            try:
                fresh.wait_ready()
            except KGError:
                self._forget(fresh)
                return
            if self._closed:
                self._forget(fresh)
            else:
                self._idle.put(fresh)

        threading.Thread(target=start, daemon=True).start()

    def run(self, job: dict) -> Reply:
        """Run a job (``query``, ``accept``, ``default_graph``, ``named_graphs``) on a worker."""
        try:
            w = self._idle.get(timeout=self.timeout)
        except queue.Empty:
            return _error(503, "all query workers are busy; try again later")
        if self._closed:
            return _error(503, "server is shutting down")
        started = time.monotonic()
        try:
            w.conn.send(job)
            if w.conn.poll(self.timeout):
                reply = w.conn.recv()
                self._idle.put(w)
                return reply
        except (EOFError, OSError):
            self._replace(w)
            return _error(500, "query worker crashed")
        except BaseException:
            self._replace(w)
            raise
        self._replace(w)
        return _error(503, f"query stopped: time limit of {self.timeout:g} s exceeded "
                           f"(ran {time.monotonic() - started:.1f} s)")

    def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for w in workers:
            w.stop()


# ---------------------------------------------------------------- HTTP


class _Handler(BaseHTTPRequestHandler):
    server: SparqlServer
    server_version = "kg-sparql"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if self.server.log:
            self.server.log(f"{self.address_string()} {format % args}")

    def _send(self, reply: Reply, head_only: bool = False) -> None:
        status, ctype, body, headers = reply
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.server.cors:
            self.send_header("Access-Control-Allow-Origin", self.server.cors)
            self.send_header("Vary", "Origin")
        if status == 405:
            self.send_header("Allow", "GET, POST" + (", OPTIONS" if self.server.cors else ""))
        if status in (406,) or self.path.startswith("/sparql"):
            self.send_header("Vary", "Accept")
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def _guarded(self, handler: Callable[[], Reply]) -> None:
        try:
            reply = handler()
        except Exception as exc:  # noqa: BLE001 - a short message, never a traceback
            if self.server.log:
                self.server.log(f"internal error: {type(exc).__name__}: {exc}")
            reply = _error(500, f"internal error: {type(exc).__name__}")
        try:
            self._send(reply)
        except (BrokenPipeError, ConnectionResetError):
            pass

    # -- routes

    def do_GET(self) -> None:  # noqa: N802 - stdlib naming
        self._guarded(self._get)

    def do_POST(self) -> None:  # noqa: N802
        self._guarded(self._post)

    def do_OPTIONS(self) -> None:  # noqa: N802
        if not self.server.cors:
            self._guarded(lambda: _error(405, "method not allowed"))
            return
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", self.server.cors)
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Content-Type, Accept")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_PUT(self) -> None:  # noqa: N802
        self.close_connection = True
        self._guarded(lambda: _error(405, "method not allowed: this endpoint is read-only"))

    do_DELETE = do_PATCH = do_PUT  # noqa: N815

    def _get(self) -> Reply:
        url = urlsplit(self.path)
        if url.path in ("/", "/index.html", "/graph.html"):
            page = self.server.graph_dir / "graph.html"
            if not page.is_file():
                return _error(404, f"no explorer page: {page} does not exist (run kg build)")
            return _reply(200, page.read_bytes(), "text/html; charset=utf-8")
        if url.path != "/sparql":
            return _error(404, "not found; the SPARQL endpoint is /sparql")
        return self._sparql(parse_qs(url.query, keep_blank_values=True))

    def _post(self) -> Reply:
        url = urlsplit(self.path)
        if url.path != "/sparql":
            self.close_connection = True
            return _error(404, "not found; the SPARQL endpoint is /sparql")
        length = self.headers.get("Content-Length")
        if length is None or not length.strip().isdigit():
            self.close_connection = True
            return _error(411, "a POST needs a Content-Length")
        if int(length) > self.server.max_request:
            self.close_connection = True  # the body is not read
            return _error(413, f"request too large (limit {self.server.max_request} bytes)")
        body = self.rfile.read(int(length))
        params = parse_qs(url.query, keep_blank_values=True)
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype == "application/x-www-form-urlencoded":
            try:
                form = parse_qs(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False)
            except UnicodeDecodeError:
                return _error(400, "request body is not UTF-8")
            for k, v in form.items():
                params.setdefault(k, []).extend(v)
        elif ctype == "application/sparql-query":
            try:
                params["query"] = [body.decode("utf-8")]
            except UnicodeDecodeError:
                return _error(400, "request body is not UTF-8")
        elif ctype == "application/sparql-update":
            return _error(403, "updates are not allowed: this endpoint is read-only")
        else:
            return _error(415, "unsupported Content-Type; use application/x-www-form-urlencoded "
                               "or application/sparql-query")
        return self._sparql(params)

    def _sparql(self, params: dict[str, list[str]]) -> Reply:
        if "update" in params or "using-graph-uri" in params or "using-named-graph-uri" in params:
            return _error(403, "updates are not allowed: this endpoint is read-only")
        queries = params.get("query", [])
        if len(queries) != 1:
            return _error(400, "exactly one 'query' parameter is required")
        q = queries[0]
        if len(q.encode("utf-8")) > self.server.max_request:
            return _error(413, f"query too large (limit {self.server.max_request} bytes)")
        if rs.is_update(q):
            return _error(403, "updates are not allowed: this endpoint is read-only")
        if rs.uses_service(q) and not self.server.allow_service:
            return _error(400, "SERVICE (federated query) is disabled on this endpoint")
        job = {"query": q, "accept": self.headers.get("Accept"),
               "default_graph": params.get("default-graph-uri", []),
               "named_graphs": params.get("named-graph-uri", [])}
        return self.server.pool.run(job)


class SparqlServer(ThreadingHTTPServer):
    """The endpoint: an HTTP server (a thread per client) over a :class:`QueryPool`.

    Parameters
    ----------
    graph_dir : str or Path
        Build directory (``graph.nt``/``graph.ttl``, ``graph.html``).
    store : str or Path, optional
        Persistent store directory to use (and fill from the build when empty or stale);
        default a temporary store removed by :meth:`close`.
    host, port : str, int
        Address to bind; port 0 picks a free port (see :attr:`url`).
    timeout : float
        Per-query time limit in seconds.
    max_rows : int
        Result cap (rows of a SELECT, triples of a CONSTRUCT/DESCRIBE).
    max_request : int
        Largest request body or query, in bytes.
    workers : int
        Worker processes, i.e. queries run at the same time.
    allow_service : bool
        Allow ``SERVICE`` (federated queries); off by default.
    cors : str, optional
        Value of ``Access-Control-Allow-Origin``; no CORS headers when None.
    log : callable, optional
        Called with one line per request.

    Examples
    --------
    ``with SparqlServer("exports", port=0) as srv: threading.Thread(target=srv.serve_forever).start()``
    """

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, graph_dir="exports", store=None, host: str = "127.0.0.1", port: int = 8000,
                 timeout: float = DEFAULTS["timeout"], max_rows: int = DEFAULTS["max_rows"],
                 max_request: int = DEFAULTS["max_request"], workers: int = DEFAULTS["workers"],
                 allow_service: bool = False, cors: str | None = None, log: Callable[[str], None] | None = None):
        from kg.rdf.store import persistent_store

        self.graph_dir = Path(graph_dir)
        self.max_request, self.allow_service, self.cors, self.log = max_request, allow_service, cors, log
        self._tmp = None if store is not None else tempfile.mkdtemp(prefix="kg-store-")
        self.store_dir = Path(store if store is not None else self._tmp)
        self.pool = None
        try:
            db = persistent_store(self.store_dir, self.graph_dir)
            self.triples = len(db)
            del db  # close the writer before readers open the directory
            super().__init__((host, port), _Handler)
        except OSError as exc:
            self._cleanup()
            raise KGError(E.E013, host=host, port=port, detail=exc.strerror or str(exc)) from None
        except BaseException:
            self._cleanup()
            raise
        try:
            self.pool = QueryPool(self.store_dir, workers, timeout, max_rows)
        except BaseException:
            self.server_close()
            self._cleanup()
            raise

    @property
    def url(self) -> str:
        """Base URL, e.g. ``http://127.0.0.1:8000``."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"

    def handle_error(self, request, client_address) -> None:
        """Log one line instead of the standard library's traceback."""
        if self.log:
            self.log(f"{client_address[0]} connection error")

    def _cleanup(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool = None
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def close(self) -> None:
        """Stop workers, close the socket, remove a temporary store."""
        self.server_close()
        self._cleanup()

    def __exit__(self, *exc) -> None:
        self.close()


def serve(graph_dir="exports", **options) -> None:
    """Run :class:`SparqlServer` until interrupted (Ctrl-C), then clean up.

    Parameters
    ----------
    graph_dir : str or Path
        Build directory.
    **options
        Keyword arguments of :class:`SparqlServer`; ``ready`` (callable) is called with
        the server once it listens.
    """
    ready = options.pop("ready", None)

    def stop(signum, frame):
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)  # clean up (workers, temporary store) on kill too
    with SparqlServer(graph_dir, **options) as srv:
        if ready:
            ready(srv)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass

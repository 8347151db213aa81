"""`kg serve`: the SPARQL 1.1 Protocol endpoint, driven with SPARQLWrapper over loopback."""
import csv
import io
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from xml.dom.minidom import Document

import pytest
from rdflib import Graph, URIRef
from SPARQLWrapper import CSV, GET, JSON, POST, POSTDIRECTLY, SPARQLWrapper, TSV, TURTLE, XML
from SPARQLWrapper.SPARQLExceptions import QueryBadFormed

from kg.serve import SparqlServer

PPO = "https://kg.example.org/concept/ppo"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
CARTESIAN = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
MAX_ROWS = 5000


class Running:
    """A SparqlServer serving from a background thread; ``stop()`` shuts it down."""

    def __init__(self, graph_dir, **options):
        self.server = SparqlServer(graph_dir, port=0, **options)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1},
                                       daemon=True)
        self.thread.start()
        self.url = self.server.url + "/sparql"

    def stop(self):
        self.server.shutdown()
        self.server.close()
        self.thread.join(10)


@pytest.fixture(scope="module")
def endpoint(bundled_build):
    srv = Running(bundled_build, timeout=2, max_rows=MAX_ROWS, max_request=20_000, workers=2)
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def triples(bundled_build):
    return len(Graph().parse(bundled_build / "graph.ttl", format="turtle"))


def sparql(endpoint, query, fmt=JSON, method=GET):
    sw = SPARQLWrapper(endpoint.url)
    sw.setQuery(query)
    sw.setReturnFormat(fmt)
    sw.setMethod(method)
    sw.setTimeout(30)
    return sw


def count(endpoint):
    res = sparql(endpoint, COUNT).query().convert()
    return int(res["results"]["bindings"][0]["n"]["value"])


def http(url, data=None, headers=None, method=None):
    """(status, headers, body) of a request; HTTP errors are answers, not exceptions."""
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def form(**params):
    return urllib.parse.urlencode(params).encode()


# ------------------------------------------------------------------ answers


def test_count_equals_triples_in_graph_ttl(endpoint, triples):
    assert count(endpoint) == triples


def test_get_and_post_give_the_same_answer(endpoint):
    q = f'SELECT ?label WHERE {{ <{PPO}> skos:altLabel ?label }} ORDER BY ?label'
    answers = []
    for method in (GET, POST):
        answers.append(sparql(endpoint, q, method=method).query().convert())
    direct = sparql(endpoint, q, method=POST)
    direct.setRequestMethod(POSTDIRECTLY)  # application/sparql-query body
    answers.append(direct.query().convert())
    labels = [[b["label"]["value"] for b in a["results"]["bindings"]] for a in answers]
    assert labels[0] == labels[1] == labels[2] and "Proximal Policy Optimization" in labels[0]


def test_select_results_in_every_format(endpoint):
    q = f'SELECT ?s ?label WHERE {{ BIND(<{PPO}> AS ?s) ?s skos:prefLabel ?label }}'
    types = {}
    for fmt in (JSON, XML, CSV, TSV):
        res = sparql(endpoint, q, fmt).query()
        types[fmt] = res.info()["content-type"].split(";")[0]
        out = res.convert()
        if fmt == JSON:
            assert out["results"]["bindings"] == [{"s": {"type": "uri", "value": PPO},
                                                   "label": {"type": "literal", "value": "PPO"}}]
        elif fmt == XML:
            assert isinstance(out, Document)
            assert [n.firstChild.data for n in out.getElementsByTagName("uri")] == [PPO]
            assert [n.firstChild.data for n in out.getElementsByTagName("literal")] == ["PPO"]
        elif fmt == CSV:
            assert list(csv.reader(io.StringIO(out.decode()))) == [["s", "label"], [PPO, "PPO"]]
        else:
            assert out.decode().splitlines() == ["?s\t?label", f'<{PPO}>\t"PPO"']
    assert types == {JSON: "application/sparql-results+json", XML: "application/sparql-results+xml",
                     CSV: "text/csv", TSV: "text/tab-separated-values"}


def test_construct_and_describe_as_turtle_and_ntriples(endpoint, bundled_build):
    want = Graph()
    for t in Graph().parse(bundled_build / "graph.ttl", format="turtle").triples((URIRef(PPO), None, None)):
        want.add(t)
    q = f"CONSTRUCT WHERE {{ <{PPO}> ?p ?o }}"
    res = sparql(endpoint, q, TURTLE).query()
    assert res.info()["content-type"].startswith("text/turtle")
    got = Graph().parse(data=res.convert(), format="turtle")
    assert set(got) == set(want) and len(want) >= 4
    url = endpoint.url + "?" + urllib.parse.urlencode({"query": f"DESCRIBE <{PPO}>"})
    status, headers, body = http(url, headers={"Accept": "application/n-triples"})
    assert status == 200 and headers["Content-Type"].startswith("application/n-triples")
    assert set(Graph().parse(data=body.decode(), format="nt")) == set(want)


def test_ask(endpoint):
    res = sparql(endpoint, f"ASK {{ <{PPO}> a kg:Algorithm }}").query().convert()
    assert res == {"head": {}, "boolean": True}


def test_unacceptable_format_is_406(endpoint):
    url = endpoint.url + "?" + urllib.parse.urlencode({"query": COUNT})
    status, _, body = http(url, headers={"Accept": "image/png"})
    assert status == 406 and b"\n" == body[-1:] and body.count(b"\n") == 1


def test_result_cap(endpoint, triples):
    assert triples > MAX_ROWS
    url = endpoint.url + "?" + urllib.parse.urlencode({"query": "SELECT * WHERE { ?s ?p ?o }"})
    status, headers, body = http(url, headers={"Accept": "application/sparql-results+json"})
    assert status == 200 and headers["X-KG-Truncated"] == "true"
    assert len(json.loads(body)["results"]["bindings"]) == MAX_ROWS


# ------------------------------------------------------------------ read-only, limits


@pytest.mark.parametrize("update", [
    "INSERT DATA { <http://x.org/a> <http://x.org/p> <http://x.org/b> }",
    "DELETE WHERE { ?s ?p ?o }",
    "LOAD <http://example.org/data.ttl>",
    "CLEAR ALL",
    "DROP DEFAULT",
    "PREFIX x: <http://x.org/> DELETE { ?s ?p ?o } INSERT { ?s ?p x:gone } WHERE { ?s ?p ?o }",
])
def test_updates_are_refused_and_change_nothing(endpoint, triples, update):
    sw = sparql(endpoint, update, method=POST)  # SPARQLWrapper sends it as `update=`
    with pytest.raises(urllib.error.HTTPError) as exc:
        sw.query()
    assert exc.value.code == 403
    for data, ctype in ((form(query=update), "application/x-www-form-urlencoded"),  # as a query
                        (update.encode(), "application/sparql-update")):
        status, _, body = http(endpoint.url, data, {"Content-Type": ctype})
        assert 400 <= status < 500 and b"Traceback" not in body
    assert count(endpoint) == triples


def test_runaway_query_is_stopped_and_the_endpoint_still_answers(endpoint, triples):
    t0 = time.monotonic()
    status, _, body = http(endpoint.url, form(query=CARTESIAN), {"Content-Type": "application/x-www-form-urlencoded"})
    took = time.monotonic() - t0
    assert status == 503 and b"time limit" in body
    assert 1.9 <= took < 6
    t0 = time.monotonic()
    assert count(endpoint) == triples
    assert time.monotonic() - t0 < 2
    # the killed worker is replaced: two runaway queries in a row are both cut off
    for _ in range(2):
        status, _, _ = http(endpoint.url, form(query=CARTESIAN), {"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 503
    assert count(endpoint) == triples


def test_service_is_rejected(endpoint):
    q = "SELECT * WHERE { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } }"
    with pytest.raises(QueryBadFormed):
        sparql(endpoint, q).query()
    # the word inside a string is not a SERVICE clause
    assert sparql(endpoint, 'ASK { FILTER("SERVICE" != "") }').query().convert()["boolean"] is True


def test_request_size_limit(endpoint):
    big = "SELECT * WHERE { ?s ?p ?o } #" + "x" * 30_000
    status, _, _ = http(endpoint.url, form(query=big), {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 413
    status, _, _ = http(endpoint.url, big.encode(), {"Content-Type": "application/sparql-query"})
    assert status == 413


def test_errors_are_short_messages(endpoint):
    cases = [
        (endpoint.url + "?" + urllib.parse.urlencode({"query": "SELEKT * WHERE {"}), None, {}, 400),
        (endpoint.url, None, {}, 400),  # no query at all
        (endpoint.url, b"query=x", {"Content-Type": "text/plain"}, 415),
        (endpoint.server.url + "/nowhere", None, {}, 404),
    ]
    for url, data, headers, want in cases:
        status, hdrs, body = http(url, data, headers)
        assert status == want, (url, status, body)
        assert hdrs["Content-Type"].startswith("text/plain")
        assert body.count(b"\n") == 1 and len(body) < 300 and b"Traceback" not in body
    status, _, _ = http(endpoint.url, b"", {}, method="PUT")
    assert status == 405


def test_no_cors_headers_and_loopback_by_default(endpoint, bundled_build):
    status, headers, body = http(endpoint.server.url + "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert body == (bundled_build / "graph.html").read_bytes()
    _, headers, _ = http(endpoint.url + "?" + urllib.parse.urlencode({"query": COUNT}))
    assert not [h for h in headers if h.lower().startswith("access-control")]
    assert endpoint.server.server_address[0] == "127.0.0.1"
    import inspect
    assert inspect.signature(SparqlServer).parameters["host"].default == "127.0.0.1"


def test_concurrent_clients(endpoint, triples):
    results, errors = [], []

    def client():
        try:
            results.append(count(endpoint))
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=client) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and results == [triples] * 12


# ------------------------------------------------------------------ lifecycle


def test_server_cleans_up_workers_and_temporary_store(bundled_build):
    srv = Running(bundled_build, workers=1, cors="https://example.org")
    try:
        workers = [w.proc for w in srv.server.pool._all]
        store = srv.server.store_dir
        assert store.is_dir() and workers and all(p.is_alive() for p in workers)
        _, headers, _ = http(srv.url + "?" + urllib.parse.urlencode({"query": "ASK {}"}))
        assert headers["Access-Control-Allow-Origin"] == "https://example.org"
    finally:
        srv.stop()
    assert not any(p.is_alive() for p in workers) and not store.exists()


def test_kg_serve_command(bundled_build, tmp_path):
    store = tmp_path / "store"
    proc = subprocess.Popen([sys.executable, "-m", "kg.cli", "serve", "--graph", str(bundled_build), "--port", "0",
                             "--store", str(store), "--quiet"], stderr=subprocess.PIPE, text=True)
    try:
        sel = selectors.DefaultSelector()
        sel.register(proc.stderr, selectors.EVENT_READ)
        assert sel.select(timeout=60), "kg serve did not start"
        line = proc.stderr.readline()
        assert line.startswith("kg: serving"), line
        url = line.split(" at ")[1].split()[0]
        status, _, body = http(url + "?" + urllib.parse.urlencode({"query": COUNT}),
                               headers={"Accept": "text/csv"})
        assert status == 200 and int(body.split()[1]) > 5000
    finally:
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(30)
    assert rc == 0 and proc.stderr.read() == ""
    assert (store / "CURRENT").is_file()  # a persistent store stays for the next run
    r = subprocess.run([sys.executable, "-m", "kg.cli", "serve", "--graph", str(bundled_build), "--port", "0",
                        "--store", str(bundled_build)], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ))
    assert r.returncode == 1 and "[E011]" in r.stderr and r.stderr.count("\n") == 1


def test_twenty_clients_are_answered_while_a_runaway_query_runs(endpoint, triples):
    statuses, results, errors = [], [], []

    def runaway():
        statuses.append(http(endpoint.url, form(query=CARTESIAN),
                             {"Content-Type": "application/x-www-form-urlencoded"})[0])

    def client():
        try:
            results.append(count(endpoint))
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    slow = threading.Thread(target=runaway)
    slow.start()
    time.sleep(0.2)  # the runaway holds a worker now
    threads = [threading.Thread(target=client) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    slow.join(60)
    assert not errors and results == [triples] * 20
    assert statuses == [503]


def test_a_worker_killed_from_two_threads_closes_its_pipe_once(bundled_build):
    """A timed-out query replaces its worker while the server closes: both kill it, and the
    pipe must be closed once (a second close of the descriptor raised EBADF in CI)."""
    srv = Running(bundled_build, workers=1)
    try:
        pool = srv.server.pool
        (w,) = list(pool._all)
        errors = []
        handle = w.conn.fileno()  # widen the window between "is it open?" and the close itself
        w.conn._close = lambda: (time.sleep(0.2), os.close(handle))[1]

        def kill():
            try:
                w.kill()
            except Exception as exc:  # noqa: BLE001 - any failure of a second close
                errors.append(exc)

        threads = [threading.Thread(target=kill) for _ in range(3)] + [threading.Thread(target=pool.close)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [] and not w.proc.is_alive() and w.conn.closed
    finally:
        srv.stop()

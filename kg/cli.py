"""``kg`` command line: a thin shell over :mod:`kg.pipeline`, :mod:`kg.query`,
:mod:`kg.rdf.validate`, :mod:`kg.serve` and :mod:`kg.eval`.

Only this module prints. Every user error is one line on stderr and exit status 1;
nothing else ever shows a traceback (set ``KG_DEBUG=1`` to see one).
"""
from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import click

from kg.errors import KGError

_EPILOG_BUILD = """\b
Examples:
  kg build                          # the bundled ICML 2025 corpus -> exports/
  kg build papers.jsonl refs.bib --out out/
  kg build corpus_dir/ --format turtle --format html
"""


def _warn(message: str) -> None:
    click.echo(f"kg: warning: {message}", err=True)


def _progress(label: str):
    """A progress bar on stderr for interactive runs; silent when stderr is not a terminal."""
    def wrap(items):
        if not sys.stderr.isatty():
            yield from items
            return
        with click.progressbar(items, label=label, file=sys.stderr, show_pos=True) as bar:
            yield from bar
    return wrap


def _guard(f):
    @functools.wraps(f)
    def run(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except KGError as exc:
            click.echo(f"kg: error: {exc}", err=True)
            sys.exit(1)
        except (KeyboardInterrupt, BrokenPipeError):
            sys.exit(130)
        except click.exceptions.Exit:
            raise
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            if os.environ.get("KG_DEBUG"):
                raise
            click.echo(f"kg: internal error: {type(exc).__name__}: {exc} (set KG_DEBUG=1 for details)", err=True)
            sys.exit(2)
    return run


class _Jobs(click.ParamType):
    """``--jobs``: a whole number from 1 to 256, or ``auto``."""

    name = "N|auto"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        if str(value).strip().lower() == "auto":
            from kg.engines import auto_jobs

            return auto_jobs()
        try:
            n = int(value)
        except ValueError:
            self.fail(f"{value!r} is neither a whole number nor 'auto'", param, ctx)
        if not 1 <= n <= 256:
            self.fail(f"{n} is not in the range 1 to 256", param, ctx)
        return n


def _engine_options(f):
    """--jobs, --engine, --address and --cache/--no-cache, shared by build and extract."""
    f = click.option("--no-cache", is_flag=True, help="Extract every paper again, ignoring the cache.")(f)
    f = click.option("--cache", "cache_dir", type=click.Path(path_type=Path), default=None,
                     help="Extraction cache directory [default: $KG_CACHE_DIR or ~/.cache/kg].")(f)
    f = click.option("--address", default=None, help="Dask scheduler address (with --engine dask); "
                     "default: a local cluster of --jobs workers.")(f)
    f = click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                     help="Where extraction runs.")(f)
    f = click.option("--jobs", "-j", type=_Jobs(), default="auto", show_default=True,
                     help="Worker processes for extraction: a number, or auto (the CPUs kg may use, "
                     "at most 8; one process when the input fits in one chunk of 256 papers).")(f)
    return f


def _engine_kwargs(jobs, engine, address, cache_dir, no_cache) -> dict:
    from kg.pipeline import default_cache_dir

    cache = None if no_cache else (cache_dir or default_cache_dir())
    return {"jobs": jobs, "engine": engine, "address": address, "cache": cache}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def main() -> None:
    """kg: turn ML paper abstracts into a typed, linked knowledge graph.

    \b
    Examples:
      kg build                       # bundled corpus -> exports/
      kg extract papers.jsonl --out extractions.jsonl
      kg query 'SELECT ?p WHERE { ?p kg:buildsOn ?a }' --graph exports/
      kg query papers_building_on_ppo          # a shipped query
      kg validate exports/                     # SHACL shapes
      kg serve --graph exports/                # SPARQL endpoint on 127.0.0.1:8000
      kg eval gold.jsonl exports/extractions.jsonl --errors
    """
    import gc

    from kg.gctune import THRESHOLDS

    gc.set_threshold(*THRESHOLDS)  # the CLI process builds millions of acyclic records: see kg.gctune


@main.command(epilog=_EPILOG_BUILD)
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", "out_dir", default="exports", show_default=True, type=click.Path(path_type=Path),
              help="Directory for every export.")
@click.option("--format", "formats", multiple=True, help="Only these exports (repeatable); default all.")
@click.option("--min-confidence", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Drop extracted items whose calibrated confidence is lower.")
@_engine_options
@_guard
def build(inputs, out_dir, formats, min_confidence, jobs, engine, address, cache_dir, no_cache):
    """Extract, link and export a knowledge graph from INPUTS (files or directories:
    .txt, .jsonl, .json, .csv, .bib). With no INPUTS, the bundled ICML 2025 corpus."""
    from kg.pipeline import build as run

    result = run(inputs, out_dir, formats=formats or None, min_confidence=min_confidence, on_warning=_warn,
                 **_engine_kwargs(jobs, engine, address, cache_dir, no_cache),
                 progress=_progress("extracting"))
    g = result.graph
    click.echo(f"kg: {len(result.extractions)} papers, {len(result.concepts)} concepts, "
               f"{g.number_of_nodes()} nodes, {g.number_of_edges()} edges -> {out_dir}/", err=True)


@main.command()
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", "out", required=True, type=click.Path(path_type=Path),
              help="Output JSONL file ('-' for standard output).")
@click.option("--min-confidence", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Drop extracted items whose calibrated confidence is lower.")
@_engine_options
@_guard
def extract(inputs, out, min_confidence, jobs, engine, address, cache_dir, no_cache):
    """Extract per-paper concepts and claims from INPUTS into one JSONL file
    (the shape of the evaluation guide). With no INPUTS, the bundled corpus.

    \b
    Example:
      kg extract ../shared/eval/dev.input.jsonl --out pred.jsonl
    """
    from kg.extract.serialize import write_extractions
    from kg.pipeline import extract as run
    from kg.pipeline import load_papers, write_extraction_file

    result = run(load_papers(inputs, _warn), min_confidence=min_confidence, progress=_progress("extracting"),
                 **_engine_kwargs(jobs, engine, address, cache_dir, no_cache))
    if str(out) == "-":
        write_extractions(result.extractions, sys.stdout)
    else:
        write_extraction_file(result, out)
        click.echo(f"kg: {len(result.extractions)} papers -> {out}", err=True)


@main.command()
@click.argument("sparql")
@click.option("--graph", "graph_dir", default="exports", show_default=True, type=click.Path(path_type=Path),
              help="A build directory (holding graph.nt or graph.ttl).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--store", "store", default=None, type=click.Path(path_type=Path),
              help="Persistent Oxigraph store directory: created if missing, (re)loaded from --graph only "
                   "when empty or when graph.nt changed since it was loaded. Default: an in-memory store.")
@_guard
def query(sparql, graph_dir, fmt, store):
    """Run a SPARQL query over a built graph: query text, a .rq file, or the name of a
    shipped query (kg/data/queries/, e.g. papers_building_on_ppo).

    \b
    Example:
      kg query 'SELECT ?paper WHERE { ?paper kg:buildsOn ?a . ?a skos:prefLabel "PPO" }'
      kg query most_used_benchmarks --format json
      kg query my_query.rq --store .kg-store      # reuse a persistent store
    """
    from kg.query import run_query

    click.echo(run_query(sparql, graph_dir, fmt, store=store), nl=False)


@main.command()
@click.argument("graph_dir", default="exports", required=False, type=click.Path(path_type=Path))
@click.option("--shapes", default=None, type=click.Path(path_type=Path),
              help="SHACL shapes file. Default: the bundled schemas/shapes.ttl.")
@_guard
def validate(graph_dir, shapes):
    """Check a build (GRAPH_DIR/graph.ttl, else graph.nt; default exports/) against the
    SHACL shapes. Prints one line per violation (focus node, path, message) and exits
    with status 1 when there is any.

    \b
    Example:
      kg validate exports/
    """
    from kg.rdf.validate import validate as run

    report = run(graph_dir, shapes)
    for line in report.lines():
        click.echo(line)
    report.check()
    click.echo(f"{report.source} conforms to {report.shapes} ({report.triples} triples)")


@main.command()
@click.option("--graph", "graph_dir", default="exports", show_default=True, type=click.Path(path_type=Path),
              help="A build directory (graph.nt or graph.ttl; graph.html is served at /).")
@click.option("--store", default=None, type=click.Path(path_type=Path),
              help="Persistent store directory, loaded from --graph when empty or stale. Default: a temporary one.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port (0: any free port).")
@click.option("--timeout", default=30.0, show_default=True, type=float, help="Seconds a query may run.")
@click.option("--max-rows", default=10_000, show_default=True, type=int, help="Result cap (rows or triples).")
@click.option("--max-request", default=100_000, show_default=True, type=int, help="Largest request, bytes.")
@click.option("--workers", default=2, show_default=True, type=int, help="Queries run at the same time.")
@click.option("--allow-service", is_flag=True, help="Allow SERVICE (federated queries to other endpoints).")
@click.option("--cors", default=None, metavar="ORIGIN", help="Send Access-Control-Allow-Origin: ORIGIN.")
@click.option("--quiet", is_flag=True, help="Do not log requests.")
@_guard
def serve(graph_dir, store, host, port, timeout, max_rows, max_request, workers, allow_service, cors, quiet):
    """Serve a build read-only: a SPARQL 1.1 Protocol endpoint at /sparql and the
    explorer page at /. Ctrl-C stops it.

    \b
    Example:
      kg serve --graph exports/ --port 8000
      curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT * WHERE { ?s ?p ?o } LIMIT 5' \\
           http://127.0.0.1:8000/sparql
    """
    from kg.serve import serve as run

    if host not in ("127.0.0.1", "localhost", "::1"):
        _warn(f"binding {host}: the endpoint is reachable from other machines")

    def ready(srv):
        click.echo(f"kg: serving {srv.triples} triples at {srv.url}/sparql (explorer: {srv.url}/); "
                   "Ctrl-C to stop", err=True)

    run(graph_dir, store=store, host=host, port=port, timeout=timeout, max_rows=max_rows,
        max_request=max_request, workers=workers, allow_service=allow_service, cors=cors,
        log=None if quiet else (lambda line: click.echo(f"kg: {line}", err=True)), ready=ready)


@main.command(name="eval")
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--errors", is_flag=True, help="Also list per-paper false positives and negatives.")
@_guard
def eval_(gold, pred, as_json, errors):
    """Score PRED extractions against GOLD annotations (precision/recall/F1 per type,
    claims, role and value accuracy, cross-paper linking).

    \b
    Example:
      kg eval ../shared/eval/dev.jsonl pred.jsonl --errors
    """
    import json

    from kg.eval import format_errors, format_report, load_records, score

    s = score(load_records(gold), load_records(pred))
    if as_json:
        click.echo(json.dumps(s.to_dict(), indent=2))
    else:
        click.echo(format_report(s))
    if errors:
        click.echo(format_errors(s))


if __name__ == "__main__":
    main()

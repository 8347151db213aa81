"""``kg`` command line: a thin shell over :mod:`kg.pipeline`, :mod:`kg.query` and :mod:`kg.eval`.

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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def main() -> None:
    """kg: turn ML paper abstracts into a typed, linked knowledge graph.

    \b
    Examples:
      kg build                       # bundled corpus -> exports/
      kg extract papers.jsonl --out extractions.jsonl
      kg query 'SELECT ?p WHERE { ?p kg:buildsOn ?a }' --graph exports/
      kg eval gold.jsonl exports/extractions.jsonl --errors
    """


@main.command(epilog=_EPILOG_BUILD)
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", "out_dir", default="exports", show_default=True, type=click.Path(path_type=Path),
              help="Directory for every export.")
@click.option("--format", "formats", multiple=True, help="Only these exports (repeatable); default all.")
@click.option("--min-confidence", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Drop extracted items whose calibrated confidence is lower.")
@_guard
def build(inputs, out_dir, formats, min_confidence):
    """Extract, link and export a knowledge graph from INPUTS (files or directories:
    .txt, .jsonl, .json, .csv, .bib). With no INPUTS, the bundled ICML 2025 corpus."""
    from kg.pipeline import build as run

    result = run(inputs, out_dir, formats=formats or None, min_confidence=min_confidence, on_warning=_warn,
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
@_guard
def extract(inputs, out, min_confidence):
    """Extract per-paper concepts and claims from INPUTS into one JSONL file
    (the shape of the evaluation guide). With no INPUTS, the bundled corpus.

    \b
    Example:
      kg extract ../shared/eval/dev.input.jsonl --out pred.jsonl
    """
    from kg.extract.serialize import write_extractions
    from kg.pipeline import extract as run
    from kg.pipeline import load_papers, write_extraction_file

    result = run(load_papers(inputs, _warn), min_confidence=min_confidence, progress=_progress("extracting"))
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
@_guard
def query(sparql, graph_dir, fmt):
    """Run a SPARQL query (text, or a .rq file) over a built graph.

    \b
    Example:
      kg query 'SELECT ?paper WHERE { ?paper kg:buildsOn ?a . ?a skos:prefLabel "PPO" }'
      kg query queries/most_used_benchmarks.rq --format json
    """
    from kg.query import run_query

    click.echo(run_query(sparql, graph_dir, fmt), nl=False)


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
